/**
 * Student records as the admin manages them (spec part 2 §3, §5): the add/edit form, the list query and
 * the ids. The standard must also be one of the live "standard" options; the server checks that.
 */
import * as v from "valibot";
import { BLOOD_GROUPS } from "../constants.ts";
import { account } from "../i18n/account.ts";
import { clearableText, emailAddress, pageParams, recordId, requiredString, requiredText } from "./common.ts";

/** The spec's one message for any of the four required fields (spec part 2 §5). */
export const STUDENT_REQUIRED_MESSAGE = "Please fill in all required fields (Name, Email, Mobile, Course/Standard)";

export const STUDENT_MESSAGES = {
  notFound: "Student not found",
  unknownStandard: "Please choose a course/standard from the list",
  bloodGroup: "Please choose a blood group from the list",
  mobile: "Please enter a valid mobile number",
  phone: "Please enter a valid phone number",
  dateOfBirth: "Please enter a real date of birth in the past",
} as const;

const PHONE = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;

/** Optional fields may arrive as null (a form re-sending what the list answered); blank is unset. */
const blankable = clearableText;

const optionalPhone = (message: string) =>
  v.pipe(
    blankable(20),
    v.check((p) => p === undefined || PHONE.test(p), message),
  );

const emergencyContactObject = v.object(
  {
    name: blankable(120),
    relationship: blankable(60),
    phone: optionalPhone(STUDENT_MESSAGES.phone),
    email: v.pipe(
      blankable(254),
      v.check((e) => e === undefined || v.is(v.pipe(v.string(), v.email()), e), account.m("validEmail")),
      v.transform((e) => e?.toLowerCase()),
    ),
  },
  "Please enter the emergency contact as a name or as its details",
);
export type EmergencyContact = v.InferOutput<typeof emergencyContactObject>;

/** The form's fields: the four required ones first, so the headline message is theirs. */
export const studentFormEntries = {
  name: requiredText(STUDENT_REQUIRED_MESSAGE, 120),
  email: emailAddress(STUDENT_REQUIRED_MESSAGE),
  mobile: v.pipe(
    requiredString(STUDENT_REQUIRED_MESSAGE),
    v.trim(),
    v.nonEmpty(STUDENT_REQUIRED_MESSAGE),
    v.regex(PHONE, STUDENT_MESSAGES.mobile),
  ),
  standard: requiredText(STUDENT_REQUIRED_MESSAGE, 60),
  bloodGroup: v.pipe(blankable(3), v.optional(v.picklist(BLOOD_GROUPS, STUDENT_MESSAGES.bloodGroup))),
  dateOfBirth: v.pipe(
    blankable(10),
    v.check((d) => {
      if (d === undefined) return true;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
      const t = Date.parse(d);
      return !Number.isNaN(t) && t < Date.now() && new Date(t).getUTCFullYear() > 1900;
    }, STUDENT_MESSAGES.dateOfBirth),
  ),
  address: blankable(500),
  /** The spec allows a plain name or the full details; both become the object. */
  emergencyContact: v.pipe(
    v.nullish(v.unknown(), null),
    v.transform((value) => (value === null ? {} : typeof value === "string" ? { name: value } : value)),
    emergencyContactObject,
  ),
};

/** POST /admin/students. */
export const studentForm = v.object(studentFormEntries);
export type StudentForm = v.InferOutput<typeof studentForm>;

const studentId = recordId(STUDENT_MESSAGES.notFound);

/** GET/DELETE /admin/students/{id}, toggle-status, send-credentials. */
export const studentIdInput = v.object({ id: studentId });

/** PUT /admin/students/{id}: the id and the whole form (blank optional fields are cleared). */
export const studentUpdateInput = v.object({ id: studentId, ...studentFormEntries });
export type StudentUpdateInput = v.InferOutput<typeof studentUpdateInput>;

export const STUDENT_STATUSES = ["all", "active", "inactive"] as const;

export const studentListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(STUDENT_STATUSES, "Unknown status"), "all"),
});
export type StudentListQuery = v.InferOutput<typeof studentListQuery>;

/** GET /admin/students/export.csv: the list's filters, every matching row. */
export const studentExportQuery = v.object({
  search: studentListQuery.entries.search,
  status: studentListQuery.entries.status,
});
export type StudentExportQuery = v.InferOutput<typeof studentExportQuery>;
