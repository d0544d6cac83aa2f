/**
 * The admission application (spec part 1 §3, §5): one schema for the wizard, the tRPC input, the REST
 * multipart handler and the validate call. Text fields arrive as strings (multipart); empty means unset.
 */
import * as v from "valibot";
import { ADMISSION_STATUSES, BLOOD_GROUPS, GENDERS, passingYearRange, REJECTION_REASON_MIN } from "../constants.ts";
import { emailAddress, optionalText, pageParams, requiredChoice, requiredString, requiredText } from "./common.ts";

const phone = (label: string) =>
  v.pipe(
    requiredString(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, `Please enter a valid ${label.toLowerCase()}`),
  );

const optionalPhone = (label: string) =>
  v.pipe(
    optionalText(20),
    v.check((p) => p === undefined || /^\+?[0-9][0-9 -]{6,18}[0-9]$/.test(p), `Please enter a valid ${label.toLowerCase()}`),
  );

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Fields the spec enforces at final submit, in the order the alert lists them. */
export const REQUIRED_ADMISSION_FIELDS = [
  ["firstName", "First Name"],
  ["lastName", "Last Name"],
  ["dateOfBirth", "Date of Birth"],
  ["gender", "Gender"],
  ["bloodGroup", "Blood Group"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["address", "Address"],
  ["city", "City"],
  ["state", "State"],
  ["pincode", "Pincode"],
  ["course", "Course"],
] as const;

export const admissionFields = v.object({
  firstName: requiredText("First Name is required", 80),
  lastName: requiredText("Last Name is required", 80),
  dateOfBirth: v.pipe(
    requiredString("Date of Birth is required"),
    v.trim(),
    v.nonEmpty("Date of Birth is required"),
    v.regex(isoDate, "Please enter the date of birth as a date"),
    v.check((d) => {
      const t = Date.parse(d);
      return !Number.isNaN(t) && t < Date.now() && new Date(d).getUTCFullYear() > 1900;
    }, "Please enter a real date of birth in the past"),
  ),
  gender: requiredChoice(GENDERS, "Gender"),
  bloodGroup: requiredChoice(BLOOD_GROUPS, "Blood Group"),
  nationality: optionalText(60),
  email: emailAddress("Email is required"),
  phone: phone("Phone"),
  alternatePhone: optionalPhone("Alternate phone"),
  address: requiredText("Address is required", 500),
  city: requiredText("City is required", 80),
  state: requiredText("State is required", 80),
  pincode: v.pipe(
    requiredString("Pincode is required"),
    v.trim(),
    v.nonEmpty("Pincode is required"),
    v.regex(/^\d{6}$/, "Please enter a valid 6-digit PIN code"),
  ),
  course: requiredText("Course is required", 120),
  previousSchool: optionalText(200),
  previousPercentage: v.pipe(
    optionalText(6),
    v.check((p) => p === undefined || (/^\d{1,3}(\.\d{1,2})?$/.test(p) && Number(p) <= 100), "Please enter a percentage between 0 and 100"),
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
        addIssue({ message: `Year of passing must be between ${min} and ${max}` });
    }),
  ),
  fatherName: optionalText(120),
  fatherOccupation: optionalText(120),
  motherName: optionalText(120),
  motherOccupation: optionalText(120),
  guardianPhone: optionalPhone("Guardian phone"),
  extracurricular: optionalText(1000),
  medicalHistory: optionalText(1000),
  specialRequirements: optionalText(1000),
});
export type AdmissionFields = v.InferOutput<typeof admissionFields>;
export type AdmissionFieldName = keyof AdmissionFields;

/** The same fields, each optional: what POST /admission/validate checks of a partial application. */
export const partialAdmissionFields = v.partial(admissionFields);

export const DOCUMENT_KINDS = ["photo", "marksheet", "transferCertificate", "birthCertificate"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const REQUIRED_DOCUMENTS: readonly DocumentKind[] = ["photo", "marksheet"];
export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  photo: "Photo",
  marksheet: "Marksheet",
  transferCertificate: "Transfer Certificate",
  birthCertificate: "Birth Certificate",
};
/** What each document may be, checked by content on the server. */
export const DOCUMENT_TYPES: Record<DocumentKind, readonly ("pdf" | "jpeg" | "png")[]> = {
  photo: ["jpeg", "png"],
  marksheet: ["pdf", "jpeg", "png"],
  transferCertificate: ["pdf", "jpeg", "png"],
  birthCertificate: ["pdf", "jpeg", "png"],
};

export const statusLookupInput = v.object({
  query: v.pipe(
    v.string("Please enter a valid email address"),
    v.trim(),
    v.nonEmpty("Please enter a valid email address"),
    v.maxLength(254, "Please enter a valid email address"),
    v.check((s) => s.includes("@") || /^APP-\d{4}-\d{6,}$/i.test(s), "Please enter a valid email address"),
  ),
});

export const accessCodeRequestInput = v.object({ email: emailAddress() });
export const accessCodeVerifyInput = v.object({
  email: emailAddress(),
  code: v.pipe(v.string("Please enter the complete 6-digit code"), v.trim(), v.regex(/^\d{6}$/, "Please enter the complete 6-digit code")),
});

export const admissionListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(["all", ...ADMISSION_STATUSES], "Unknown status"), "all"),
});
export type AdmissionListQuery = v.InferOutput<typeof admissionListQuery>;

export const processAdmissionInput = v.pipe(
  v.object({
    admissionId: v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.integer("Unknown application"),
      v.minValue(1, "Unknown application"),
    ),
    action: v.picklist(["accept", "reject"], "Action must be accept or reject"),
    rejectionReason: v.optional(v.pipe(v.string(), v.trim()), ""),
  }),
  v.forward(
    v.check(
      (i) => i.action !== "reject" || i.rejectionReason.length >= REJECTION_REASON_MIN,
      "Rejection reason is required and must be at least 10 characters long.",
    ),
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
