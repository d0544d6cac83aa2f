/**
 * Schedule or edit an exam (issue 18, the office): the subject (from the studies' subject list), title, day
 * and time on the institute's clock, duration, centre, maximum and pass marks — checked with the shared
 * schema the server uses. What was typed stays when saving fails.
 */
import { exams } from "../../../shared/i18n/exams.ts";
import { examForm } from "../../../shared/schemas/exams.ts";
import { termName } from "../../../shared/terms.ts";
import { addOrUpdate, fieldIds, saveSubmission, schemaRules, useFormState } from "../../lib/form.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { Select, TextInput } from "../../ui/field.tsx";

export type OfficeExam = RouterOutputs["exams"]["list"]["exams"][number];

const FIELDS = ["subjectId", "title", "date", "time", "durationMinutes", "centre", "maxMarks", "passMarks"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = {
  subjectId: "",
  title: "",
  date: "",
  time: "10:00",
  durationMinutes: "180",
  centre: "",
  maxMarks: "100",
  passMarks: "40",
};

const valuesOf = (e: OfficeExam): Values => ({
  subjectId: String(e.subjectId),
  title: e.title,
  date: e.date,
  time: e.time,
  durationMinutes: String(e.durationMinutes),
  centre: e.centre,
  maxMarks: String(e.maxMarks),
  passMarks: String(e.passMarks),
});

const IDS = fieldIds("exam", FIELDS);
const RULES = {
  validate: schemaRules<Values>(examForm, { abortPipeEarly: false }),
  showOn: "submit",
  ids: IDS,
} as const;

/** The zone in the reader's words ("India Standard Time", "भारतीय मानक समय"), not its code (tenth walk). */
function zoneName(timeZone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(`${locale}-IN`, { timeZone, timeZoneName: "long" }).formatToParts(new Date());
    return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone; // not known yet (the settings on their way), or not a zone this browser knows
  }
}

export function ExamFormDialog({
  exam,
  timeZone,
  onClose,
  onSaved,
}: {
  /** null: a new exam */
  exam: OfficeExam | null;
  timeZone: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useT(exams);
  const locale = useLocale();
  const subjects = trpc.studies.subjectOptions.useQuery(undefined, { staleTime: 60_000 });
  const saving = addOrUpdate(trpc.exams.schedule.useMutation(), trpc.exams.update.useMutation());
  const form = useFormState<Values>(() => (exam ? valuesOf(exam) : EMPTY), RULES);
  const { values, field } = form;

  const submission = saveSubmission(form, saving, {
    id: exam?.id,
    // An edit says what it was filled from: a colleague's save since is refused, not undone.
    input: exam ? { ...values, version: exam.version } : values,
    saved: (answer) => onSaved(answer.message),
    failed: t("admin.failed.save"),
    mapping: { fields: FIELDS },
  });

  const options = (subjects.data?.subjects ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.code} ${s.name} (${s.programmeName}, ${termName(s.termUnit, s.term)})`,
  }));
  // An exam of a subject archived since still shows its subject.
  if (exam && !options.some((o) => o.value === String(exam.subjectId)))
    options.unshift({ value: String(exam.subjectId), label: `${exam.subject.code} ${exam.subject.name}` });

  return (
    <FormDialog
      onClose={onClose}
      size="lg"
      title={exam ? t("admin.editTitle", { title: exam.title }) : t("admin.schedule")}
      formId="exam-form"
      form={submission}
      cancelLabel={t("admin.cancelForm")}
      submitLabel={exam ? t("admin.save") : t("admin.scheduleSubmit")}
      busyLabel={t("admin.saving")}
    >
      {subjects.isError ? <Alert tone="error">{t("form.subjectsFailed")}</Alert> : null}
      <Select
        {...field("subjectId")}
        label={t("form.subject")}
        required
        placeholder={subjects.isPending ? t("form.subjectsLoading") : t("form.subjectChoose")}
        options={options}
        hint={exam && exam.marked > 0 ? t("form.subjectLocked") : undefined}
      />
      <TextInput {...field("title")} label={t("form.title")} required maxLength={120} hint={t("form.titleHint")} />
      <div className="ops-form-grid">
        <TextInput {...field("date")} type="date" label={t("form.date")} required />
        <TextInput
          {...field("time")}
          type="time"
          label={t("form.time")}
          required
          hint={t("form.timeHint", { zone: zoneName(timeZone, locale) })}
        />
        <TextInput {...field("durationMinutes")} label={t("form.duration")} inputMode="numeric" required />
        <TextInput {...field("centre")} label={t("form.centre")} required maxLength={200} />
        <TextInput {...field("maxMarks")} label={t("form.maxMarks")} inputMode="numeric" required />
        <TextInput {...field("passMarks")} label={t("form.passMarks")} inputMode="numeric" required />
      </div>
      {!exam ? <p className="text-sm text-muted">{t("form.notifyNote")}</p> : null}
    </FormDialog>
  );
}
