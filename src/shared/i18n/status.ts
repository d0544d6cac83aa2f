/** The status page. */
import en from "./en/status.json";
import { namespace } from "./translate.ts";

export const status = namespace("status", en, { hi: () => import("./hi/status.json"), mr: () => import("./mr/status.json") });
