/**
 * Pieces the fee desk's three tabs share (issue 19): a payment mode's name, the link
 * that prints a receipt, the dialog that asks for the reason of a rejection or a cancellation, and the chosen
 * student's instalments and their first columns (with the concessions tab).
 */
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { Link } from "wouter";
import { programmeInstalmentName } from "../../../shared/fee-terms.ts";
import { feeDesk } from "../../../shared/i18n/feeDesk.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { type DeskPaymentMode, REASON_MAX } from "../../../shared/schemas/fee-desk.ts";
import { useTextField } from "../../lib/form.ts";
import { formatDate } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { TextArea } from "../../ui/field.tsx";
import { CardTable } from "../../ui/list-page.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { CreditCardIcon } from "../../ui/more-icons.tsx";
import { StackedCell, type TableColumn } from "../../ui/table.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { StudentCell } from "./fee-words.tsx";

type Ledger = RouterOutputs["feeDesk"]["instalments"];
type LedgerInstalment = Ledger["instalments"][number];

/** "Cash", "UPI", "Bank transfer"… (the fees catalogue's words, which the receipts use too) */
export function useModeName() {
  const t = useT(fees);
  return (mode: DeskPaymentMode) => t(`mode.${mode}`);
}

/**
 * The receipt's printable page, /admin/fees/receipts/<id> (inside the fees page's nested routes). `label` is
 * what shows; `name` the link's full name for screen readers when the label is short ("Print"); from the desk,
 * `deskStudent` is the student it was recording for, whom the receipt's back link returns to.
 */
export function PrintReceiptLink({
  id,
  label,
  name,
  button = false,
  deskStudent,
}: {
  id: number;
  label: ReactNode;
  name?: string;
  button?: boolean;
  deskStudent?: number;
}) {
  const href = deskStudent === undefined ? `/receipts/${id}` : `/receipts/${id}?student=${deskStudent}`;
  return (
    <Link href={href} className={button ? buttonClass("secondary", "sm") : undefined} aria-label={name}>
      {label}
    </Link>
  );
}

/**
 * A change to one row that is asked for with a reason (cancelling a receipt, withdrawing a concession): the
 * row the ReasonDialog is open for, the server's refusal, and the call. Once done the dialog closes, the
 * answer is the toast and `onDone` runs (useConfirmed, with the reason passed to its confirm).
 */
export function useReasonAction<Row>({
  send,
  failedText,
  onDone,
  onRefused,
}: {
  /** the call, e.g. `(row, reason, done) => mutation.mutate({ id: row.id, reason }, done)` */
  send: (row: Row, reason: string, done: { onSuccess: (answer: { message: string }) => void; onError: (err: unknown) => void }) => void;
  /** the refusal's words when the server's are not for the office */
  failedText: string;
  /** after it is done, e.g. fetching the lists again */
  onDone: () => void;
  /** after a refusal, e.g. fetching the row again (it may have changed meanwhile) */
  onRefused: () => void;
}) {
  const action = useConfirmed<Row, [reason: string]>(
    (row, { done, failed }, reason) =>
      send(row, reason, {
        onSuccess: (answer) => done(answer.message),
        onError: (err) => {
          failed(err);
          onRefused();
        },
      }),
    { reload: onDone, failed: failedText },
  );
  return { row: action.row, open: action.ask, close: action.close, confirm: action.confirm, failure: action.error };
}

/**
 * Asks why (required, kept with the record) before a rejection or a cancellation; the server's refusal shows
 * inside and what was typed stays.
 */
export function ReasonDialog({
  id,
  title,
  children,
  hint,
  confirmLabel,
  busyLabel,
  busy,
  failure,
  requiredMessage,
  onConfirm,
  onClose,
}: {
  id: string;
  title: string;
  children: ReactNode;
  hint: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** the server's refusal (a sentence) */
  failure: string | null;
  requiredMessage: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const t = useT(feeDesk);
  const reason = useTextField();
  const fieldId = `${id}-reason`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason.value.trim()) {
      reason.setError(requiredMessage);
      document.getElementById(fieldId)?.focus();
      return;
    }
    onConfirm(reason.value.trim());
  };

  return (
    <FormDialog
      size="sm"
      title={title}
      onClose={onClose}
      formId={`${id}-form`}
      onSubmit={submit}
      busy={busy}
      cancelLabel={t("keep")}
      submitLabel={confirmLabel}
      busyLabel={busyLabel}
      submitVariant="danger"
      failure={failure}
      describedBy={`${id}-text`}
    >
      {/* What is refused or cancelled describes the dialog: the focus goes to Reason, past it (walk 30b). */}
      <div id={`${id}-text`} className="ops-confirm__text">
        {children}
      </div>
      <TextArea id={fieldId} label={t("reason")} required rows={3} maxLength={REASON_MAX} hint={hint} {...reason.bind} />
    </FormDialog>
  );
}

/**
 * An instalment in a table's cell: its name ("BCom · Semester 3 · Instalment 1") over its due day ("Due 5 Jan
 * 2026", the fees catalogue's words); `strong` where it heads a ledger's row.
 */
export function InstalmentCell({
  instalment,
  strong = false,
}: {
  instalment: Parameters<typeof programmeInstalmentName>[0] & { dueOn: string };
  strong?: boolean;
}) {
  const t = useT(fees);
  return (
    <StackedCell strong={strong} main={programmeInstalmentName(instalment)} notes={[t("dueOn", { date: formatDate(instalment.dueOn) })]} />
  );
}

/**
 * The columns both ledgers start with: the instalment and its due day, its total (with the tab's notes on
 * it below: what it includes or is after, a concession, a late fee; a false one is left out), what was paid
 * and what is still due. Each tab adds its own standing and action columns. The headers are the tab's
 * catalogue's col.instalment, col.total, col.paid and col.outstanding (a catalogue without one does not typecheck).
 */
export function ledgerColumns(
  t: (key: "col.instalment" | "col.total" | "col.paid" | "col.outstanding") => string,
  totalNotes: (i: LedgerInstalment) => readonly (string | false)[],
): TableColumn<LedgerInstalment>[] {
  return [
    { key: "instalment", header: t("col.instalment"), render: (i) => <InstalmentCell instalment={i} strong /> },
    {
      key: "total",
      header: t("col.total"),
      className: "ui-table__cell--numeric",
      render: (i) => <StackedCell mainClassName="tabular" main={formatMoney(i.total)} notes={totalNotes(i)} />,
    },
    {
      key: "paid",
      header: t("col.paid"),
      className: "ui-table__cell--numeric",
      render: (i) => <span className="tabular">{formatMoney(i.paid)}</span>,
    },
    {
      key: "outstanding",
      header: t("col.outstanding"),
      className: "ui-table__cell--numeric",
      render: (i) => <span className="ops-cell-strong tabular">{formatMoney(i.outstanding)}</span>,
    },
  ];
}

/**
 * The columns an office row about one student's instalment starts with (a transfer waiting, a concession):
 * the student, then the instalment; headed by the tab's catalogue's col.student and col.instalment.
 */
export function studentInstalmentColumns<
  R extends { student: ComponentProps<typeof StudentCell>["student"]; instalment: ComponentProps<typeof InstalmentCell>["instalment"] },
>(t: (key: "col.student" | "col.instalment") => string): TableColumn<R>[] {
  return [
    { key: "student", header: t("col.student"), render: (r) => <StudentCell student={r.student} /> },
    { key: "instalment", header: t("col.instalment"), render: (r) => <InstalmentCell instalment={r.instalment} /> },
  ];
}

/**
 * The chosen student (name, Student ID, programme; a way to choose another) above the table of their
 * instalments: the desk's record tab and the concessions tab, each with its own columns and words. If the
 * ledger could not load, that instead, with a retry.
 */
export function StudentLedger({
  query,
  columns,
  tableClassName,
  words,
  onChangeStudent,
}: {
  /** the student's instalments (feeDesk.instalments) */
  query: { data?: Ledger; isPending: boolean; isError: boolean; refetch: () => unknown };
  columns: TableColumn<LedgerInstalment>[];
  tableClassName: string;
  words: {
    title: (name: string) => string;
    /** the table's (hidden) caption */
    caption: (name: string) => string;
    loading: string;
    change: string;
    inactive: string;
    noneTitle: string;
    noneText: string;
    /** why there is nothing to show: the ledger could not load */
    failed: string;
  };
  onChangeStudent: () => void;
}) {
  const ledger = query.data;
  const student = ledger?.student;
  // The finder (or its Choose button) that had focus is gone: focus goes to the student's heading once they load (QA2 3).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const loaded = student !== undefined;
  useEffect(() => {
    if (loaded) titleRef.current?.focus();
  }, [loaded]);
  if (query.isError && !ledger) return <ListLoadError message={words.failed} query={query} />;
  return (
    <>
      <Card
        titleRef={titleRef}
        title={student ? words.title(student.name) : words.loading}
        actions={
          <Button size="sm" variant="secondary" onClick={onChangeStudent}>
            {words.change}
          </Button>
        }
      >
        {student ? (
          <p className="text-muted">
            {[student.studentId, student.programme].filter(Boolean).join(" · ")}
            {student.active ? "" : ` · ${words.inactive}`}
          </p>
        ) : null}
      </Card>
      <CardTable
        caption={student ? words.caption(student.name) : words.loading}
        className={tableClassName}
        columns={columns}
        rows={ledger?.instalments ?? []}
        loading={query.isPending}
        skeletonRows={3}
        empty={<EmptyState icon={<CreditCardIcon size={28} />} title={words.noneTitle} description={words.noneText} />}
      />
    </>
  );
}
