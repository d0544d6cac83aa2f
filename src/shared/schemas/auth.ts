/** Login and session inputs (spec part 1 §5). */
import * as v from "valibot";
import { account } from "../i18n/account.ts";
import { LOCALES } from "../i18n/locales.ts";
import { emailAddress, newPassword, optionalPhone, optionalText, personName, presentedPassword } from "./common.ts";

export const adminLoginInput = v.object({
  email: emailAddress(account.m("emailRequired")),
  password: presentedPassword,
});
export type AdminLoginInput = v.InferOutput<typeof adminLoginInput>;

export const studentLoginInput = v.pipe(
  v.object({
    email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254, account.m("validEmail"))), ""),
    studentId: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(32)), ""),
    password: presentedPassword,
  }),
  v.forward(
    v.check((i) => i.email !== "" || i.studentId !== "", account.m("emailOrStudentIdRequired")),
    ["email"],
  ),
);
export type StudentLoginInput = v.InferOutput<typeof studentLoginInput>;

export const USER_TYPES = ["admin", "student"] as const;
const userType = v.picklist(USER_TYPES, account.m("chooseAccountType"));

/** Six digits, as typed in the six boxes. */
export const otpCode = v.pipe(v.string(account.m("completeCode")), v.trim(), v.regex(/^\d{6}$/, account.m("completeCode")));

export const forgotPasswordInput = v.object({
  email: emailAddress(),
  userType,
});
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordInput>;

export const verifyOtpInput = v.object({
  email: emailAddress(),
  otp: otpCode,
  userType,
});
export type VerifyOtpInput = v.InferOutput<typeof verifyOtpInput>;

export const resetPasswordInput = v.object({
  password: newPassword,
  resetToken: v.pipe(v.string(account.m("resetLinkExpired")), v.nonEmpty(account.m("resetLinkExpired")), v.maxLength(200)),
  userType,
});
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordInput>;

/** A new password typed twice (reset form, first-login form, change-password forms). */
export const passwordPairForm = v.pipe(
  v.object({
    password: newPassword,
    confirmPassword: v.pipe(v.string(account.m("confirmPassword")), v.nonEmpty(account.m("confirmPassword"))),
  }),
  v.forward(
    v.partialCheck([["password"], ["confirmPassword"]], (i) => i.password === i.confirmPassword, account.m("passwordsDoNotMatch")),
    ["confirmPassword"],
  ),
);

export const changePasswordInput = v.object({
  currentPassword: v.pipe(
    v.string(account.m("currentPasswordRequired")),
    v.nonEmpty(account.m("currentPasswordRequired")),
    v.maxLength(1024),
  ),
  newPassword,
});
export type ChangePasswordInput = v.InferOutput<typeof changePasswordInput>;

/** PUT /auth/profile: name, email, mobile — only non-blank values count; at least one. */
export const profileUpdateInput = v.pipe(
  v.object({
    name: personName(optionalText(120)),
    email: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.transform((s) => (s === "" ? undefined : s)),
        v.optional(emailAddress()),
      ),
    ),
    // Every phone's one rule (walk 16a): "0000000000" or "-------" is not a number; Devanagari digits read as 0–9.
    mobile: optionalPhone(account.m("validMobile")),
  }),
  v.check((i) => i.name !== undefined || i.email !== undefined || i.mobile !== undefined, account.m("profileAtLeastOne")),
);
export type ProfileUpdateInput = v.InferOutput<typeof profileUpdateInput>;

/** Changing one's e-mail address, step 1: the current password and the new address (a code goes there). */
export const emailChangeRequestInput = v.object({
  currentPassword: v.pipe(
    v.string(account.m("currentPasswordRequired")),
    v.nonEmpty(account.m("currentPasswordRequired")),
    v.maxLength(1024),
  ),
  newEmail: emailAddress(),
});
export type EmailChangeRequestInput = v.InferOutput<typeof emailChangeRequestInput>;

/** Step 2: the 6-digit code that reached the new address. */
export const emailChangeConfirmInput = v.object({
  newEmail: emailAddress(),
  code: otpCode,
});
export type EmailChangeConfirmInput = v.InferOutput<typeof emailChangeConfirmInput>;

const linkToken = v.pipe(v.string(), v.nonEmpty(account.m("linkInvalid")), v.maxLength(200));
export const firstLoginInput = v.object({ token: linkToken, password: newPassword });
export type FirstLoginInput = v.InferOutput<typeof firstLoginInput>;
/** Asking whether a first-login link can still be used, as its page opens. */
export const firstLoginLinkInput = v.object({ token: linkToken });
export type FirstLoginLinkInput = v.InferOutput<typeof firstLoginLinkInput>;

export const twoFactorInput = v.object({
  challengeToken: v.pipe(v.string(), v.nonEmpty(account.m("signInAgain")), v.maxLength(200)),
  code: otpCode,
});
export type TwoFactorInput = v.InferOutput<typeof twoFactorInput>;

/** The language a signed-in person switches to (issue 16). */
export const languageInput = v.object({ language: v.picklist(LOCALES) });
