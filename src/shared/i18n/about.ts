/** The about page. */
import en from "./en/about.json";
import { namespace } from "./translate.ts";

export const about = namespace("about", en, { hi: () => import("./hi/about.json"), mr: () => import("./mr/about.json") });
