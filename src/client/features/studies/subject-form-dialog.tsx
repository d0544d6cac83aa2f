/**
 * Add / edit a subject (issue 18): programme, term (as many as the programme has), code, name, description
 * and its units, one per line. Checked with the shared schema the server uses; what was typed stays when
 * saving fails.
 */
import { useState } from "react";
import { studies } from "../../../shared/i18n/studies.ts";
import { subjectForm } from "../../../shared/schemas/studies.ts";
import { termName } from "../../../shared/terms.ts";
import { addOrUpdate, fieldIds, saveSubmission, schemaRules, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog, FormDialog } from "../../ui/dialog.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { FormFailure } from "../../ui/load-error.tsx";

export type OfficeSubject = RouterOutputs["studies"]["get"]["subject"];
export type StudyProgramme = RouterOutputs["studies"]["programmes"]["programmes"][number];

const FIELDS = ["programmeId", "term", "code", "name", "description", "units", "sortOrder"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const IDS = fieldIds("subject", FIELDS);
const toInput = (v: Values) => ({ ...v, units: v.units.split("\n") });
const RULES = {
  validate: schemaRules(subjectForm, { toInput }),
  showOn: "submit",
  ids: IDS,
} as const;

/** A programme's terms as a Select's choices: 1 to its number of terms, each named as every portal screen names it. */
function useTermOptions() {
  return (programme: StudyProgramme | undefined) =>
    Array.from({ length: programme?.terms ?? 1 }, (_, i) => ({
      value: String(i + 1),
      label: termName(programme?.termUnit ?? "semester", i + 1),
    }));
}

/** A programme as a Select names it: an archived one (listed for its students and subjects) says so. */
function useProgrammeLabel() {
  const t = useT(studies);
  return (p: StudyProgramme) => (p.archived ? `${p.name} · ${t("admin.archived")}` : p.name);
}

export function SubjectFormDialog({
  subject,
  programmes,
  onClose,
  onSaved,
}: {
  /** null: a new subject */
  subject: OfficeSubject | null;
  programmes: readonly StudyProgramme[];
  onClose: () => void;
  onSaved: (message: string, saved: OfficeSubject) => void;
}) {
  const t = useT(studies);
  const termOptions = useTermOptions();
  const programmeLabel = useProgrammeLabel();
  const saving = addOrUpdate(trpc.studies.create.useMutation(), trpc.studies.update.useMutation());
  const form = useFormState<Values>(
    () =>
      subject
        ? {
            programmeId: String(subject.programmeId),
            term: String(subject.term),
            code: subject.code,
            name: subject.name,
            description: subject.description ?? "",
            units: subject.units.map((u) => u.title).join("\n"),
            sortOrder: String(subject.sortOrder),
          }
        : {
            programmeId: programmes[0] ? String(programmes[0].id) : "",
            term: "1",
            code: "",
            name: "",
            description: "",
            units: "",
            sortOrder: "",
          },
    RULES,
  );
  const { values, field } = form;
  const programme = programmes.find((p) => String(p.id) === values.programmeId);

  const submission = saveSubmission(form, saving, {
    id: subject?.id,
    // The version it was opened from: a colleague's save since is refused, not undone (walk 16b).
    input: subject ? { ...toInput(values), version: subject.version } : toInput(values),
    saved: (answer) => onSaved(answer.message, answer.subject),
    failed: t("admin.failed.save"),
  });

  return (
    <FormDialog
      onClose={onClose}
      size="lg"
      title={subject ? t("admin.editTitle", { code: subject.code }) : t("admin.add")}
      formId="subject-form"
      form={submission}
      cancelLabel={t("admin.cancel")}
      submitLabel={t("admin.save")}
      busyLabel={t("admin.saving")}
    >
      <div className="ops-form-grid">
        <Select
          {...field("programmeId")}
          label={t("form.programme")}
          required
          // None listed yet: the field says where they come from (walk 30a: an empty list, unexplained).
          hint={programmes.length === 0 ? t("form.noProgrammes") : undefined}
          options={programmes.map((p) => ({ value: String(p.id), label: programmeLabel(p) }))}
        />
        <Select {...field("term")} label={t("form.term")} required options={termOptions(programme)} />
        <TextInput {...field("code")} label={t("form.code")} required maxLength={20} hint={t("form.codeHint")} />
        <TextInput {...field("name")} label={t("form.name")} required maxLength={120} />
      </div>
      <TextArea {...field("description")} label={t("form.description")} rows={2} maxLength={2000} />
      <TextArea {...field("units")} label={t("form.units")} rows={6} hint={t("form.unitsHint")} />
      <TextInput {...field("sortOrder")} label={t("form.sortOrder")} inputMode="numeric" hint={t("form.sortOrderHint")} />
    </FormDialog>
  );
}

/**
 * Moves a programme's students of one term to another: their next term's subjects open for them. Before the
 * office confirms, it says what else the move touches: the old term's exams still to come (kept by these
 * students when they move on, lost when moved back) and its assignments still open (closed to them).
 */
export function MoveTermDialog({
  programmes,
  onClose,
  onDone,
}: {
  programmes: readonly StudyProgramme[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useT(studies);
  const termOptions = useTermOptions();
  const programmeLabel = useProgrammeLabel();
  const move = trpc.studies.moveTerm.useMutation();
  const withStudents = programmes.filter((p) => p.students.length > 0);
  const [programmeId, setProgrammeId] = useState(String(withStudents[0]?.id ?? ""));
  const programme = programmes.find((p) => String(p.id) === programmeId);
  const [fromTerm, setFromTerm] = useState(String(programme?.students[0]?.term ?? 1));
  const [toTerm, setToTerm] = useState(String(Number(fromTerm) + 1));
  const [failure, setFailure] = useState<string | null>(null);
  const count = programme?.students.find((s) => String(s.term) === fromTerm)?.count ?? 0;
  const terms = termOptions(programme);
  const ahead = programme?.ahead.find((a) => String(a.term) === fromTerm);
  const fromLabel = termName(programme?.termUnit ?? "semester", Number(fromTerm));

  // One move at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const moving = useOneAtATime();
  const confirm = () => {
    if (!moving.start()) return;
    setFailure(null);
    move.mutate(
      { programmeId: Number(programmeId), fromTerm: Number(fromTerm), toTerm: Number(toTerm) },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (err) => setFailure(failureMessage(err, t("admin.failed.save"))),
        onSettled: moving.settled,
      },
    );
  };

  return (
    <Dialog
      open
      onClose={() => !move.isPending && onClose()}
      title={t("move.title")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
            {t("admin.cancel")}
          </Button>
          <Button onClick={confirm} loading={move.isPending} disabled={count === 0 || fromTerm === toTerm}>
            {t("move.confirm", { count })}
          </Button>
        </>
      }
    >
      <div className="stack">
        <FormFailure message={failure} />
        <p className="text-sm text-muted">{t("move.lead")}</p>
        {withStudents.length === 0 ? (
          <p>{t("move.nobody")}</p>
        ) : (
          <>
            <Select
              id="move-programme"
              label={t("form.programme")}
              value={programmeId}
              onChange={(e) => {
                const next = programmes.find((p) => String(p.id) === e.target.value);
                const first = String(next?.students[0]?.term ?? 1);
                setProgrammeId(e.target.value);
                setFromTerm(first);
                setToTerm(String(Math.min(next?.terms ?? 1, Number(first) + 1)));
              }}
              options={withStudents.map((p) => ({ value: String(p.id), label: programmeLabel(p) }))}
            />
            <div className="ops-form-grid">
              <Select
                id="move-from"
                label={t("move.from")}
                value={fromTerm}
                onChange={(e) => setFromTerm(e.target.value)}
                options={terms}
              />
              <Select id="move-to" label={t("move.to")} value={toTerm} onChange={(e) => setToTerm(e.target.value)} options={terms} />
            </div>
            <p aria-live="polite">{t("move.count", { count })}</p>
            {count > 0 && fromTerm !== toTerm && ahead ? (
              <Alert tone="warning">
                {ahead.exams > 0 ? (
                  <p>
                    {t(Number(toTerm) > Number(fromTerm) ? "move.examsKept" : "move.examsLeft", { count: ahead.exams, term: fromLabel })}
                  </p>
                ) : null}
                {ahead.assignments > 0 ? <p>{t("move.assignmentsClose", { count: ahead.assignments, term: fromLabel })}</p> : null}
              </Alert>
            ) : null}
          </>
        )}
      </div>
    </Dialog>
  );
}
