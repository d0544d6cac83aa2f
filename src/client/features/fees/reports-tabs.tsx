/** /admin/fees — the fee reports' tabs: dues and reminders, collections (issue 19; docs/fees/reports.md). */
import { CollectionsView } from "./collections-view.tsx";
import { DuesView } from "./dues-view.tsx";
import type { FeeTab } from "./fees-admin-page.tsx";

export function ReportsTabs({ tab }: { tab: FeeTab }) {
  return tab === "collections" ? <CollectionsView /> : <DuesView />;
}
