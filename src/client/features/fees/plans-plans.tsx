/**
 * /admin/fees?tab=plans (issue 19): each listed programme with its fee and its plan — the days after a term's
 * start on which each instalment falls due, the late fee and its grace (spread evenly until a plan is saved).
 * Administrators edit a plan; the office raises a term's fees from it: a term and its start day, how many
 * students it will charge (those who already have the term's instalments are left alone) and what each will
 * owe, then one click.
 */
import { type FormEvent, useMemo, useState } from "react";
import { feePlans } from "../../../shared/i18n/feePlans.ts";
import { addDays, isCalendarDay } from "../../../shared/schemas/common.ts";
import { feePlanForm, MAX_GRACE_DAYS, raiseFeesInput } from "../../../shared/schemas/fee-plans.ts";
import { paiseToRupeesText } from "../../../shared/schemas/programmes.ts";
import { termName } from "../../../shared/terms.ts";
import { checkInput, focusFirstInvalid, schemaRules, showFieldErrors, useFormState } from "../../lib/form.ts";
import { formatDate } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { instituteToday } from "../../lib/institute-clock.ts";
import { isAdministrator } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import { useInstituteInfo } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { Select, TextInput } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { ListBody, ListTable, listAnswer, listWords } from "../../ui/list-page.tsx";
import { CreditCardIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, StackedCell, type TableColumn } from "../../ui/table.tsx";
import { DaysInput, RupeesInput } from "./fee-fields.tsx";
import { useFeeText, useRowDialog } from "./plans-parts.tsx";

type Programme = RouterOutputs["feePlans"]["list"]["programmes"][number];

export function PlansTab() {
  const t = useT(feePlans);
  const feeText = useFeeText();
  const { user } = useSession();
  const admin = isAdministrator(user?.role);
  const { list, query } = usePagedList(trpc.feePlans.list, (page) => page, { limit: 10 });
  const editing = useRowDialog<Programme>();
  const raising = useRowDialog<Programme>();
  const data = query.data;

  const columns: TableColumn<Programme>[] = [
    {
      key: "programme",
      header: t("col.programme"),
      render: (p) => <StackedCell strong main={p.name} notes={[p.archived ? t("plans.archived") : null, feeText(p)]} />,
    },
    {
      key: "plan",
      header: t("col.plan"),
      render: (p) => (
        <ol className="fee-plan__days list-plain">
          {p.plan.days.map((day, i) => (
            <li key={`${i}-${day}`}>
              <span>{t("plan.day", { day })}</span>
              {p.amounts?.[i] !== undefined ? <span className="text-muted tabular"> · {formatMoney(p.amounts[i]!)}</span> : null}
            </li>
          ))}
        </ol>
      ),
    },
    {
      key: "lateFee",
      header: t("col.lateFee"),
      render: (p) =>
        p.plan.lateFee === 0
          ? t("plan.noLateFee")
          : p.plan.graceDays === 0
            ? t("plan.lateFeeNoGrace", { amount: formatMoney(p.plan.lateFee) })
            : t("plan.lateFee", { amount: formatMoney(p.plan.lateFee), count: p.plan.graceDays }),
    },
    {
      key: "status",
      header: t("col.status"),
      render: (p) => (
        <span className="ops-cell-stack">
          {p.plan.stale ? (
            <Badge tone="rejected">{t("status.stale")}</Badge>
          ) : p.plan.saved ? (
            <Badge tone="approved">{t("status.saved")}</Badge>
          ) : (
            <Badge tone="neutral">{t("status.default")}</Badge>
          )}
          {p.plan.stale ? (
            <span className="text-sm text-muted">{t("status.staleHint")}</span>
          ) : p.plan.saved ? null : (
            <span className="text-sm text-muted">{t("status.defaultHint")}</span>
          )}
        </span>
      ),
    },
    actionsColumn((p) => (
      <span className="fee-plan__actions">
        {admin ? (
          <Button size="sm" variant="secondary" onClick={() => editing.open(p)} aria-label={t("editOf", { programme: p.name })}>
            {t("edit")}
          </Button>
        ) : null}
        {p.feePaise === null ? (
          <span className="text-sm text-muted">{t("onRequestHint")}</span>
        ) : (
          <Button size="sm" onClick={() => raising.open(p)} aria-label={t("raiseOf", { programme: p.name })}>
            {t("raise")}
          </Button>
        )}
      </span>
    )),
  ];

  return (
    <div className="stack fee-plans">
      <p className="text-muted fee-plans__lead">{t("plans.lead")}</p>
      {admin ? null : <p className="text-sm text-muted">{t("form.readOnly")}</p>}
      <ListBody name="fee-plans" list={list} {...listWords(t, "plans.")} {...listAnswer(query, { failed: t("plans.failed") })}>
        <ListTable
          caption={t("plans.caption")}
          className="fee-plans-table"
          columns={columns}
          rows={data?.programmes ?? []}
          loading={query.isPending}
          skeletonRows={4}
          icon={<CreditCardIcon size={28} />}
          none={{ title: t("plans.none.title"), description: t("plans.none.text") }}
          noMatch={{ title: t("plans.noMatch.title"), description: t("plans.noMatch.text") }}
          showAll={t("list.filter.all")}
        />
      </ListBody>
      {editing.row ? <PlanDialog programme={editing.row} onClose={editing.close} onSaved={editing.done} /> : null}
      {raising.row ? <RaiseDialog programme={raising.row} onClose={raising.close} onRaised={raising.done} /> : null}
    </div>
  );
}

// ————— editing a plan —————

const dayField = (i: number) => `day${i}`;
const fieldId = (field: string) => `fee-plan-${field}`;
/** The form's flat fields as the API's input: the days in order. */
const planInput = (programmeId: number, count: number, v: Record<string, string>) => ({
  programmeId,
  days: Array.from({ length: count }, (_, i) => v[dayField(i)] ?? ""),
  lateFee: v.lateFee,
  graceDays: v.graceDays,
});

/**
 * A programme's plan: one due day per instalment (the programme's own number of them), the late fee and the
 * grace days; checked with the shared schema the server uses. A stale plan starts again from the even spread.
 */
function PlanDialog({ programme, onClose, onSaved }: { programme: Programme; onClose: () => void; onSaved: (message: string) => void }) {
  const t = useT(feePlans);
  const utils = trpc.useUtils();
  const save = trpc.feePlans.save.useMutation();
  const count = programme.instalments;
  const start = programme.plan.stale ? programme.defaultDays : programme.plan.days;
  const fields = useMemo(() => [...Array.from({ length: count }, (_, i) => dayField(i)), "lateFee", "graceDays"], [count]);
  // The group's own message ("must go up") takes the reader to the first day.
  const ids = useMemo(() => ({ days: fieldId(dayField(0)), ...Object.fromEntries(fields.map((f) => [f, fieldId(f)])) }), [fields]);
  const paths = useMemo(() => Object.fromEntries(Array.from({ length: count }, (_, i) => [`days.${i}`, dayField(i)])), [count]);
  const rules = useMemo(
    () => ({
      validate: schemaRules(feePlanForm, {
        toInput: (v: Record<string, string>) => planInput(programme.id, count, v),
        paths,
        keepUnknown: true,
      }),
      showOn: "submit" as const,
      ids,
    }),
    [paths, programme.id, count, ids],
  );
  const form = useFormState<Record<string, string>>(
    () => ({
      ...Object.fromEntries(start.map((day, i) => [dayField(i), String(day)])),
      lateFee: paiseToRupeesText(programme.plan.stale ? 0 : programme.plan.lateFee),
      graceDays: String(programme.plan.stale ? 0 : programme.plan.graceDays),
      days: "",
    }),
    rules,
  );
  const { values, errors, field } = form;

  const submission = form.submission(
    async () => {
      // The version it was opened from: a colleague's save since is refused, not undone (walk 16b).
      const answer = await save.mutateAsync({ ...planInput(programme.id, count, values), version: programme.version });
      void utils.feePlans.invalidate();
      onSaved(answer.message);
    },
    { busy: save.isPending, failed: (err) => failureMessage(err, t("failed.save")), mapping: { paths, keepUnknown: true } },
  );

  return (
    <FormDialog
      size="md"
      title={t("form.title", { programme: programme.name })}
      onClose={onClose}
      formId="fee-plan-form"
      form={submission}
      cancelLabel={t("form.cancel")}
      submitLabel={t("form.save")}
      busyLabel={t("form.saving")}
    >
      {programme.plan.stale ? <Alert tone="warning">{t("form.stale", { programme: programme.name, count })}</Alert> : null}
      <fieldset className="fee-plan__fieldset" aria-describedby={errors.days ? "fee-plan-days-error" : "fee-plan-days-hint"}>
        <legend className="fee-plan__legend">{t("form.days")}</legend>
        <p id="fee-plan-days-hint" className="text-sm text-muted">
          {t("form.daysHint")}
        </p>
        {errors.days ? (
          <p id="fee-plan-days-error" className="ui-field__error" role="alert">
            {errors.days}
          </p>
        ) : null}
        <div className="ops-form-grid">
          {Array.from({ length: count }, (_, i) => (
            <TextInput
              key={dayField(i)}
              {...field(dayField(i))}
              label={t("form.day", { number: i + 1 })}
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              hint={programme.amounts ? t("form.amountOf", { amount: formatMoney(programme.amounts[i] ?? 0) }) : undefined}
            />
          ))}
        </div>
      </fieldset>
      <div className="ops-form-grid">
        <RupeesInput {...field("lateFee")} label={t("form.lateFee")} hint={t("form.lateFeeHint")} />
        <DaysInput {...field("graceDays")} label={t("form.grace")} required hint={t("form.graceHint", { max: MAX_GRACE_DAYS })} />
      </div>
    </FormDialog>
  );
}

// ————— raising a term —————

const RAISE_IDS = { term: "fee-raise-term", startOn: "fee-raise-start" } as const;

/** A term and its start day; then how many will be charged and what each will owe; then the raise itself. */
function RaiseDialog({ programme, onClose, onRaised }: { programme: Programme; onClose: () => void; onRaised: (message: string) => void }) {
  const t = useT(feePlans);
  const utils = trpc.useUtils();
  const raise = trpc.feePlans.raise.useMutation();
  const firstTerm = programme.students[0]?.term ?? 1;
  const [term, setTerm] = useState(String(Math.min(firstTerm, programme.terms)));
  const timeZone = useInstituteInfo().data?.timeZone;
  // The term starts today on the institute's calendar unless the office says otherwise.
  const today = instituteToday(timeZone);
  const [startOn, setStartOn] = useState(today);
  const [errors, setErrors] = useState<Partial<Record<"term" | "startOn", string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const preview = trpc.feePlans.raisePreview.useQuery({ programmeId: programme.id, term: Number(term) });
  const p = preview.data;
  const startValid = isCalendarDay(startOn);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (raise.isPending) return;
    setFailure(null);
    const checked = checkInput(raiseFeesInput, { programmeId: programme.id, term, startOn });
    if (!checked.ok) {
      setErrors(checked.messages);
      return focusFirstInvalid(checked.messages, RAISE_IDS);
    }
    try {
      const answer = await raise.mutateAsync(checked.value);
      void utils.feePlans.invalidate();
      void utils.feeDesk.invalidate();
      onRaised(answer.message);
    } catch (err) {
      if (!showFieldErrors(err, setErrors, RAISE_IDS, { fields: ["term", "startOn"] })) setFailure(failureMessage(err, t("failed.save")));
    }
  };

  const nobody = p !== undefined && p.toRaise === 0;
  return (
    <FormDialog
      size="md"
      title={t("raise.title", { programme: programme.name })}
      onClose={onClose}
      formId="fee-raise-form"
      onSubmit={submit}
      busy={raise.isPending}
      cancelLabel={t("form.cancel")}
      submitLabel={!p ? t("raise.checking") : nobody ? t("raise.nobody") : t("raise.submit", { count: p.toRaise })}
      busyLabel={t("raise.busy")}
      submitDisabled={!p || nobody}
      lead={<p className="text-muted">{t("raise.lead")}</p>}
      failure={failure}
    >
      <div className="ops-form-grid">
        <Select
          id={RAISE_IDS.term}
          label={t("raise.term")}
          required
          value={term}
          error={errors.term}
          onChange={(e) => {
            setTerm(e.target.value);
            setErrors((prev) => ({ ...prev, term: undefined }));
          }}
          options={Array.from({ length: programme.terms }, (_, i) => ({
            value: String(i + 1),
            label: termName(programme.feePeriod, i + 1),
          }))}
        />
        <TextInput
          id={RAISE_IDS.startOn}
          type="date"
          label={t("raise.startOn")}
          required
          value={startOn}
          error={errors.startOn}
          hint={t("raise.startOnHint")}
          onChange={(e) => {
            setStartOn(e.target.value);
            setErrors((prev) => ({ ...prev, startOn: undefined }));
          }}
        />
      </div>
      <div aria-live="polite" className="stack stack--sm">
        {preview.isError ? <Alert tone="error">{failureMessage(preview.error, t("raise.failedPreview"))}</Alert> : null}
        {preview.isPending ? <p className="text-muted">{t("raise.checking")}</p> : null}
        {p ? (
          <>
            <p>
              <strong>{t("raise.count", { count: p.students })}</strong>
              {p.already > 0 ? ` ${t("raise.already", { count: p.already })}` : ""}
            </p>
            <h3 className="fee-plan__subtitle">{t("raise.schedule")}</h3>
            <ul className="fee-plan__schedule">
              {p.instalments.map((i) => (
                <li key={i.number}>
                  {t("raise.dueOn", {
                    number: i.number,
                    amount: formatMoney(i.amount),
                    date: startValid ? formatDate(addDays(startOn, i.day)) : t("plan.day", { day: i.day }),
                  })}
                </li>
              ))}
            </ul>
            {p.lateFee > 0 ? (
              <p className="text-sm text-muted">
                {p.graceDays === 0
                  ? t("raise.lateFeeNoGrace", { amount: formatMoney(p.lateFee) })
                  : t("raise.lateFee", { amount: formatMoney(p.lateFee), count: p.graceDays })}
                {/* A term begun before its fees are raised: what is already due has its grace from today (walk 16c). */}
                {startValid && p.instalments.some((i) => addDays(startOn, i.day) < today)
                  ? ` ${t("raise.pastDue", { date: formatDate(addDays(today, p.graceDays + 1)) })}`
                  : ""}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </FormDialog>
  );
}
