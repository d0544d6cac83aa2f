/**
 * The add/edit student form's values and checks (spec part 2 §5), with the same shared schema the
 * server uses (DECISIONS 8): the four required fields give the spec's one message, other rules their own.
 */
import * as v from "valibot";
import { SEED_STANDARDS } from "../../../shared/constants.ts";
import { roster } from "../../../shared/i18n/roster.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { validation } from "../../../shared/i18n/validation.ts";
import { MSG } from "../../../shared/messages.ts";
import { fieldErrorsOf } from "../../../shared/schemas/common.ts";
import { studentForm, studentRequiredMessage } from "../../../shared/schemas/students.ts";
import { EMERGENCY_CONTACT_PATHS } from "../../lib/emergency-contact.ts";
import { flatForm, messagesByField } from "../../lib/form.ts";
import type { RouterInputs, RouterOutputs } from "../../lib/trpc.ts";

export type StudentRow = RouterOutputs["students"]["list"]["students"][number];
export type StudentInput = RouterInputs["students"]["create"];

/** The form's fields and the API's path of each. */
const STUDENT_FORM = flatForm({
  name: "name",
  email: "email",
  mobile: "mobile",
  standard: "standard",
  bloodGroup: "bloodGroup",
  dateOfBirth: "dateOfBirth",
  gender: "gender",
  address: "address",
  city: "city",
  state: "state",
  pincode: "pincode",
  term: "term",
  ...EMERGENCY_CONTACT_PATHS,
});

export type StudentField = (typeof STUDENT_FORM.fields)[number];
export type StudentFormValues = Record<StudentField, string>;

export const EMPTY_STUDENT_FORM: StudentFormValues = STUDENT_FORM.empty();

/** Labels, also used for "… is required" beside a field (in the reader's language). */
export const FIELD_LABELS = labelsOf(STUDENT_FORM.fields, (field) => roster.t(`field.${field}`));

/** The order fields appear in, for focusing the first one to fix. */
export const FIELD_ORDER: readonly StudentField[] = STUDENT_FORM.fields;

export const fieldId = (field: StudentField) => `student-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The schema's (and the server's) field paths → the form's fields; an error on the whole contact goes beside its name. */
const PATHS: Record<string, StudentField> = { ...STUDENT_FORM.paths, emergencyContact: "emergencyName" };

export const valuesOf = (student: StudentRow): StudentFormValues => STUDENT_FORM.from(student);

/** What is sent: the whole form, trimmed (a blank optional field clears the stored value). */
export const toStudentInput = (values: StudentFormValues) => STUDENT_FORM.toInput(values, (text) => text.trim()) as StudentInput;

export interface FormProblems {
  /** the message above the form (the spec's for missing required fields) */
  summary: string | null;
  /** a message beside each field to fix */
  fields: Partial<Record<StudentField, string>>;
}

/** Field errors as the schema or the server name them → messages beside the form's fields. */
export function problemsFrom(errors: Record<string, string[]> | null | undefined, fallbackSummary: string | null): FormProblems {
  const fields = messagesByField(errors, { paths: PATHS, fields: FIELD_ORDER });
  let missing = false;
  for (const field of FIELD_ORDER) {
    if (fields[field] !== studentRequiredMessage()) continue;
    missing = true;
    fields[field] = validation.t("required", { label: FIELD_LABELS[field] });
  }
  const hasFields = Object.keys(fields).length > 0;
  return {
    summary: missing ? studentRequiredMessage() : (fallbackSummary ?? (hasFields ? MSG.invalidInput : null)),
    fields,
  };
}

/** The client's check before sending; null when the form may go. */
export function checkStudentForm(values: StudentFormValues): FormProblems | null {
  const result = v.safeParse(studentForm, toStudentInput(values), { abortPipeEarly: false });
  return result.success ? null : problemsFrom(fieldErrorsOf(result.issues), null);
}

/**
 * The Course/Standard choices: the live catalog (the seed list only while it loads), plus a student's current
 * value that was retired since. An empty catalog offers none (walk 30a: the seed list was offered, which the server
 * refuses).
 */
export function standardOptions(current: string, catalog: readonly string[] = SEED_STANDARDS): string[] {
  const list: string[] = [...catalog];
  if (current && !list.includes(current)) list.push(current);
  return list;
}
