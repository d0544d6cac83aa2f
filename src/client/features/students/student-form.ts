/**
 * The add/edit student form's values and checks (spec part 2 §5), with the same shared schema the
 * server uses (DECISIONS 8): the four required fields give the spec's one message, other rules their own.
 */
import * as v from "valibot";
import { SEED_STANDARDS } from "../../../shared/constants.ts";
import { MSG } from "../../../shared/messages.ts";
import { fieldErrorsOf } from "../../../shared/schemas/common.ts";
import { STUDENT_REQUIRED_MESSAGE, studentForm } from "../../../shared/schemas/students.ts";
import { messagesByField } from "../../lib/form.ts";
import type { RouterInputs, RouterOutputs } from "../../lib/trpc.ts";

export type StudentRow = RouterOutputs["students"]["list"]["students"][number];
export type StudentInput = RouterInputs["students"]["create"];

export interface StudentFormValues {
  name: string;
  email: string;
  mobile: string;
  standard: string;
  bloodGroup: string;
  dateOfBirth: string;
  address: string;
  emergencyName: string;
  emergencyRelationship: string;
  emergencyPhone: string;
  emergencyEmail: string;
}

export type StudentField = keyof StudentFormValues;

export const EMPTY_STUDENT_FORM: StudentFormValues = {
  name: "",
  email: "",
  mobile: "",
  standard: "",
  bloodGroup: "",
  dateOfBirth: "",
  address: "",
  emergencyName: "",
  emergencyRelationship: "",
  emergencyPhone: "",
  emergencyEmail: "",
};

/** Labels, also used for "… is required" beside a field. */
export const FIELD_LABELS: Record<StudentField, string> = {
  name: "Full name",
  email: "Email",
  mobile: "Mobile",
  standard: "Course/Standard",
  bloodGroup: "Blood group",
  dateOfBirth: "Date of birth",
  address: "Address",
  emergencyName: "Contact name",
  emergencyRelationship: "Relationship",
  emergencyPhone: "Contact phone",
  emergencyEmail: "Contact e-mail",
};

/** The order fields appear in, for focusing the first one to fix. */
export const FIELD_ORDER = Object.keys(EMPTY_STUDENT_FORM) as StudentField[];

export const fieldId = (field: StudentField) => `student-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The schema's (and the server's) field paths → the form's fields. */
const PATHS: Record<string, StudentField> = {
  name: "name",
  email: "email",
  mobile: "mobile",
  standard: "standard",
  bloodGroup: "bloodGroup",
  dateOfBirth: "dateOfBirth",
  address: "address",
  emergencyContact: "emergencyName",
  "emergencyContact.name": "emergencyName",
  "emergencyContact.relationship": "emergencyRelationship",
  "emergencyContact.phone": "emergencyPhone",
  "emergencyContact.email": "emergencyEmail",
};

export function valuesOf(student: StudentRow): StudentFormValues {
  const ec = student.emergencyContact;
  return {
    name: student.name ?? "",
    email: student.email ?? "",
    mobile: student.mobile ?? "",
    standard: student.standard ?? "",
    bloodGroup: student.bloodGroup ?? "",
    dateOfBirth: student.dateOfBirth ?? "",
    address: student.address ?? "",
    emergencyName: ec?.name ?? "",
    emergencyRelationship: ec?.relationship ?? "",
    emergencyPhone: ec?.phone ?? "",
    emergencyEmail: ec?.email ?? "",
  };
}

/** What is sent: the whole form (a blank optional field clears the stored value). */
export function toStudentInput(values: StudentFormValues): StudentInput {
  const t = (s: string) => s.trim();
  return {
    name: t(values.name),
    email: t(values.email),
    mobile: t(values.mobile),
    standard: t(values.standard),
    bloodGroup: t(values.bloodGroup),
    dateOfBirth: t(values.dateOfBirth),
    address: t(values.address),
    emergencyContact: {
      name: t(values.emergencyName),
      relationship: t(values.emergencyRelationship),
      phone: t(values.emergencyPhone),
      email: t(values.emergencyEmail),
    },
  };
}

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
    if (fields[field] !== STUDENT_REQUIRED_MESSAGE) continue;
    missing = true;
    fields[field] = `${FIELD_LABELS[field]} is required`;
  }
  const hasFields = Object.keys(fields).length > 0;
  return {
    summary: missing ? STUDENT_REQUIRED_MESSAGE : (fallbackSummary ?? (hasFields ? MSG.invalidInput : null)),
    fields,
  };
}

/** The client's check before sending; null when the form may go. */
export function checkStudentForm(values: StudentFormValues): FormProblems | null {
  const result = v.safeParse(studentForm, toStudentInput(values), { abortPipeEarly: false });
  return result.success ? null : problemsFrom(fieldErrorsOf(result.issues), null);
}

/**
 * The Course/Standard choices: the live catalog (the seed list while it loads), plus a student's current
 * value that was retired since.
 */
export function standardOptions(current: string, catalog: readonly string[] = SEED_STANDARDS): string[] {
  const list: string[] = [...(catalog.length ? catalog : SEED_STANDARDS)];
  if (current && !list.includes(current)) list.push(current);
  return list;
}
