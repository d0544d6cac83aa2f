/**
 * The admission application (spec part 1 §3, §5): one schema for the wizard, the tRPC input, the REST
 * multipart handler and the validate call. Text fields arrive as strings (multipart); empty means unset.
 */
import * as v from "valibot";
import { ADMISSION_STATUSES, BLOOD_GROUPS, GENDERS, NAME_PART_MAX, passingYearRange, REJECTION_REASON_MIN } from "../constants.ts";
import { account } from "../i18n/account.ts";
import { admission } from "../i18n/admission.ts";
import { genderLabel } from "../i18n/person.ts";
import { labelsOf } from "../i18n/translate.ts";
import { validation } from "../i18n/validation.ts";
import {
  emailAddress,
  filledIn,
  inWesternDigits,
  isBirthDate,
  isPhone,
  optionalPhone,
  optionalText,
  pageParams,
  personName,
  pinCode,
  recordId,
  recordVersion,
  requiredChoice,
  requiredText,
} from "./common.ts";

type LabelledField =
  | "firstName"
  | "lastName"
  | "dateOfBirth"
  | "gender"
  | "bloodGroup"
  | "email"
  | "phone"
  | "address"
  | "city"
  | "state"
  | "pincode"
  | "course"
  | "alternatePhone"
  | "guardianPhone";
/** A field's label in the current language (admission catalogue). */
const label = (field: LabelledField) => () => admission.t(`field.${field}`);
/** "<Label> is required", read when the rule fails. */
const required = (field: LabelledField) => () => validation.t("required", { label: admission.t(`field.${field}`) });
const invalidPhone = (field: LabelledField) => () => admission.t("check.phone", { label: admission.t(`field.${field}`).toLowerCase() });

const phone = (field: LabelledField) => v.pipe(filledIn(required(field)), inWesternDigits, v.check(isPhone, invalidPhone(field)));

const optionalPhoneOf = (field: LabelledField) => optionalPhone(invalidPhone(field));

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Fields the spec enforces at final submit, in the order the alert lists them (labels: admission catalogue). */
export const REQUIRED_ADMISSION_FIELDS = [
  "firstName",
  "lastName",
  "dateOfBirth",
  "gender",
  "bloodGroup",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "pincode",
  "course",
] as const;

/** 'Please fill in the following required fields: …' (spec part 1 §5) for the given fields, in the current language. */
export const missingFieldsMessage = (fields: readonly (typeof REQUIRED_ADMISSION_FIELDS)[number][]) =>
  admission.t("missing.fields", { fields: fields.map((f) => admission.t(`field.${f}`)).join(", ") });

export const admissionFields = v.object({
  firstName: personName(requiredText(required("firstName"), NAME_PART_MAX)),
  lastName: personName(requiredText(required("lastName"), NAME_PART_MAX)),
  dateOfBirth: v.pipe(
    filledIn(required("dateOfBirth")),
    v.regex(isoDate, admission.m("check.dateFormat")),
    v.check(isBirthDate, admission.m("check.datePast")),
  ),
  gender: requiredChoice(GENDERS, label("gender"), labelsOf(GENDERS, genderLabel)),
  bloodGroup: requiredChoice(BLOOD_GROUPS, label("bloodGroup")),
  nationality: optionalText(60),
  email: emailAddress(required("email")),
  phone: phone("phone"),
  alternatePhone: optionalPhoneOf("alternatePhone"),
  address: requiredText(required("address"), 500),
  city: requiredText(required("city"), 80),
  state: requiredText(required("state"), 80),
  pincode: v.pipe(filledIn(required("pincode")), pinCode(admission.m("check.pincode"))),
  course: requiredText(required("course"), 120),
  previousSchool: optionalText(200),
  previousPercentage: v.pipe(
    optionalText(6),
    v.check((p) => p === undefined || (/^\d{1,3}(\.\d{1,2})?$/.test(p) && Number(p) <= 100), admission.m("check.percentage")),
  ),
  boardOfStudy: optionalText(120),
  // The bound is read when the value is checked, so the current year is accepted on 1 January without a release.
  yearOfPassing: v.pipe(
    optionalText(4),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value === undefined) return;
      const { min, max } = passingYearRange();
      const y = dataset.value;
      if (!/^\d{4}$/.test(y) || Number(y) < min || Number(y) > max)
        addIssue({ message: admission.t("check.year", { min: String(min), max: String(max) }) });
    }),
  ),
  fatherName: personName(optionalText(120)),
  fatherOccupation: optionalText(120),
  motherName: personName(optionalText(120)),
  motherOccupation: optionalText(120),
  guardianPhone: optionalPhoneOf("guardianPhone"),
  extracurricular: optionalText(1000),
  medicalHistory: optionalText(1000),
  specialRequirements: optionalText(1000),
});
export type AdmissionFields = v.InferOutput<typeof admissionFields>;
export type AdmissionFieldName = keyof AdmissionFields;

/** The same fields, each optional: what POST /admission/validate checks of a partial application. */
export const partialAdmissionFields = v.partial(admissionFields);

/** PUT /admission/update/{id}: besides the fields and files, the application's `version` the editor was filled from. */
export const editedVersion = v.object({ version: recordVersion });

export const DOCUMENT_KINDS = ["photo", "marksheet", "transferCertificate", "birthCertificate"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const REQUIRED_DOCUMENTS: readonly DocumentKind[] = ["photo", "marksheet"];
/** Each document's name in the current language (read at each use). */
export const DOCUMENT_LABELS = labelsOf(DOCUMENT_KINDS, (kind) => admission.t(`doc.${kind}`));
/** What each document may be, checked by content on the server. */
export const DOCUMENT_TYPES: Record<DocumentKind, readonly ("pdf" | "jpeg" | "png")[]> = {
  photo: ["jpeg", "png"],
  marksheet: ["pdf", "jpeg", "png"],
  transferCertificate: ["pdf", "jpeg", "png"],
  birthCertificate: ["pdf", "jpeg", "png"],
};

const APPLICATION_NUMBER = /^APP-\d{4}-\d{6,}$/i;
/** What an applicant types meaning their number, right or not ("APP 2026 000001", "app-2026-00001"). */
const LIKE_A_NUMBER = /^APP(\b|\d)/i;

export const statusLookupInput = v.object({
  query: v.pipe(
    v.string(account.m("emailAddressRequired")),
    v.trim(),
    v.nonEmpty(account.m("emailAddressRequired")),
    v.maxLength(254, account.m("validEmail")),
    // What starts like an application number is told the number's form, not an e-mail's (tenth walk).
    v.check((s) => s.includes("@") || !LIKE_A_NUMBER.test(s) || APPLICATION_NUMBER.test(s), account.m("applicationNumber")),
    v.check((s) => s.includes("@") || LIKE_A_NUMBER.test(s), account.m("validEmail")),
  ),
});

export const accessCodeRequestInput = v.object({ email: emailAddress() });
export const accessCodeVerifyInput = v.object({
  email: emailAddress(),
  code: v.pipe(v.string(account.m("completeCode")), v.trim(), v.regex(/^\d{6}$/, account.m("completeCode"))),
});

export const admissionListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(["all", ...ADMISSION_STATUSES], validation.m("unknownStatus")), "all"),
});
export type AdmissionListQuery = v.InferOutput<typeof admissionListQuery>;

export const processAdmissionInput = v.pipe(
  v.object({
    admissionId: recordId(admission.m("check.unknownApplication")),
    action: v.picklist(["accept", "reject"], admission.m("check.action")),
    rejectionReason: v.optional(v.pipe(v.string(), v.trim()), ""),
  }),
  v.forward(
    v.check((i) => i.action !== "reject" || i.rejectionReason.length >= REJECTION_REASON_MIN, admission.m("check.rejectionReason")),
    ["rejectionReason"],
  ),
);
export type ProcessAdmissionInput = v.InferOutput<typeof processAdmissionInput>;

/** What POST /api/admission/submit answers (REST only: it carries files, so tRPC cannot infer it for the client). */
export interface AdmissionSubmitResult {
  applicationNumber: string;
  id: number;
  status: (typeof ADMISSION_STATUSES)[number];
  submittedAt: string;
}
