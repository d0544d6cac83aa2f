/** The admin page. */
import en from "./en/admin.json";
import { namespace } from "./translate.ts";

export const admin = namespace("admin", en, { hi: () => import("./hi/admin.json"), mr: () => import("./mr/admin.json") });
