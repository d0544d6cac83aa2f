/** The admin area's reports: Analytics & Reports and the activity log. */
import en from "./en/reports.json";
import { namespace } from "./translate.ts";

export const reports = namespace("reports", en, {
  hi: () => import("./hi/office.ts").then((m) => ({ default: m.reports })),
  mr: () => import("./mr/office.ts").then((m) => ({ default: m.reports })),
});
