/**
 * /admin/fees?tab=record (issue 19, office): money received at the counter or in the bank. Find the student
 * by Student ID or name, see each of their instalments and where it stands, choose one, and record cash, a
 * cheque, a DD, a bank transfer or a UPI transfer: the amount in rupees (what is still due unless changed),
 * the reference (not for cash), the day it was paid and a note. The answer names the new receipt, with the
 * link that prints it.
 */
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import * as v from "valibot";
import { useLocation, useSearch } from "wouter";
import { programmeInstalmentName } from "../../../shared/fee-terms.ts";
import { feeDesk } from "../../../shared/i18n/feeDesk.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { needsReference, PAYMENT_MODES, REFERENCE_MAX, recordPaymentForm, studentSearchQuery } from "../../../shared/schemas/fee-desk.ts";
import { paiseToRupeesText, rupeesToPaise } from "../../../shared/schemas/programmes.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkInput, fieldIds, useFormState, useTextField } from "../../lib/form.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useAddressWithQuery } from "../../lib/use-list-params.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { FormFailure, ListLoadError, NoticeInView } from "../../ui/load-error.tsx";
import { actionsColumn, StackedCell, type TableColumn } from "../../ui/table.tsx";
import { deskStudent } from "./desk-address.ts";
import { ledgerColumns, PrintReceiptLink, StudentLedger, useModeName } from "./desk-parts.tsx";
import { RupeesInput } from "./fee-fields.tsx";
import { InstalmentStatus } from "./plans-parts.tsx";

type Ledger = RouterOutputs["feeDesk"]["instalments"];
type Instalment = Ledger["instalments"][number];
type Found = RouterOutputs["feeDesk"]["students"]["students"][number];
type Recorded = RouterOutputs["feeDesk"]["record"];

export function RecordTab() {
  const t = useT(feeDesk);
  useT(fees);
  // The student chosen is in the address (`student`), so the receipt's "Back to the desk" and a reload come
  // back to them (walk 22b: the receipt led to the receipts list, and the student had to be found again), and
  // the browser's Back to the student before (walk 27b: it left the fees area).
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const studentId = deskStudent(search);
  const setStudentId = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id === null) next.delete("student");
    else next.set("student", String(id));
    navigate(address(next.toString()));
  };
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  // The form that had focus is gone once a payment is recorded: focus goes to the answer and its receipt link (QA2 3).
  const recordedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (recorded) recordedRef.current?.focus();
  }, [recorded]);
  // Closing the answer removes what had focus: it goes on to the student's instalments (their heading).
  const dismiss = () => {
    const tab = recordedRef.current?.parentElement;
    setRecorded(null);
    tab?.querySelector<HTMLElement>(".ui-card__title[tabindex='-1']")?.focus();
  };

  return (
    <div className="stack fee-record">
      <p className="text-muted fee-desk__lead">{t("record.lead")}</p>
      {recorded ? (
        <div ref={recordedRef} tabIndex={-1} className="fee-record__answer">
          <Alert tone="success" title={t("recorded.title")} onDismiss={dismiss}>
            <p>{recorded.message}</p>
            <PrintReceiptLink
              id={recorded.receipt.id}
              label={t("print", { number: recorded.receipt.number })}
              deskStudent={studentId ?? undefined}
            />
          </Alert>
        </div>
      ) : null}
      {studentId === null ? (
        <StudentFinder onChoose={(id) => setStudentId(id)} />
      ) : (
        <StudentInstalments
          userId={studentId}
          onChangeStudent={() => {
            setStudentId(null);
            setRecorded(null);
          }}
          onRecorded={setRecorded}
        />
      )}
    </div>
  );
}

/** Finds a student by ID or name; an exact ID or a single match is chosen at once (the desk's and the concessions' tab). */
export function StudentFinder({
  onChoose,
  id = "fee-find-student",
  title,
}: {
  onChoose: (userId: number) => void;
  id?: string;
  /** the card's heading (default "Find the student") */
  title?: string;
}) {
  const t = useT(feeDesk);
  const text = useTextField();
  const [search, setSearch] = useState("");
  const query = trpc.feeDesk.students.useQuery({ search, limit: 8 }, { enabled: search !== "" });
  const found = query.data?.students;

  useEffect(() => {
    if (!found || search === "") return;
    const exact = found.find((s) => s.studentId?.toUpperCase() === search.toUpperCase());
    const only = found.length === 1 ? found[0] : undefined;
    const chosen = exact ?? only;
    if (chosen) onChoose(chosen.id);
  }, [found, search, onChoose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule (blank, or longer than a search may be), said beside the box before anything is sent.
    const checked = v.safeParse(studentSearchQuery.entries.search, text.value);
    if (!checked.success) {
      text.setError(checked.issues[0].message);
      document.getElementById(id)?.focus();
      return;
    }
    const next = checked.output;
    text.setError(null);
    if (next === search) void query.refetch();
    else setSearch(next);
  };

  return (
    <Card title={title ?? t("find.title")}>
      <form className="fee-find cluster cluster--top" role="search" aria-label={title ?? t("find.title")} onSubmit={submit} noValidate>
        <TextInput
          id={id}
          label={t("find.label")}
          hint={t("find.hint")}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          {...text.bind}
        />
        <Button type="submit" loading={query.isFetching}>
          {query.isFetching ? t("find.busy") : t("find.button")}
        </Button>
      </form>
      <div aria-live="polite">
        {query.isError ? <ListLoadError message={t("failed.load")} query={query} /> : null}
        {found && found.length === 0 ? <p className="fee-find__none">{t("find.none")}</p> : null}
        {found && found.length > 1 ? (
          <FoundStudents students={found} total={query.data!.pagination.totalItems} onChoose={onChoose} />
        ) : null}
      </div>
    </Card>
  );
}

function FoundStudents({ students, total, onChoose }: { students: readonly Found[]; total: number; onChoose: (id: number) => void }) {
  const t = useT(feeDesk);
  return (
    <div className="stack stack--sm">
      <p className="text-sm text-muted">
        {t("find.found", { count: total })}
        {total > students.length ? ` ${t("find.more", { shown: students.length })}` : ""}
      </p>
      <ul className="fee-find__list list-plain">
        {students.map((s) => (
          <li key={s.id} className="fee-find__item cluster cluster--between">
            <StackedCell strong main={s.name}>
              <span className="text-sm text-muted">
                {[s.studentId, s.programme].filter(Boolean).join(" · ")}
                {s.active ? "" : ` · ${t("find.inactive")}`}
              </span>
            </StackedCell>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onChoose(s.id)}
              aria-label={t("find.chooseOf", { name: s.name, id: s.studentId ?? "" })}
            >
              {t("find.choose")}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The chosen student, their instalments, and the form for the instalment chosen. */
function StudentInstalments({
  userId,
  onChangeStudent,
  onRecorded,
}: {
  userId: number;
  onChangeStudent: () => void;
  onRecorded: (answer: Recorded) => void;
}) {
  const t = useT(feeDesk);
  const query = trpc.feeDesk.instalments.useQuery({ userId });
  const [chosen, setChosen] = useState<number | null>(null);
  // Cancel closes the form that had focus: it goes back to that instalment's button.
  const cancelled = useRef<number | null>(null);
  useEffect(() => {
    if (chosen !== null || cancelled.current === null) return;
    document.getElementById(`fee-choose-${cancelled.current}`)?.focus();
    cancelled.current = null;
  }, [chosen]);
  const ledger = query.data;
  const instalment = ledger?.instalments.find((i) => i.id === chosen) ?? null;

  const columns: TableColumn<Instalment>[] = [
    ...ledgerColumns(t, (i) => [
      i.concession > 0 && t("concession", { amount: formatMoney(i.concession) }),
      i.lateFee > 0 && t("lateFee", { amount: formatMoney(i.lateFee) }),
    ]),
    {
      key: "status",
      header: t("col.status"),
      render: (i) => (
        <span className="ops-cell-stack">
          <InstalmentStatus status={i.status} />
          {i.pending > 0 ? <span className="text-sm text-muted">{t("pendingAmount", { amount: formatMoney(i.pending) })}</span> : null}
        </span>
      ),
    },
    actionsColumn((i) =>
      i.outstanding === 0 ? null : leftBesideWaiting(i) <= 0 ? (
        <span className="text-sm text-muted">{t("waitingFirst")}</span>
      ) : i.id === chosen ? (
        <Badge tone="info">{t("chosen")}</Badge>
      ) : (
        <Button
          id={`fee-choose-${i.id}`}
          size="sm"
          variant="secondary"
          onClick={() => setChosen(i.id)}
          aria-label={t("chooseOf", { name: programmeInstalmentName(i) })}
        >
          {t("choose")}
        </Button>
      ),
    ),
  ];

  return (
    <>
      <StudentLedger
        query={query}
        columns={columns}
        tableClassName="ops-table fee-desk-table"
        words={{
          title: (name) => t("ledger.title", { name }),
          caption: (name) => t("ledger.caption", { name }),
          loading: t("ledger.loading"),
          change: t("ledger.change"),
          inactive: t("find.inactive"),
          noneTitle: t("ledger.none.title"),
          noneText: t("ledger.none.text"),
          failed: t("failed.load"),
        }}
        onChangeStudent={onChangeStudent}
      />
      {instalment && leftBesideWaiting(instalment) <= 0 ? (
        // Read again after a colleague's payment (a 409): nothing to record here any more (walk 12b).
        <NoticeInView>
          <Alert tone="info" onDismiss={() => setChosen(null)}>
            {t("form.nothingLeft", { name: programmeInstalmentName(instalment) })}
          </Alert>
        </NoticeInView>
      ) : instalment && ledger ? (
        <PaymentForm
          key={instalment.id}
          instalment={instalment}
          today={ledger.today}
          onCancel={() => {
            cancelled.current = instalment.id;
            setChosen(null);
          }}
          onRecorded={(answer) => {
            setChosen(null);
            onRecorded(answer);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * What the office may record on an instalment now: what is due, less a UPI transfer the student reported that
 * waits for the office (the server's rule, payments.service: assertBesideWaiting).
 */
const leftBesideWaiting = (i: Instalment) => i.outstanding - i.pending;

/** The amount field's refusal above what may be recorded: the server's words. */
function amountAboveMessage(i: Instalment) {
  return i.pending > 0
    ? fees.t("rule.amountAboveWaiting", { waiting: formatMoney(i.pending), due: formatMoney(leftBesideWaiting(i)) })
    : fees.t("rule.amountAbove", { due: formatMoney(i.outstanding) });
}

const FIELDS = ["amount", "mode", "reference", "paidOn", "note"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const IDS = fieldIds("fee-record", FIELDS);
const toInput = (instalmentId: number, v: Values) => ({ instalmentId, ...v });

/** The form for one instalment: checked with the shared schema, plus what only the screen knows (today, what is due). */
function PaymentForm({
  instalment,
  today,
  onCancel,
  onRecorded,
}: {
  instalment: Instalment;
  today: string;
  onCancel: () => void;
  onRecorded: (answer: Recorded) => void;
}) {
  const t = useT(feeDesk);
  const modeName = useModeName();
  const utils = trpc.useUtils();
  const record = trpc.feeDesk.record.useMutation();
  const rules = useMemo(
    () => ({
      validate: (v: Values) => {
        const checked = checkInput(recordPaymentForm, toInput(instalment.id, v), { fields: FIELDS });
        const messages = checked.ok ? {} : { ...checked.messages };
        const paise = rupeesToPaise(v.amount);
        if (!messages.amount && typeof paise === "number" && paise > leftBesideWaiting(instalment))
          messages.amount = amountAboveMessage(instalment);
        if (!messages.paidOn && v.paidOn > today) messages.paidOn = fees.t("rule.paidOn");
        return messages;
      },
      immediate: new Set<Field>(["mode", "paidOn"]),
      ids: IDS,
      warnOnLeave: true,
    }),
    [instalment, today],
  );
  const form = useFormState<Values>(
    () => ({ amount: paiseToRupeesText(leftBesideWaiting(instalment)), mode: "cash", reference: "", paidOn: today, note: "" }),
    rules,
  );
  const { values, field } = form;
  // The Choose button that had focus became a badge: the amount is the next thing to type (QA2 3). Selected, so
  // the amount received typed there replaces what is due instead of adding to its digits (walk 22b: "90005000").
  useEffect(() => {
    const amount = document.getElementById(IDS.amount) as HTMLInputElement | null;
    amount?.focus();
    amount?.select();
  }, []);

  const submit = form.handleSubmit(
    async () => {
      const answer = await record.mutateAsync(toInput(instalment.id, values)).catch((err: unknown) => {
        // Refused because of what a colleague did meanwhile (paid, recorded): the figures beside the message are
        // read again, so they do not say the opposite of it (twelfth walk).
        if (normaliseError(err).status === 409) void utils.feeDesk.invalidate();
        throw err;
      });
      void utils.feeDesk.invalidate();
      onRecorded(answer);
    },
    { busy: record.isPending, failed: (err) => failureMessage(err, t("failed.save")), mapping: { fields: FIELDS } },
  );
  const mode = PAYMENT_MODES.find((m) => m === values.mode);
  const referenceHint = mode ? t(`referenceHint.${mode}`) : undefined;

  return (
    <Card title={t("form.title", { name: programmeInstalmentName(instalment) })}>
      <form className="stack" onSubmit={submit} noValidate aria-describedby="fee-record-due">
        <p id="fee-record-due" className="text-muted">
          {t("form.due", { due: formatMoney(instalment.outstanding) })}
        </p>
        {instalment.pending > 0 ? (
          <Alert tone="warning">
            {t("form.pendingWarning", { amount: formatMoney(instalment.pending), left: formatMoney(leftBesideWaiting(instalment)) })}
          </Alert>
        ) : null}
        <FormFailure message={form.failure} />
        <div className="ops-form-grid">
          <RupeesInput {...field("amount")} label={t("form.amount")} required hint={t("form.amountHint")} />
          <Select
            {...field("mode")}
            label={t("form.mode")}
            required
            options={PAYMENT_MODES.map((m) => ({ value: m, label: modeName(m) }))}
          />
          <TextInput
            {...field("reference")}
            label={t("form.reference")}
            required={needsReference(values.mode)}
            maxLength={REFERENCE_MAX}
            autoComplete="off"
            spellCheck={false}
            hint={referenceHint}
          />
          <TextInput {...field("paidOn")} type="date" label={t("form.paidOn")} required max={today} />
        </div>
        <TextArea {...field("note")} label={t("form.note")} hint={t("form.noteHint")} rows={2} maxLength={500} />
        <FormActions busy={record.isPending} submitLabel={t("form.submit")} busyLabel={t("form.busy")}>
          <Button variant="secondary" onClick={onCancel} disabled={record.isPending}>
            {t("form.cancel")}
          </Button>
        </FormActions>
      </form>
    </Card>
  );
}
