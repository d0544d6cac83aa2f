/**
 * The Add Student and Edit Student dialogs (spec part 2, Student Management): the four required fields,
 * then the optional ones. Checked on the client first; the server's field errors (e.g. an e-mail address
 * already in use) appear beside their fields, and everything typed stays when saving fails.
 */

import { type FormEvent, useEffect, useId, useState } from "react";
import { BLOOD_GROUPS, EMERGENCY_RELATIONSHIPS, FULL_NAME_MAX, GENDERS } from "../../../shared/constants.ts";
import { genderLabel, person, relationshipLabel } from "../../../shared/i18n/person.ts";
import { roster } from "../../../shared/i18n/roster.ts";
import { latestBirthDate } from "../../../shared/schemas/common.ts";
import { focusFirstInvalid, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { isRelationship } from "./student-details-dialog.tsx";
import {
  checkStudentForm,
  FIELD_LABELS,
  FIELD_ORDER,
  type FormProblems,
  fieldId,
  type StudentField,
  type StudentFormValues,
  standardOptions,
} from "./student-form.ts";

export interface StudentFormDialogProps {
  open: boolean;
  mode: "add" | "edit";
  initial: StudentFormValues;
  /** the student's ID, shown in the edit dialog's title */
  studentId?: string | null;
  busy: boolean;
  /** problems the server reported for the last attempt */
  serverProblems: FormProblems | null;
  onSubmit: (values: StudentFormValues) => void;
  onClose: () => void;
}

const IDS = Object.fromEntries(FIELD_ORDER.map((f) => [f, fieldId(f)])) as Record<StudentField, string>;
/** The shared schema's rules, shown beside the fields after a submit attempt. */
const FORM_RULES = {
  validate: (values: StudentFormValues) => checkStudentForm(values)?.fields ?? {},
  showOn: "submit",
  ids: IDS,
} as const;

export function StudentFormDialog({ open, mode, initial, studentId, busy, serverProblems, onSubmit, onClose }: StudentFormDialogProps) {
  const t = useT(roster);
  useT(person); // the genders and relationships offered
  const formId = useId();
  const standards = trpc.students.standards.useQuery(undefined, { enabled: open, staleTime: 5 * 60_000 });
  const form = useFormState(initial, FORM_RULES);
  const { values, setServerMessages, field } = form;
  // The message above the form (the spec's for missing required fields) stays until the next attempt.
  const [summary, setSummary] = useState<string | null>(null);

  // A server answer replaces the client's findings (and moves focus to the first field to fix).
  useEffect(() => {
    if (!serverProblems) return;
    setServerMessages(serverProblems.fields);
    setSummary(serverProblems.summary);
    focusFirstInvalid(serverProblems.fields, IDS);
  }, [serverProblems, setServerMessages]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    form.attempt();
    const found = checkStudentForm(values);
    setSummary(found?.summary ?? null);
    if (found) {
      focusFirstInvalid(found.fields, IDS);
      return;
    }
    onSubmit(values);
  };

  const input = (name: StudentField, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput {...field(name)} label={FIELD_LABELS[name]} {...extra} />
  );

  const title = mode === "add" ? t("add") : t("form.editTitle");
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      size="lg"
      title={title}
      description={mode === "add" ? t("form.addLead") : studentId ? t("form.editLead", { id: studentId }) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("form.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {mode === "add" ? (busy ? t("form.adding") : t("add")) : busy ? t("saving") : t("form.save")}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        {summary ? <Alert tone="error">{summary}</Alert> : null}
        <div className="ops-form-grid">
          {input("name", { required: true, autoComplete: "off", maxLength: FULL_NAME_MAX })}
          {input("email", {
            required: true,
            type: "email",
            autoComplete: "off",
            autoCapitalize: "none",
            spellCheck: false,
            maxLength: 254,
            // What a new address does, said before Save (walk 31a).
            hint: mode === "edit" ? t("form.emailHint") : undefined,
          })}
          {input("mobile", {
            required: true,
            type: "tel",
            inputMode: "tel",
            autoComplete: "off",
            maxLength: 20,
            hint: t("form.mobileHint"),
          })}
          <Select
            {...field("standard")}
            label={FIELD_LABELS.standard}
            required
            placeholder={t("form.chooseStandard")}
            hint={standards.data?.standards.length === 0 ? t("form.noStandards") : undefined}
            options={standardOptions(initial.standard, standards.data?.standards)}
          />
          <Select {...field("bloodGroup")} label={FIELD_LABELS.bloodGroup} placeholder={t("form.notGiven")} options={BLOOD_GROUPS} />
          {input("dateOfBirth", { type: "date", max: latestBirthDate() })}
          <Select
            {...field("gender")}
            label={FIELD_LABELS.gender}
            placeholder={t("form.notGiven")}
            options={GENDERS.map((g) => ({ value: g, label: genderLabel(g) }))}
          />
          {input("term", { inputMode: "numeric", maxLength: 2, hint: t("form.termHint") })}
        </div>
        <TextArea {...field("address")} label={FIELD_LABELS.address} rows={3} maxLength={500} />
        <div className="ops-form-grid">
          {input("city", { maxLength: 80, autoComplete: "off" })}
          {input("state", { maxLength: 80, autoComplete: "off" })}
          {input("pincode", { inputMode: "numeric", maxLength: 7, autoComplete: "off", hint: t("form.pincodeHint") })}
        </div>
        <fieldset className="ops-fieldset">
          <legend>{t("det.emergency")}</legend>
          <div className="ops-form-grid">
            {input("emergencyName", { maxLength: 120, autoComplete: "off" })}
            <Select
              {...field("emergencyRelationship")}
              label={FIELD_LABELS.emergencyRelationship}
              placeholder={t("form.notGiven")}
              options={[
                ...EMERGENCY_RELATIONSHIPS.map((r) => ({ value: r, label: relationshipLabel(r) })),
                ...(values.emergencyRelationship && !isRelationship(values.emergencyRelationship) ? [values.emergencyRelationship] : []),
              ]}
            />
            {input("emergencyPhone", { type: "tel", inputMode: "tel", maxLength: 20, autoComplete: "off" })}
            {input("emergencyEmail", { type: "email", maxLength: 254, autoComplete: "off", autoCapitalize: "none", spellCheck: false })}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
