/**
 * What the fee plans' tabs share (issue 19): a programme's fee, a status
 * badge, and the dialog open for one row.
 */
import { useState } from "react";
import { feePlans } from "../../../shared/i18n/feePlans.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { useSaved } from "../../ui/use-saved.ts";
import { STANDING_TONE } from "./fee-words.tsx";

type Period = "year" | "semester";

/** "₹18,000 for a year · 2 instalments", or "Fee on request". */
export function useFeeText() {
  const t = useT(feePlans);
  return (p: { feePaise: number | null; feePeriod: Period; instalments: number }) =>
    p.feePaise === null
      ? t("fee.onRequest")
      : `${t("fee", { amount: formatMoney(p.feePaise), period: t(`period.${p.feePeriod}`) })} · ${t("fee.instalments", { count: p.instalments })}`;
}

/** Paid / Part paid / Due / Overdue: an instalment's standing in the office's words (the desk's and the plans' tabs). */
export function InstalmentStatus({ status }: { status: keyof typeof STANDING_TONE }) {
  const t = useT(feePlans);
  return <Badge tone={STANDING_TONE[status]}>{t(`status.${status}`)}</Badge>;
}

/**
 * A dialog open for one row (a programme's plan, an instalment's concession): the row, open and close, and
 * `done(message)` — it closes and the server's answer is the toast (useSaved; the dialogs' own calls have
 * already marked what they changed to be fetched again).
 */
export function useRowDialog<Row>() {
  const [row, setRow] = useState<Row | null>(null);
  const close = () => setRow(null);
  return { row, open: setRow, close, done: useSaved(() => undefined)(close) };
}
