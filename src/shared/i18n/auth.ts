/** The auth page. */
import en from "./en/auth.json";
import { namespace } from "./translate.ts";

export const auth = namespace("auth", en, { hi: () => import("./hi/auth.json"), mr: () => import("./mr/auth.json") });
