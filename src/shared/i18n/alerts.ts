/** The admin area's notifications: the Notifications screen, its types, priorities and details. */
import en from "./en/alerts.json";
import { namespace } from "./translate.ts";

export const alerts = namespace("alerts", en, { hi: () => import("./hi/alerts.json"), mr: () => import("./mr/alerts.json") });
