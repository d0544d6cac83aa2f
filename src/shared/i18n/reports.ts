/** The admin area's reports: Analytics & Reports, the activity log, and the shells of courses, exams and the library. */
import en from "./en/reports.json";
import { namespace } from "./translate.ts";

export const reports = namespace("reports", en, {
  hi: () => import("./hi/office.ts").then((m) => ({ default: m.reports })),
  mr: () => import("./mr/office.ts").then((m) => ({ default: m.reports })),
});
