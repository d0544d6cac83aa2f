/** The office's fee reports (issue 19): collections by day, programme and mode with CSV, the dues list, reminders. */
import en from "./en/feeReports.json";
import { namespace } from "./translate.ts";

export const feeReports = namespace("feeReports", en, {
  hi: () => import("./hi/studies.ts").then((m) => ({ default: m.feeReports })),
  mr: () => import("./mr/studies.ts").then((m) => ({ default: m.feeReports })),
});
