/** /admin/fees — the fee plans' tabs: plans and raising fees, concessions, fee settings (issue 19). Being built. */
import type { FeeTab } from "./fees-admin-page.tsx";

export function PlansTabs({ tab }: { tab: FeeTab }) {
  return <p className="text-muted">{tab}</p>;
}
