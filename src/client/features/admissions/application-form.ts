/**
 * The admission application as the screens hold it: every text field as a string, the wizard's steps and
 * sections, labels, and the checks — all from the shared schema (src/shared/schemas/admission.ts), so the
 * form says exactly what the server will say.
 */
import * as v from "valibot";
import { BLOOD_GROUPS, GENDERS, NAME_PART_MAX, passingYearRange, SEED_ADMISSION_COURSES } from "../../../shared/constants.ts";
import { admission } from "../../../shared/i18n/admission.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { MSG } from "../../../shared/messages.ts";
import {
  type AdmissionFieldName,
  admissionFields,
  DOCUMENT_LABELS,
  type DocumentKind,
  missingFieldsMessage,
  REQUIRED_ADMISSION_FIELDS,
} from "../../../shared/schemas/admission.ts";

export type FieldName = AdmissionFieldName;
export type AdmissionValues = Record<FieldName, string>;

/** Every field, in the order of the form (and of the spec's entity). */
export const FIELD_NAMES = Object.keys(admissionFields.entries) as FieldName[];

export const isRequiredField = (name: FieldName) => (REQUIRED_ADMISSION_FIELDS as readonly FieldName[]).includes(name);

/** Labels of the form in the current language (admission catalogue); the required ones are the spec's own. */
export const FIELD_LABELS = labelsOf(FIELD_NAMES, (name) => admission.t(`field.${name}`));

/** A new form: every field empty but Nationality, "Indian" in the reader's language (a Hindi form once said "Indian"). */
export function emptyValues(): AdmissionValues {
  const values = Object.fromEntries(FIELD_NAMES.map((name) => [name, ""])) as AdmissionValues;
  values.nationality = admission.t("field.nationalityDefault");
  return values;
}

/** Years of passing, newest first: 2015 to the current year (the schema's range, read on the same day). */
export function passingYears(now = new Date()) {
  const { min, max } = passingYearRange(now);
  return Array.from({ length: max - min + 1 }, (_, i) => String(max - i));
}
export const PASSING_YEARS = passingYears();

export type FieldKind = "text" | "email" | "tel" | "date" | "select" | "textarea" | "numeric" | "decimal";

export interface FieldConfig {
  name: FieldName;
  kind: FieldKind;
  options?: readonly string[];
  /** The empty choice of a select (admission catalogue: placeholder.*). */
  placeholder?: "choose" | "course" | "year";
  autoComplete?: string;
  /** A hint under the field (admission catalogue: hint.<name>). */
  hint?: true;
  maxLength?: number;
  /** Spans both columns of the form grid. */
  full?: boolean;
}

export interface FieldSection {
  /** Its title in the current language. */
  readonly title: string;
  fields: readonly FieldConfig[];
}

type SectionKey = "about" | "contact" | "address" | "course" | "family" | "additional";
const section = (key: SectionKey, fields: readonly FieldConfig[]): FieldSection => ({
  get title() {
    return admission.t(`section.${key}`);
  },
  fields,
});

/**
 * Courses offered while the live catalog (`admissions.courses`) loads or if it cannot be read; the
 * server checks the chosen course against the catalog either way.
 */
export const COURSE_OPTIONS: readonly string[] = SEED_ADMISSION_COURSES;

export const PERSONAL_SECTIONS: readonly FieldSection[] = [
  section("about", [
    { name: "firstName", kind: "text", autoComplete: "given-name", maxLength: NAME_PART_MAX },
    { name: "lastName", kind: "text", autoComplete: "family-name", maxLength: NAME_PART_MAX },
    { name: "dateOfBirth", kind: "date", autoComplete: "bday" },
    { name: "gender", kind: "select", options: GENDERS, placeholder: "choose" },
    { name: "bloodGroup", kind: "select", options: BLOOD_GROUPS, placeholder: "choose" },
    { name: "nationality", kind: "text", maxLength: 60 },
  ]),
  section("contact", [
    { name: "email", kind: "email", autoComplete: "email", hint: true },
    { name: "phone", kind: "tel", autoComplete: "tel", hint: true },
    { name: "alternatePhone", kind: "tel", maxLength: 20 },
  ]),
  section("address", [
    { name: "address", kind: "textarea", autoComplete: "street-address", full: true, maxLength: 500 },
    { name: "city", kind: "text", autoComplete: "address-level2", maxLength: 80 },
    { name: "state", kind: "text", autoComplete: "address-level1", maxLength: 80 },
    // Seven: a PIN written as on letters, "411 001" (stored as its six digits).
    { name: "pincode", kind: "numeric", autoComplete: "postal-code", maxLength: 7, hint: true },
  ]),
];

export const ACADEMIC_SECTIONS: readonly FieldSection[] = [
  section("course", [
    { name: "course", kind: "select", options: COURSE_OPTIONS, placeholder: "course", full: true },
    { name: "previousSchool", kind: "text", maxLength: 200, full: true },
    { name: "previousPercentage", kind: "decimal", maxLength: 6, hint: true },
    { name: "boardOfStudy", kind: "text", maxLength: 120 },
    { name: "yearOfPassing", kind: "select", options: PASSING_YEARS, placeholder: "year" },
  ]),
  section("family", [
    { name: "fatherName", kind: "text", maxLength: 120 },
    { name: "fatherOccupation", kind: "text", maxLength: 120 },
    { name: "motherName", kind: "text", maxLength: 120 },
    { name: "motherOccupation", kind: "text", maxLength: 120 },
    { name: "guardianPhone", kind: "tel", maxLength: 20 },
  ]),
  section("additional", [
    { name: "extracurricular", kind: "textarea", full: true, maxLength: 1000 },
    { name: "medicalHistory", kind: "textarea", full: true, maxLength: 1000, hint: true },
    { name: "specialRequirements", kind: "textarea", full: true, maxLength: 1000, hint: true },
  ]),
];

export const STEPS = [
  { id: "personal", sections: PERSONAL_SECTIONS },
  { id: "academic", sections: ACADEMIC_SECTIONS },
  { id: "documents", sections: [] },
  { id: "review", sections: [] },
] as const;
/** A step's title in the current language. */
export const stepTitle = (index: StepIndex) => admission.t(`step.${STEPS[index].id}`);
export type StepIndex = 0 | 1 | 2 | 3;
export const DOCUMENTS_STEP: StepIndex = 2;
export const REVIEW_STEP: StepIndex = 3;

/** The step that holds a field (documents: the Documents Upload step). */
export function stepOfField(name: string): StepIndex {
  const index = STEPS.findIndex((s) => s.sections.some((section) => section.fields.some((f) => f.name === name)));
  return (index === -1 ? DOCUMENTS_STEP : index) as StepIndex;
}

/** The first message the shared schema gives for one field's value, or undefined when it is fine. */
export function fieldError(name: FieldName, value: string): string | undefined {
  const result = v.safeParse(admissionFields.entries[name], value);
  return result.success ? undefined : result.issues[0]?.message;
}

/** Every field's first message (empty object: all fine). */
export function validateAll(values: AdmissionValues): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const name of FIELD_NAMES) {
    const message = fieldError(name, values[name]);
    if (message) errors[name] = message;
  }
  return errors;
}

/** The spec's required fields that are blank, in the order the alert lists them. */
export function missingRequiredFields(values: Partial<Record<FieldName, string>>): (typeof REQUIRED_ADMISSION_FIELDS)[number][] {
  return REQUIRED_ADMISSION_FIELDS.filter((name) => !(values[name] ?? "").trim());
}

/** The message for fields that are filled in but not in the expected form. */
export function invalidFieldsMessage(names: readonly FieldName[]): string {
  return `${MSG.invalidInput}: ${names.map((n) => FIELD_LABELS[n]).join(", ")}`;
}

/** Documents by name, e.g. "Photo, Marksheet". */
export const documentNames = (kinds: readonly DocumentKind[]) => kinds.map((k) => DOCUMENT_LABELS[k]).join(", ");

/**
 * What stops the application being sent, as the alert above the form says it, worked out from the form as it
 * is now (so the alert follows each fix): the required fields and the required documents still missing, each
 * kind on its own line; once none is, the fields not in the expected form. `first` is where to take the
 * person; null when nothing stops it.
 */
export function whatToFix(
  values: AdmissionValues,
  missingDocuments: readonly DocumentKind[] = [],
): { lines: string[]; first: FieldName | DocumentKind } | null {
  const missing = missingRequiredFields(values);
  if (missing.length || missingDocuments.length) {
    const lines = [
      ...(missing.length ? [missingFieldsMessage(missing)] : []),
      ...(missingDocuments.length ? [admission.t("missing.documents", { documents: documentNames(missingDocuments) })] : []),
    ];
    return { lines, first: missing[0] ?? missingDocuments[0]! };
  }
  const invalid = Object.keys(validateAll(values)) as FieldName[];
  return invalid.length ? { lines: [invalidFieldsMessage(invalid)], first: invalid[0]! } : null;
}

/** The text fields as multipart parts; blank fields are not sent (spec part 1 §5). */
export function appendFields(form: FormData, values: AdmissionValues): FormData {
  for (const name of FIELD_NAMES) {
    const value = values[name].trim();
    if (value) form.append(name, value);
  }
  return form;
}

/** A stored application's fields as form values (a missing value becomes ""). */
export function valuesFrom(source: Partial<Record<FieldName, string | null>>): AdmissionValues {
  const values = emptyValues();
  for (const name of FIELD_NAMES) values[name] = source[name] ?? "";
  return values;
}

/** A field's DOM id inside a form whose ids start with `prefix`. */
export const fieldDomId = (prefix: string, name: string) => `${prefix}-${name}`;
