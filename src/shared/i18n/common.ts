/** The frame every screen shares: header, menus, footer, theme and language switches, loading and error screens. */
import en from "./en/common.json";
import { namespace } from "./translate.ts";

export const common = namespace("common", en, { hi: () => import("./hi/common.json"), mr: () => import("./mr/common.json") });
