/** Renewing a loan, asked first (the office's Loans list, the student's library page): the day it will be due. */
import { library } from "../../../shared/i18n/library.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import { LOAN_DAYS } from "../../../shared/schemas/library.ts";
import { formatDate } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { ConfirmDialog } from "../../ui/list-controls.tsx";
import type { useConfirmed } from "../../ui/use-confirmed.ts";

export function RenewDialog<T>({
  renewing,
  busy,
  today,
  title,
  text,
}: {
  renewing: Pick<ReturnType<typeof useConfirmed<T>>, "dialog" | "row">;
  busy: boolean;
  /** the institute's today, as the loans' answer gives it */
  today: string | undefined;
  title: string;
  /** the question's words for the loan, given the new due day (written) and the days it adds */
  text: (row: T, renewal: { due: string; days: number }) => string;
}) {
  const t = useT(library);
  return (
    <ConfirmDialog {...renewing.dialog} title={title} confirmLabel={t("renew")} busyLabel={t("renewing")} tone="primary" busy={busy}>
      {renewing.row && today
        ? text(renewing.row, { due: formatDate(addDays(today, LOAN_DAYS), { style: "long" }), days: LOAN_DAYS })
        : null}
    </ConfirmDialog>
  );
}
