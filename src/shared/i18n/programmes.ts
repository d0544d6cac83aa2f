/** The programmes catalogue (issue 17): the public list and detail pages, the office's screen and the schema's messages. */
import en from "./en/programmes.json";
import { namespace } from "./translate.ts";

export const programmes = namespace("programmes", en, {
  hi: () => import("./hi/site.ts").then((m) => ({ default: m.programmes })),
  mr: () => import("./mr/site.ts").then((m) => ({ default: m.programmes })),
});
