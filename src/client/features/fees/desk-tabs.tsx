/** /admin/fees — the fee desk's tabs: payments to confirm, recording a payment, receipts (issue 19; docs/fees/desk.md). */
import { ConfirmTab } from "./desk-confirm.tsx";
import { ReceiptsTab } from "./desk-receipts.tsx";
import { RecordTab } from "./desk-record.tsx";
import type { FeeTab } from "./fees-admin-page.tsx";

export function DeskTabs({ tab }: { tab: FeeTab }) {
  if (tab === "record") return <RecordTab />;
  if (tab === "receipts") return <ReceiptsTab />;
  return <ConfirmTab />;
}
