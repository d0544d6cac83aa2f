/** The portal page. */
import en from "./en/portal.json";
import { namespace } from "./translate.ts";

export const portal = namespace("portal", en, { hi: () => import("./hi/portal.json"), mr: () => import("./mr/portal.json") });
