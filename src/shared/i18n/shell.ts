/** The page shell's own words (index.html, put in the request's language by the server; never in the browser's bundle). */
import en from "./en/shell.json";
import { namespace } from "./translate.ts";

export const shell = namespace("shell", en, { hi: () => import("./hi/shell.json"), mr: () => import("./mr/shell.json") });
