/**
 * /admin/fees?tab=concessions (issue 19, office): find a student (by Student ID or name), see where each of
 * their instalments stands, and give a concession or scholarship against one — an amount no more than what is
 * still to pay on it, with a required reason. Below, every concession given, the newest first, searched and
 * paged by the server, with who gave it and why; one given in error is withdrawn with its reason (it stays in
 * the list, marked withdrawn).
 */
import { useMemo, useState } from "react";
import { programmeInstalmentName } from "../../../shared/fee-terms.ts";
import { feePlans } from "../../../shared/i18n/feePlans.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { REASON_MAX } from "../../../shared/schemas/fee-desk.ts";
import { CONCESSION_FILTERS, CONCESSION_KINDS, type ConcessionFilter, concessionForm } from "../../../shared/schemas/fee-plans.ts";
import { rupeesToPaise } from "../../../shared/schemas/programmes.ts";
import { checkInput, fieldIds, useFormState } from "../../lib/form.ts";
import { formatDate } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { Select, TextArea } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { ListBody, ListExportButton, ListTable, listAnswer, listFilter, listWords } from "../../ui/list-page.tsx";
import { CreditCardIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, StackedCell, type TableColumn } from "../../ui/table.tsx";
import { ledgerColumns, ReasonDialog, StudentLedger, studentInstalmentColumns, useReasonAction } from "./desk-parts.tsx";
import { StudentFinder } from "./desk-record.tsx";
import { RupeesInput } from "./fee-fields.tsx";
import { InstalmentStatus, useRowDialog } from "./plans-parts.tsx";

type Instalment = RouterOutputs["feeDesk"]["instalments"]["instalments"][number];
type Concession = RouterOutputs["feePlans"]["concessions"]["concessions"][number];
const STATUS_FILTER = { key: "status", values: CONCESSION_FILTERS };

/**
 * The most a concession on this instalment may be: what is still to pay less a UPI transfer waiting for the
 * office, and no more than its own amount less earlier concessions (the server's rule, concessions.service).
 */
const concedable = (i: Pick<Instalment, "outstanding" | "amount" | "concession" | "pending">) =>
  Math.max(0, Math.min(i.outstanding - i.pending, i.amount - i.concession));

/** Why a concession may be no more than `max`: a waiting transfer (the server's words), else the rule itself. */
const aboveMessage = (i: Pick<Instalment, "pending">, max: number) =>
  i.pending > 0
    ? feePlans.t("rule.concessionAboveWaiting", { max: formatMoney(max), waiting: formatMoney(i.pending) })
    : feePlans.t("rule.concessionAbove", { max: formatMoney(max) });

export function ConcessionsTab() {
  const t = useT(feePlans);
  const [studentId, setStudentId] = useState<number | null>(null);
  return (
    <div className="stack fee-concessions">
      <p className="text-muted fee-plans__lead">{t("concessions.lead")}</p>
      {studentId === null ? (
        <StudentFinder id="fee-concession-find" title={t("find.title")} onChoose={setStudentId} />
      ) : (
        <StudentInstalments userId={studentId} onChangeStudent={() => setStudentId(null)} />
      )}
      <ConcessionsList />
    </div>
  );
}

/** The chosen student's instalments, each with a way to give a concession against it. */
function StudentInstalments({ userId, onChangeStudent }: { userId: number; onChangeStudent: () => void }) {
  const t = useT(feePlans);
  const query = trpc.feeDesk.instalments.useQuery({ userId });
  const giving = useRowDialog<Instalment>();

  const columns: TableColumn<Instalment>[] = [
    ...ledgerColumns(t, (i) => [
      i.concession > 0 &&
        t(i.reducedBy === "scholarship" ? "ledger.scholarship" : "ledger.concession", { amount: formatMoney(i.concession) }),
    ]),
    { key: "status", header: t("col.standing"), render: (i) => <InstalmentStatus status={i.status} /> },
    actionsColumn((i) =>
      concedable(i) > 0 ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => giving.open(i)}
          aria-label={t("ledger.giveOf", { instalment: programmeInstalmentName(i) })}
        >
          {t("ledger.give")}
        </Button>
      ) : null,
    ),
  ];

  const title = (name: string) => t("ledger.title", { name });
  return (
    <>
      <StudentLedger
        query={query}
        columns={columns}
        tableClassName="ops-table fee-plans-table"
        words={{
          title,
          caption: title,
          loading: t("ledger.loading"),
          change: t("ledger.change"),
          inactive: t("find.inactive"),
          noneTitle: t("ledger.none.title"),
          noneText: t("ledger.none.text"),
          failed: t("ledger.failed"),
        }}
        onChangeStudent={onChangeStudent}
      />
      {giving.row ? <GiveDialog key={giving.row.id} instalment={giving.row} onClose={giving.close} onGiven={giving.done} /> : null}
    </>
  );
}

const FIELDS = ["kind", "amount", "reason"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const IDS = fieldIds("fee-concession", FIELDS);

/** Kind, amount (at most what may be conceded) and the reason, checked with the shared schema. */
function GiveDialog({ instalment, onClose, onGiven }: { instalment: Instalment; onClose: () => void; onGiven: (message: string) => void }) {
  const t = useT(feePlans);
  useT(fees);
  const utils = trpc.useUtils();
  const give = trpc.feePlans.giveConcession.useMutation();
  const max = concedable(instalment);
  const rules = useMemo(
    () => ({
      validate: (v: Values) => {
        const checked = checkInput(concessionForm, { instalmentId: instalment.id, ...v }, { fields: FIELDS });
        const messages = checked.ok ? {} : { ...checked.messages };
        const paise = rupeesToPaise(v.amount);
        if (!messages.amount && typeof paise === "number" && paise > max) messages.amount = aboveMessage(instalment, max);
        return messages;
      },
      // In a dialog a message appearing as the amount is left would move the footer's button from under the pointer.
      showOn: "submit" as const,
      ids: IDS,
    }),
    [instalment, max],
  );
  const form = useFormState<Values>({ kind: "concession", amount: "", reason: "" }, rules);
  const { values, field } = form;

  const submission = form.submission(
    async () => {
      // A refusal may mean the instalment changed meanwhile: its row is fetched again.
      const answer = await give.mutateAsync(
        { instalmentId: instalment.id, ...values },
        { onError: () => void utils.feeDesk.instalments.invalidate() },
      );
      void utils.feeDesk.invalidate();
      void utils.feePlans.concessions.invalidate();
      onGiven(answer.message);
    },
    { busy: give.isPending, failed: (err) => failureMessage(err, t("failed.save")), mapping: { fields: FIELDS } },
  );

  return (
    <FormDialog
      size="md"
      title={t("give.title", { instalment: programmeInstalmentName(instalment) })}
      onClose={onClose}
      formId="fee-concession-form"
      form={submission}
      cancelLabel={t("form.cancel")}
      submitLabel={t("give.submit")}
      busyLabel={t("give.busy")}
      lead={<p className="text-muted">{t("give.outstanding", { amount: formatMoney(instalment.outstanding) })}</p>}
    >
      <div className="ops-form-grid">
        <Select
          {...field("kind")}
          label={t("give.kind")}
          required
          options={CONCESSION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
        <RupeesInput
          {...field("amount")}
          label={t("give.amount")}
          required
          hint={
            instalment.pending > 0
              ? aboveMessage(instalment, max)
              : instalment.outstanding > max
                ? t("give.amountHintLate", { max: formatMoney(max), late: formatMoney(instalment.outstanding - max) })
                : t("give.amountHint", { max: formatMoney(max) })
          }
        />
      </div>
      <TextArea {...field("reason")} label={t("give.reason")} required rows={3} maxLength={REASON_MAX} hint={t("give.reasonHint")} />
    </FormDialog>
  );
}

/** Every concession given, the newest first, paged and searched by the server; each may be withdrawn with a reason. */
function ConcessionsList() {
  const t = useT(feePlans);
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(trpc.feePlans.concessions, (page, { filter }) => ({ ...page, status: filter as ConcessionFilter }), {
    filter: STATUS_FILTER,
    limit: 10,
  });
  const withdraw = trpc.feePlans.withdrawConcession.useMutation();
  const withdrawing = useReasonAction<Concession>({
    send: (c, reason, done) => withdraw.mutate({ id: c.id, reason }, done),
    failedText: t("failed.save"),
    onDone: () => {
      void utils.feePlans.concessions.invalidate();
      void utils.feeDesk.invalidate();
    },
    onRefused: () => void utils.feePlans.concessions.invalidate(),
  });
  const data = query.data;

  const columns: TableColumn<Concession>[] = [
    ...studentInstalmentColumns<Concession>(t),
    {
      key: "amount",
      header: t("col.amount"),
      className: "ui-table__cell--numeric",
      render: (c) => (
        <StackedCell strong={!c.withdrawn} mainClassName={c.withdrawn ? "tabular fee-plans__void" : "tabular"} main={formatMoney(c.amount)}>
          <span>
            <Badge tone={c.kind === "scholarship" ? "accent" : "info"}>{t(`kind.${c.kind}`)}</Badge>
          </span>
        </StackedCell>
      ),
    },
    {
      key: "reason",
      header: t("col.reason"),
      render: (c) => (
        <span className="ops-cell-stack fee-plans__reason">
          <span>{c.reason}</span>
          {c.withdrawn ? (
            <span className="text-sm">
              <Badge tone="rejected">{t("list.withdrawn")}</Badge>{" "}
              <span className="text-muted">
                {t("list.withdrawnBy", {
                  name: c.withdrawn.by ?? t("list.someone"),
                  date: formatDate(c.withdrawn.at),
                  reason: c.withdrawn.reason,
                })}
              </span>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "given",
      header: t("col.given"),
      render: (c) => (
        <StackedCell
          main={t("list.by", { name: c.givenBy ?? t("list.someone") })}
          notes={[t("list.on", { date: formatDate(c.givenAt) })]}
        />
      ),
    },
    actionsColumn((c) =>
      c.withdrawn ? null : (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => withdrawing.open(c)}
          aria-label={t("withdrawOf", { amount: formatMoney(c.amount), name: c.student.name })}
        >
          {t("withdraw")}
        </Button>
      ),
    ),
  ];

  return (
    <section className="stack" aria-labelledby="fee-concessions-title">
      <h2 id="fee-concessions-title" className="fee-plans__title">
        {t("list.title")}
      </h2>
      <ListBody
        name="fee-concessions"
        list={list}
        {...listWords(t, "list.")}
        filter={listFilter(STATUS_FILTER, t("list.filter"), (value) => t(`list.filter.${value}`))}
        toolbarExtra={
          // The list as searched and filtered, every row: what was waived, for the accountant's year-end file.
          <ListExportButton
            list={list}
            path="/api/fees/reports/concessions.csv"
            name="fee-concessions"
            failed={t("list.exportFailed")}
            done={(file) => t("list.exported", { name: file })}
          >
            {t("list.export")}
          </ListExportButton>
        }
        {...listAnswer(query, { failed: t("list.failed") })}
      >
        <ListTable
          caption={t("list.caption")}
          className="fee-plans-table"
          columns={columns}
          rows={data?.concessions ?? []}
          loading={query.isPending}
          skeletonRows={3}
          icon={<CreditCardIcon size={28} />}
          none={{ title: t("list.none.title"), description: t("list.none.text") }}
          noMatch={{ title: t("list.noMatch.title"), description: t("list.noMatch.text") }}
          showAll={t("list.filter.all")}
        />
      </ListBody>
      {withdrawing.row ? (
        <ReasonDialog
          id="fee-concession-withdraw"
          title={t("withdraw.title")}
          hint={t("withdraw.hint")}
          confirmLabel={t("withdraw.confirm")}
          busyLabel={t("withdraw.busy")}
          busy={withdraw.isPending}
          failure={withdrawing.failure}
          requiredMessage={t("rule.withdrawReason")}
          onConfirm={withdrawing.confirm}
          onClose={withdrawing.close}
        >
          <p>
            {t("withdraw.text", {
              name: withdrawing.row.student.name,
              amount: formatMoney(withdrawing.row.amount),
              instalment: programmeInstalmentName(withdrawing.row.instalment),
            })}
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
