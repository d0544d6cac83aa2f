/** /admin/fees — the fee desk's tabs: payments to confirm, recording a payment, receipts (issue 19). Being built. */
import type { FeeTab } from "./fees-admin-page.tsx";

export function DeskTabs({ tab }: { tab: FeeTab }) {
  return <p className="text-muted">{tab}</p>;
}
