/** The about page. */
import en from "./en/about.json";
import { namespace } from "./translate.ts";

export const about = namespace("about", en, {
  hi: () => import("./hi/site.ts").then((m) => ({ default: m.about })),
  mr: () => import("./mr/site.ts").then((m) => ({ default: m.about })),
});
