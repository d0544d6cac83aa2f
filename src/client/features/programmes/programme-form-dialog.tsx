/**
 * Add / edit a programme (issue 17, administrators): every field of the catalogue, checked with the shared
 * schema the server uses (the fee is typed in rupees and sent as typed; the server keeps paise). Editing
 * also uploads the syllabus PDF (ui/pdf-upload.tsx). What was typed stays when saving fails.
 */
import { useState } from "react";
import { PROGRAMME_LEVELS } from "../../../shared/constants.ts";
import { programmes } from "../../../shared/i18n/programmes.ts";
import { FEE_PERIODS, PROGRAMME_MODES, paiseToRupeesText, programmeForm } from "../../../shared/schemas/programmes.ts";
import { addOrUpdate, fieldIds, saveSubmission, schemaRules, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { FormDialog } from "../../ui/dialog.tsx";
import { Checkbox, Select, TextArea, TextInput } from "../../ui/field.tsx";
import { PdfUpload } from "../../ui/pdf-upload.tsx";

export type OfficeProgramme = RouterOutputs["programmes"]["adminList"]["programmes"][number];

const FIELDS = [
  "name",
  "level",
  "university",
  "durationMonths",
  "mode",
  "fee",
  "feePeriod",
  "instalments",
  "seats",
  "eligibility",
  "summary",
  "sortOrder",
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field | "admissionOpen", string>;

const EMPTY: Values = {
  name: "",
  level: "ug",
  university: "",
  durationMonths: "",
  mode: "distance",
  fee: "",
  feePeriod: "year",
  instalments: "1",
  seats: "",
  eligibility: "",
  summary: "",
  sortOrder: "",
  admissionOpen: "yes",
};

const valuesOf = (p: OfficeProgramme): Values => ({
  name: p.name,
  level: p.level,
  university: p.university ?? "",
  durationMonths: p.durationMonths === null ? "" : String(p.durationMonths),
  mode: p.mode,
  fee: paiseToRupeesText(p.feePaise),
  feePeriod: p.feePeriod,
  instalments: String(p.instalments),
  seats: p.seats === null ? "" : String(p.seats),
  eligibility: p.eligibility ?? "",
  summary: p.summary ?? "",
  sortOrder: String(p.sortOrder),
  admissionOpen: p.admissionOpen ? "yes" : "",
});

const toInput = (values: Values) => ({ ...values, admissionOpen: values.admissionOpen === "yes" });
const IDS = fieldIds("programme", [...FIELDS, "admissionOpen"]);
const RULES = {
  validate: schemaRules(programmeForm, { toInput }),
  showOn: "submit",
  ids: IDS,
} as const;

export function ProgrammeFormDialog({
  programme,
  open,
  onClose,
  onSaved,
}: {
  /** null: a new programme */
  programme: OfficeProgramme | null;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string, saved: OfficeProgramme) => void;
}) {
  const t = useT(programmes);
  const saving = addOrUpdate(trpc.programmes.create.useMutation(), trpc.programmes.update.useMutation());
  const form = useFormState<Values>(() => (programme ? valuesOf(programme) : EMPTY), RULES);
  const { values, field } = form;
  const [current, setCurrent] = useState(programme);

  const submission = saveSubmission(form, saving, {
    id: current?.id,
    // An edit says what it was filled from: a colleague's save since is refused, not undone.
    input: current ? { ...toInput(values), version: current.version } : toInput(values),
    saved: (answer) => onSaved(answer.message, answer.programme),
    failed: t("admin.failed.save"),
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={current ? t("admin.editTitle", { name: current.name }) : t("admin.add")}
      formId="programme-form"
      form={submission}
      cancelLabel={t("admin.cancel")}
      submitLabel={t("admin.save")}
      busyLabel={t("admin.saving")}
      after={
        current ? (
          <PdfUpload<{ programme: OfficeProgramme }>
            id="programme-syllabus"
            className="programme-syllabus"
            title={t("admin.syllabus")}
            status={current.syllabusName ? t("admin.syllabusNow", { file: current.syllabusName }) : t("admin.syllabusNone")}
            path={`/admin/programmes/${current.id}/syllabus`}
            field="syllabus"
            buttonLabel={t("admin.upload")}
            uploadingLabel={t("admin.uploading")}
            failedText={t("admin.failed.upload")}
            disabled={saving.busy}
            onUploaded={(data) => setCurrent(data.programme)}
          />
        ) : null
      }
    >
      <TextInput {...field("name")} label={t("form.name")} required maxLength={120} />
      <div className="ops-form-grid">
        <Select
          {...field("level")}
          label={t("form.level")}
          required
          options={PROGRAMME_LEVELS.map((l) => ({ value: l, label: t(`level.${l}`) }))}
        />
        <Select
          {...field("mode")}
          label={t("form.mode")}
          required
          options={PROGRAMME_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
        />
        <TextInput {...field("university")} label={t("form.university")} maxLength={200} />
        <TextInput {...field("durationMonths")} label={t("form.durationMonths")} inputMode="numeric" />
        <TextInput {...field("fee")} label={t("form.fee")} inputMode="decimal" hint={t("admin.feeHint")} />
        <Select
          {...field("feePeriod")}
          label={t("form.feePeriod")}
          required
          options={FEE_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
        />
        <TextInput {...field("instalments")} label={t("form.instalments")} inputMode="numeric" required />
        <TextInput {...field("seats")} label={t("form.seats")} inputMode="numeric" />
      </div>
      <TextArea {...field("eligibility")} label={t("form.eligibility")} rows={2} maxLength={1000} />
      <TextArea {...field("summary")} label={t("form.summary")} rows={3} maxLength={2000} />
      <div className="ops-form-grid">
        <TextInput {...field("sortOrder")} label={t("form.sortOrder")} inputMode="numeric" hint={t("admin.orderHint")} />
        <Checkbox {...form.check("admissionOpen")} label={t("form.admissionOpen")} />
      </div>
    </FormDialog>
  );
}
