/** /admin/fees — the fee reports' tabs: dues and reminders, collections (issue 19). Being built. */
import type { FeeTab } from "./fees-admin-page.tsx";

export function ReportsTabs({ tab }: { tab: FeeTab }) {
  return <p className="text-muted">{tab}</p>;
}
