/** Where a loan stands (issue 18): "Due soon" within three days, "Overdue" after its day; nothing while it is on time. */
import { library } from "../../../shared/i18n/library.ts";
import type { LoanStanding } from "../../../shared/schemas/library.ts";
import { useT } from "../../lib/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";

export function StandingBadge({ standing }: { standing: LoanStanding }) {
  const t = useT(library);
  if (standing === "overdue") return <Badge tone="rejected">{t("standing.overdue")}</Badge>;
  if (standing === "dueSoon") return <Badge tone="pending">{t("standing.dueSoon")}</Badge>;
  return null;
}
