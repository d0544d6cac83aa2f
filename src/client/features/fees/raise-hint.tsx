/**
 * Told after a student joins (an application approved, a student added by the office) when their term's fees were
 * raised before they joined, so nothing is charged to them yet: a line and the way to Fee plans, whose raise is
 * safe to repeat (stop 53; docs/fees/plans.md).
 */
import { Link } from "wouter";
import { portal } from "../../../shared/i18n/portal.ts";
import { type TermUnit, termName } from "../../../shared/terms.ts";
import { useT } from "../../lib/i18n.tsx";

export interface TermToRaise {
  programme: string;
  termUnit: TermUnit;
  term: number;
}

export function RaiseAgainHint({ fees }: { fees: TermToRaise | null | undefined }) {
  // In the portal catalogue, which every portal page has (not the fee plans' whole catalogue for two lines).
  const t = useT(portal);
  if (!fees) return null;
  return (
    <p>
      {t("fees.raisedBefore", { programme: fees.programme, term: termName(fees.termUnit, fees.term) })}{" "}
      <Link href={`~/admin/fees?tab=plans&search=${encodeURIComponent(fees.programme)}`}>{t("fees.raisedBefore.link")}</Link>
    </p>
  );
}
