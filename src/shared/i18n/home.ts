/** The home page. */
import en from "./en/home.json";
import { namespace } from "./translate.ts";

export const home = namespace("home", en, { hi: () => import("./hi/home.json"), mr: () => import("./mr/home.json") });
