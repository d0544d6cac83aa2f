/**
 * The student portal's inputs (spec part 1 §3, §5, §7): own profile, settings, privacy, password change,
 * a student by id, and the public ID-card check. One schema per input, used by the form, tRPC and REST.
 */
import * as v from "valibot";
import { ACCOUNT_MSG } from "../account-messages.ts";
import { BLOOD_GROUPS, EMERGENCY_RELATIONSHIPS, GENDERS, isOneOf } from "../constants.ts";
import { account } from "../i18n/account.ts";
import { changePasswordInput } from "./auth.ts";
import { recordId } from "./common.ts";
import { studentPreferences } from "./settings.ts";

export const STUDENT_MESSAGES = {
  newPasswordsDoNotMatch: "New passwords do not match",
  get photoTooLarge() {
    return ACCOUNT_MSG.photoTooLarge;
  },
  get photoNotImage() {
    return ACCOUNT_MSG.photoNotImage;
  },
  cardNotVerified: "This ID card could not be verified",
  unknownStudent: "Unknown student",
  dateOfBirthSetByInstitute: "Your date of birth is kept as the institute has it. To correct it, please open a support ticket.",
} as const;

const PHONE = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An editable profile value: left out = unchanged, blank or null = cleared (null), anything else must
 * pass `rule`. Read-only fields are simply not in the schema, so valibot drops them.
 */
function editable<TOut>(rule: v.GenericSchema<string, TOut>) {
  return v.optional(
    v.pipe(
      v.nullable(v.string("Please enter text")),
      v.transform((s) => (s === null ? null : s.trim() === "" ? null : s.trim())),
      v.nullable(rule),
    ),
  );
}

const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `Must be at most ${max} characters`));
const phone = (message: string) => v.pipe(v.string(), v.regex(PHONE, message));
const oneOf = <const T extends readonly string[]>(options: T, message: string) =>
  v.pipe(
    v.string(),
    v.check((s) => isOneOf(options, s), message),
    v.transform((s) => s as T[number]),
  );

const dateOfBirth = v.pipe(
  v.string(),
  v.regex(ISO_DATE, "Please enter the date of birth as a date"),
  v.check((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    // The round trip refuses dates such as 2003-02-30.
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d && t < Date.now() && new Date(t).getUTCFullYear() > 1900;
  }, "Please enter a real date of birth in the past"),
);

export const emergencyContactInput = v.object({
  name: editable(text(120)),
  relationship: editable(oneOf(EMERGENCY_RELATIONSHIPS, "Please choose Father, Mother, Guardian, Spouse, Sibling or Other")),
  phone: editable(phone("Please enter a valid phone number")),
  email: editable(v.pipe(v.string(), v.maxLength(254, account.m("validEmail")), v.email(account.m("validEmail")), v.toLowerCase())),
});

/**
 * PUT /student/profile: what a student may change about themselves. Name, student ID, standard, section,
 * roll number and course are managed by the administration and are ignored if sent; the date of birth too,
 * and a date that differs from the record is refused (issue 14.2). The e-mail address has its own checked path.
 */
export const studentProfileInput = v.object({
  mobile: editable(phone("Please enter a valid mobile number")),
  dateOfBirth: editable(dateOfBirth),
  gender: editable(oneOf(GENDERS, "Please choose Male, Female or Other")),
  address: editable(text(500)),
  city: editable(text(80)),
  state: editable(text(80)),
  pincode: editable(v.pipe(v.string(), v.regex(/^\d{6}$/, "Please enter a valid 6-digit PIN code"))),
  bloodGroup: editable(oneOf(BLOOD_GROUPS, "Please choose a blood group from the list")),
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
    v.partialCheck(
      [["newPassword"], ["confirmPassword"]],
      (i) => i.newPassword === i.confirmPassword,
      STUDENT_MESSAGES.newPasswordsDoNotMatch,
    ),
    ["confirmPassword"],
  ),
);
export type StudentChangePasswordInput = v.InferOutput<typeof studentChangePasswordInput>;

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
  id: recordId(STUDENT_MESSAGES.unknownStudent),
});

/** GET /public/verify/{token}: the opaque token printed in the card's QR code. */
export const verifyCardInput = v.object({
  token: v.pipe(
    v.string(STUDENT_MESSAGES.cardNotVerified),
    v.trim(),
    v.nonEmpty(STUDENT_MESSAGES.cardNotVerified),
    v.maxLength(200, STUDENT_MESSAGES.cardNotVerified),
  ),
});
