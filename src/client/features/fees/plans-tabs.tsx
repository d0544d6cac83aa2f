/**
 * /admin/fees — the fee plans' tabs (issue 19; docs/fees/plans.md): each programme's plan and raising a term's
 * fees (?tab=plans), concessions and scholarships (?tab=concessions), and the fee settings (?tab=settings,
 * administrators only: staff see nothing of it, and the server refuses them too).
 */
import { feePlans } from "../../../shared/i18n/feePlans.ts";
import { useT } from "../../lib/i18n.tsx";
import type { FeeTab } from "./fees-admin-page.tsx";
import { ConcessionsTab } from "./plans-concessions.tsx";
import { PlansTab } from "./plans-plans.tsx";
import { FeeSettingsTab } from "./plans-settings.tsx";

export function PlansTabs({ tab }: { tab: FeeTab }) {
  // The catalogue in the reader's language before any of the three shows.
  useT(feePlans);
  if (tab === "plans") return <PlansTab />;
  if (tab === "concessions") return <ConcessionsTab />;
  if (tab === "settings") return <FeeSettingsTab />;
  return null;
}
