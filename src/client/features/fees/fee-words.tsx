/** The fee screens' small shared pieces (issue 19): how a mode and a standing read (a term and an instalment: shared/fee-terms.ts). */
import type { ReactNode } from "react";
import { fees } from "../../../shared/i18n/fees.ts";
import { useT } from "../../lib/i18n.tsx";
import { Badge, type BadgeTone } from "../../ui/badge.tsx";
import { StackedCell } from "../../ui/table.tsx";

type Mode = "upi" | "cash" | "cheque" | "dd" | "bank";
type Standing = "paid" | "partial" | "due" | "overdue";

export const modeLabel = (mode: string) => fees.t(`mode.${mode as Mode}`);

/** The colour of an instalment's standing, for the student and in the office's tabs alike. */
export const STANDING_TONE: Record<Standing, BadgeTone> = { paid: "approved", partial: "info", due: "pending", overdue: "rejected" };

/** Paid, partly paid, due or overdue: the ledger's verdict, in colour and words. */
export function StandingBadge({ status }: { status: Standing }) {
  const t = useT(fees);
  return <Badge tone={STANDING_TONE[status]}>{t(`status.${status}`)}</Badge>;
}

/** The student an office fee row is about: the name in bold, the Student ID under it, then what else the row says of them. */
export function StudentCell({ student, children }: { student: { name: string; studentId: string | null }; children?: ReactNode }) {
  return (
    <StackedCell strong main={student.name} notes={[student.studentId]}>
      {children}
    </StackedCell>
  );
}

/**
 * A receipt number (RCP/2026-27/000001) that a narrow column breaks only after a slash, never at the year's
 * hyphen (walk 26: "RCP/2026-" over "27/000001" on a phone). The text copied stays the number; Chromium names it
 * "RCP/ 2026-27/ 000001" (a `<wbr>` counts as a space there), so a link around it is named with the number.
 */
export function ReceiptNumber({ number }: { number: string }) {
  const [series, year, serial] = number.split("/");
  if (serial === undefined) return number;
  return (
    <>
      {series}/<wbr />
      <span className="fees-receipt-year">{year}/</span>
      <wbr />
      {serial}
    </>
  );
}
