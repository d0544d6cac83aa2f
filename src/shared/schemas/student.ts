/**
 * The student portal's inputs (spec part 1 §3, §5, §7): own profile, settings, privacy, password change,
 * a student by id, and the public ID-card check. One schema per input, used by the form, tRPC and REST.
 */
import * as v from "valibot";
import { ACCOUNT_MSG } from "../account-messages.ts";
import { BLOOD_GROUPS, EMERGENCY_RELATIONSHIPS, GENDERS, isOneOf } from "../constants.ts";
import { account } from "../i18n/account.ts";
import { student } from "../i18n/student.ts";
import { type KeyOf, labelsOf } from "../i18n/translate.ts";
import { validation } from "../i18n/validation.ts";
import { changePasswordInput } from "./auth.ts";
import { inWesternDigits, isBirthDate, isPhone, personName, pinCode, recordId } from "./common.ts";
import { studentPreferences } from "./settings.ts";

/** The portal's messages, in the reader's language at each use (never spread: that would freeze one language). */
export const STUDENT_MESSAGES = labelsOf(
  [
    "newPasswordsDoNotMatch",
    "photoTooLarge",
    "photoNotImage",
    "cardNotVerified",
    "unknownStudent",
    "dateOfBirthSetByInstitute",
    "notFound",
  ] as const,
  (key) => (key === "photoTooLarge" || key === "photoNotImage" ? ACCOUNT_MSG[key] : student.t(`rule.${key}`)),
);
/** A rule's message, read when the rule fails (valibot calls it). */
const ruleText = (key: RuleKey<KeyOf<typeof student>>) => student.m(`rule.${key}`);
type RuleKey<K> = K extends `rule.${infer Rule}` ? Rule : never;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An editable profile value: left out = unchanged, blank or null = cleared (null), anything else must
 * pass `rule`. Read-only fields are simply not in the schema, so valibot drops them.
 */
function editable<TOut>(rule: v.GenericSchema<string, TOut>) {
  return v.optional(
    v.pipe(
      v.nullable(v.string(ruleText("text"))),
      v.transform((s) => (s === null ? null : s.trim() === "" ? null : s.trim())),
      v.nullable(rule),
    ),
  );
}

const text = (max: number) => v.pipe(v.string(), v.maxLength(max, validation.m("maxLength", { max })));
const phone = (message: () => string) => v.pipe(v.string(), inWesternDigits, v.check(isPhone, message));
const oneOf = <const T extends readonly string[]>(options: T, message: () => string) =>
  v.pipe(
    v.string(),
    v.check((s) => isOneOf(options, s), message),
    v.transform((s) => s as T[number]),
  );

const dateOfBirth = v.pipe(v.string(), v.regex(ISO_DATE, ruleText("dateFormat")), v.check(isBirthDate, ruleText("datePast")));

export const emergencyContactInput = v.object({
  name: editable(personName(text(120))),
  relationship: editable(oneOf(EMERGENCY_RELATIONSHIPS, ruleText("relationship"))),
  phone: editable(phone(ruleText("phone"))),
  email: editable(v.pipe(v.string(), v.maxLength(254, account.m("validEmail")), v.email(account.m("validEmail")), v.toLowerCase())),
});

/**
 * PUT /student/profile: what a student may change about themselves. Name, student ID, standard, section,
 * roll number and course are managed by the administration and are ignored if sent; the date of birth too,
 * and a date that differs from the record is refused (issue 14.2). The e-mail address has its own checked path.
 */
export const studentProfileInput = v.object({
  mobile: editable(phone(ruleText("mobile"))),
  dateOfBirth: editable(dateOfBirth),
  gender: editable(oneOf(GENDERS, ruleText("gender"))),
  address: editable(text(500)),
  city: editable(text(80)),
  state: editable(text(80)),
  pincode: editable(pinCode(ruleText("pincode"))),
  bloodGroup: editable(oneOf(BLOOD_GROUPS, ruleText("bloodGroup"))),
  emergencyContact: v.optional(v.nullable(emergencyContactInput)),
});
export type StudentProfileInput = v.InferOutput<typeof studentProfileInput>;

/** PUT /student/change-password: the one password policy (DECISIONS 9), typed twice. */
export const studentChangePasswordInput = v.pipe(
  v.object({
    ...changePasswordInput.entries,
    confirmPassword: v.pipe(v.optional(v.string(account.m("confirmPassword")), ""), v.nonEmpty(account.m("confirmPassword"))),
  }),
  v.forward(
    v.partialCheck([["newPassword"], ["confirmPassword"]], (i) => i.newPassword === i.confirmPassword, ruleText("newPasswordsDoNotMatch")),
    ["confirmPassword"],
  ),
);

const { emailNotifications, smsNotifications, pushNotifications, theme, language, showPhotoOnVerification } = studentPreferences.entries;

/**
 * PUT /student/notification-settings: the Notifications and Preferences tabs, plus the two-factor switch
 * of the Security tab. Each key is optional, so a tab can save only its own values.
 */
export const notificationSettingsInput = v.object({
  emailNotifications: v.optional(emailNotifications),
  smsNotifications: v.optional(smsNotifications),
  pushNotifications: v.optional(pushNotifications),
  theme: v.optional(theme),
  language: v.optional(language),
  twoFactorAuth: v.optional(v.boolean()),
});
export type NotificationSettingsInput = v.InferOutput<typeof notificationSettingsInput>;

/** PUT /student/privacy-settings. */
export const privacySettingsInput = v.object({ showPhotoOnVerification });
export type PrivacySettingsInput = v.InferOutput<typeof privacySettingsInput>;

/** GET /student/{id}: a numeric user id (a path segment in REST, a number in tRPC). */
export const studentByIdInput = v.object({
  id: recordId(ruleText("unknownStudent")),
});

/** GET /public/verify/{token}: the opaque token printed in the card's QR code. */
export const verifyCardInput = v.object({
  token: v.pipe(
    v.string(ruleText("cardNotVerified")),
    v.trim(),
    v.nonEmpty(ruleText("cardNotVerified")),
    v.maxLength(200, ruleText("cardNotVerified")),
  ),
});
