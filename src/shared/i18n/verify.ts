/** The verify page. */
import en from "./en/verify.json";
import { namespace } from "./translate.ts";

export const verify = namespace("verify", en, { hi: () => import("./hi/verify.json"), mr: () => import("./mr/verify.json") });
