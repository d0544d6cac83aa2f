/**
 * Everything a person does with their own account: forgot password → code → reset, first-login links,
 * change password, profile, logout everywhere else, account figures, two-factor switch.
 */

import type { Kysely } from "kysely";
import type { Database, User } from "../../../../db/schema.ts";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { CODE_LIFETIME_SECONDS } from "../../../shared/constants.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { isOffice, OFFICE_ROLES } from "../../../shared/roles.ts";
import type {
  ChangePasswordInput,
  FirstLoginInput,
  FirstLoginLinkInput,
  ForgotPasswordInput,
  ProfileUpdateInput,
  ResetPasswordInput,
  VerifyOtpInput,
} from "../../../shared/schemas/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { publicUrl } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { hashPassword, verifyPassword } from "../../platform/crypto.ts";
import { AppError, fieldError, notFound } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { reencodeImage } from "../../platform/images.ts";
import type { EmailTemplate } from "../../platform/mail-templates.ts";
import { checkToken, consumeToken, issueCode, issueToken, verifyCode } from "../../platform/one-time-codes.ts";
import { assertAcceptablePassword } from "../../platform/password-policy.ts";
import { ipKey } from "../../platform/rate-limit.ts";
import { type CheckedFile, checkUpload, type FileKind, storeThenRecord } from "../../platform/uploads.ts";
import {
  chosenLocale,
  endAllSessions,
  markEmailVerified,
  mergePreferences,
  requirePasswordChange,
  setPhotoFile,
  setTwoFactorFlag,
  storePassword,
  updateAccountFields,
} from "../accounts/accounts.repository.ts";
import { getSettings } from "../settings/settings.service.ts";
import { findUserById, type SessionMeta, toPublicUser } from "./auth.service.ts";

/** A reset token lives 10 minutes; a first-login link 7 days. */
export const RESET_TOKEN_SECONDS = 600;
export const FIRST_LOGIN_DAYS = 7;

/** The accounts of a sign-in side: the office's ("admin") is administrators and staff, as at sign-in (issue 17). */
const sideOf = (role: User["role"]): ForgotPasswordInput["userType"] => (isOffice(role) ? "admin" : "student");

/** The account of that side with this address (tenth walk: staff were looked for as "admin" and never found). */
async function findAccount(db: Kysely<Database>, email: string, side: ForgotPasswordInput["userType"]) {
  const roles = side === "admin" ? OFFICE_ROLES : (["student"] as const);
  return db.selectFrom("users").selectAll().where("email", "=", email).where("role", "in", roles).executeTakeFirst();
}

/**
 * Sends a reset code when the account exists and is active. The answer is the same either way, and
 * both paths do comparable work (the mail itself is delivered later by the outbox worker).
 */
export async function requestPasswordReset(deps: AppDeps, input: ForgotPasswordInput, meta: SessionMeta = {}) {
  await deps.limits.consume("forgotPasswordPerIp", ipKey(meta));
  await deps.limits.consume("forgotPasswordPerEmail", input.email);
  const account = await findAccount(deps.db, input.email, input.userType);
  if (account && account.is_active === 1) {
    const { code } = await issueCode(deps.db, deps.now(), {
      purpose: "password_reset",
      email: account.email,
      userId: account.id,
      ttlSeconds: CODE_LIFETIME_SECONDS,
    });
    await deps.mail.enqueue(deps.db, account.email, { template: "password_reset_code", name: account.name, code });
    deps.mail.kick();
  }
  return { message: ACCOUNT_MSG.forgotPasswordSent };
}

/** Checks the e-mailed code and hands out a single-use reset token (10 minutes). */
export async function verifyResetCode(deps: AppDeps, input: VerifyOtpInput, meta: SessionMeta = {}) {
  await deps.limits.consume("codeChecksPerIp", ipKey(meta));
  const account = await findAccount(deps.db, input.email, input.userType);
  const row = await verifyCode(deps.db, deps.now(), { purpose: "password_reset", email: input.email, code: input.otp });
  if (!account || row.user_id !== account.id) throw new AppError("BAD_REQUEST", ACCOUNT_MSG.codeInvalid);
  const resetToken = await issueToken(deps.db, deps.now(), {
    purpose: "reset_token",
    email: account.email,
    userId: account.id,
    ttlSeconds: RESET_TOKEN_SECONDS,
  });
  return { resetToken };
}

/** Sets the new password, ends every session of the account and never signs anyone in by itself. */
export async function resetPassword(deps: AppDeps, input: ResetPasswordInput, meta: SessionMeta = {}) {
  let account: User | undefined;
  await consumeToken(deps.db, deps.now(), "reset_token", input.resetToken, async (row) => {
    account = row.user_id === null ? undefined : await findUserById(deps.db, row.user_id);
    if (!account || sideOf(account.role) !== input.userType) throw new AppError("BAD_REQUEST", ACCOUNT_MSG.resetLinkInvalid);
    // Refuse a policy-breaking password before the token is used up, so the person can simply try another.
    assertAcceptablePassword(input.password, "password", [account.email, account.student_id]);
  }).catch((err: AppError) => {
    if (err.fieldErrors) throw err;
    if (err.reason === "link_expired") throw new AppError("BAD_REQUEST", ACCOUNT_MSG.resetLinkHasExpired, { reason: err.reason });
    throw new AppError("BAD_REQUEST", err.message);
  });
  if (!account) throw new AppError("BAD_REQUEST", ACCOUNT_MSG.resetLinkInvalid);
  await setPassword(deps, account, input.password, "password");
  await audit(deps.db, deps.now(), {
    actorUserId: account.id,
    action: "account.password_reset",
    entityType: "user",
    entityId: account.id,
    ip: meta.ip,
  });
  return { message: ACCOUNT_MSG.passwordResetDone };
}

/** Stores a new password after the policy checks; ends every session of the account except `keepSessionId`. */
async function setPassword(deps: AppDeps, account: User, password: string, field: string, keepSessionId?: number) {
  assertAcceptablePassword(password, field, [account.email, account.student_id]);
  const at = deps.now().toISOString();
  const hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await storePassword(trx, account.id, hash, at);
    await endAllSessions(trx, account.id, keepSessionId);
  });
}

/** Changing the password keeps this session and ends the others. */
export async function changePassword(deps: AppDeps, userId: number, sessionId: number, input: ChangePasswordInput, meta: SessionMeta = {}) {
  const account = await findUserById(deps.db, userId);
  if (!account) throw notFound();
  if (!(await verifyPassword(input.currentPassword, account.password_hash))) {
    throw fieldError("BAD_REQUEST", "currentPassword", ACCOUNT_MSG.currentPasswordWrong);
  }
  if (input.currentPassword === input.newPassword) {
    throw fieldError("BAD_REQUEST", "newPassword", ACCOUNT_MSG.newPasswordSameAsOld);
  }
  await setPassword(deps, account, input.newPassword, "newPassword", sessionId);
  await audit(deps.db, deps.now(), {
    actorUserId: userId,
    action: "account.password_changed",
    entityType: "user",
    entityId: userId,
    ip: meta.ip,
  });
  const updated = await findUserById(deps.db, userId);
  return { message: ACCOUNT_MSG.passwordUpdated, user: toPublicUser(updated!) };
}

/**
 * PUT /auth/profile: name and mobile (only the non-blank ones are sent). Identity is checked (issue 14.2):
 * the e-mail address changes only through the code sent to the new address (accounts/email-change.service),
 * and a student's name is the institute's record (changed by an admin; the student asks through a ticket).
 * Sending the current values back is fine; a different one is refused with a field message, never ignored.
 */
export async function updateOwnProfile(deps: AppDeps, userId: number, input: ProfileUpdateInput) {
  const account = await findUserById(deps.db, userId);
  if (!account) throw notFound();
  if (input.email !== undefined && input.email !== account.email) {
    throw fieldError("BAD_REQUEST", "email", ACCOUNT_MSG.emailChangeNeedsCode);
  }
  if (input.name !== undefined && input.name !== account.name && account.role === "student") {
    throw fieldError("FORBIDDEN", "name", ACCOUNT_MSG.nameSetByInstitute);
  }
  const changes: Partial<Pick<User, "name" | "mobile">> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.mobile !== undefined) changes.mobile = input.mobile;
  const now = deps.now();
  const user = await deps.db.transaction().execute(async (trx) => {
    const updated = await updateAccountFields(trx, userId, changes, now.toISOString());
    // The activity log names people as they are called now: a new name is logged, with the old one, so that the
    // entries made under it can still be told apart (walk 29b: a counsellor renamed "Administrator" left no trace).
    if (updated.name !== account.name) {
      await audit(trx, now, {
        actorUserId: userId,
        action: "account.renamed",
        entityType: "user",
        entityId: userId,
        details: { from: account.name, to: updated.name },
      });
    }
    return updated;
  });
  return { user: toPublicUser(user) };
}

/** "Logout All": ends every session of the user except the current one. */
export async function logoutOtherSessions(deps: AppDeps, userId: number, currentSessionId: number, meta: SessionMeta = {}) {
  const result = await deps.db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "!=", currentSessionId).executeTakeFirst();
  const ended = Number(result.numDeletedRows);
  await audit(deps.db, deps.now(), {
    actorUserId: userId,
    action: "account.logout_all",
    entityType: "user",
    entityId: userId,
    details: { ended },
    ip: meta.ip,
  });
  return { endedSessions: ended };
}

/** GET /auth/stats: the signed-in user's own account figures. */
export async function accountStats(deps: AppDeps, userId: number) {
  const account = await findUserById(deps.db, userId);
  if (!account) throw notFound();
  const now = deps.now();
  const { security } = await getSettings(deps);
  const sessions = await deps.db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  const changedAt = account.password_changed_at ?? account.created_at;
  const ageDays = Math.floor((now.getTime() - Date.parse(changedAt)) / 86_400_000);
  return {
    lastLogin: account.last_login_at,
    activeSessions: Number(sessions.n),
    passwordChangedAt: changedAt,
    passwordAgeDays: ageDays,
    passwordExpiresInDays: Math.max(0, security.passwordExpiry - ageDays),
    twoFactorEnabled: account.two_factor_enabled === 1 || (isOffice(account.role) && security.enableTwoFactor),
    /** an office account's code is required by the institute's Security setting, whatever its own switch says */
    twoFactorByInstitute: isOffice(account.role) && security.enableTwoFactor,
    memberSince: account.created_at,
  };
}

/**
 * Turns the e-mailed sign-in code on or off for the user's own account; a change is in the audit log, whichever
 * screen made it (the student's Settings, or an office account's Profile since stop 50).
 */
export async function setTwoFactor(deps: AppDeps, userId: number, enabled: boolean, meta: SessionMeta = {}) {
  const account = await findUserById(deps.db, userId);
  if (!account) throw notFound();
  if ((account.two_factor_enabled === 1) === enabled) return { twoFactorEnabled: enabled };
  const now = deps.now();
  await setTwoFactorFlag(deps.db, userId, enabled, now.toISOString());
  await audit(deps.db, now, {
    actorUserId: userId,
    action: enabled ? "account.two_factor_on" : "account.two_factor_off",
    entityType: "user",
    entityId: userId,
    ip: meta.ip,
  });
  return { twoFactorEnabled: enabled };
}

/**
 * A one-time link with which a new account holder chooses their password (DECISIONS 10). Any earlier
 * link of the account stops working. Call inside the transaction that creates the account. An account whose
 * holder has chosen a password keeps it: the link is a way to choose another, not an order to (tenth walk:
 * "Send credentials" made a student who had set their own password change it, "made by the institute").
 */
export async function issueFirstLoginLink(
  deps: AppDeps,
  db: Kysely<Database>,
  user: Pick<User, "id" | "email" | "password_hash" | "role">,
) {
  const token = await issueToken(db, deps.now(), {
    purpose: "first_login",
    email: user.email,
    userId: user.id,
    ttlSeconds: FIRST_LOGIN_DAYS * 86_400,
  });
  if (user.password_hash === null) await requirePasswordChange(db, user.id);
  // An office account's link says so, for the page's "Sign in" once the link is used (walk 23a: it opened the
  // sign-in on its Student side, where the office's password is refused).
  const side = user.role === "student" ? "" : "&as=office";
  return { link: `${publicUrl(deps)}/first-login?token=${encodeURIComponent(token)}${side}`, validDays: FIRST_LOGIN_DAYS };
}

/** Each mail that carries a first-login link (a student's credentials, an invitation, an approved application), but for the link. */
type FirstLoginMail = WithoutLink<Extract<EmailTemplate, { validDays: number }>>;
type WithoutLink<M> = M extends unknown ? Omit<M, "link" | "validDays"> : never;

/**
 * A first-login link (issueFirstLoginLink) e-mailed to the account's address in `mail`'s template, in the
 * caller's transaction. Returns the days the link stays valid.
 */
export async function mailFirstLoginLink(
  deps: AppDeps,
  trx: Kysely<Database>,
  user: Pick<User, "id" | "email" | "password_hash" | "role">,
  mail: FirstLoginMail,
  locale: Locale | null,
) {
  const { link, validDays } = await issueFirstLoginLink(deps, trx, user);
  await deps.mail.enqueue(trx, user.email, { ...mail, link, validDays }, locale);
  return validDays;
}

/** The active account a first-login link is for; refused as its use would be. */
async function firstLoginAccount(db: Kysely<Database>, userId: number | null): Promise<User> {
  const account = userId === null ? undefined : await findUserById(db, userId);
  if (!account) throw new AppError("BAD_REQUEST", ACCOUNT_MSG.linkInvalid);
  if (account.is_active !== 1) throw new AppError("FORBIDDEN", ACCOUNT_MSG.accountInactive);
  return account;
}

/**
 * Whether a first-login link can still be used, asked as its page opens: a used, expired or unknown link (or
 * an inactive account's) is refused as using it would be, before a password is typed for nothing (walk 22b).
 */
export async function checkFirstLoginLink(deps: Pick<AppDeps, "db" | "now">, input: FirstLoginLinkInput) {
  const row = await checkToken(deps.db, deps.now(), "first_login", input.token);
  await firstLoginAccount(deps.db, row.user_id);
  return { usable: true as const };
}

/** Uses a first-login link: sets the password and marks the e-mail address as verified. */
export async function completeFirstLogin(deps: AppDeps, input: FirstLoginInput, meta: SessionMeta = {}) {
  let account: User | undefined;
  await consumeToken(deps.db, deps.now(), "first_login", input.token, async (row) => {
    account = await firstLoginAccount(deps.db, row.user_id);
    // A refused password must not burn the new student's only link.
    assertAcceptablePassword(input.password, "password", [account.email, account.student_id]);
  });
  if (!account) throw new AppError("BAD_REQUEST", ACCOUNT_MSG.linkInvalid);
  await setPassword(deps, account, input.password, "password");
  // The link reached the account's address: that proves it.
  if (account.email_verified_at === null) await markEmailVerified(deps.db, account.id, deps.now().toISOString());
  await audit(deps.db, deps.now(), {
    actorUserId: account.id,
    action: "account.first_login",
    entityType: "user",
    entityId: account.id,
    ip: meta.ip,
  });
  return {
    message: ACCOUNT_MSG.passwordSet,
    role: account.role,
    login: account.student_id ?? account.email,
  };
}

const PHOTO_TYPES: readonly FileKind[] = ["jpeg", "png", "webp"];
const PHOTO_MAX_SIDE = 512;
const photoError = (code: "BAD_REQUEST" | "PAYLOAD_TOO_LARGE", message: string) => fieldError(code, "photo", message);

/**
 * The signed-in person's own photo (students' profile, admins' settings): checked by content (JPG, PNG or
 * WebP, at most 5 MB), re-encoded to WebP without EXIF or location data (DECISIONS 12), stored under a
 * fresh random name; the old file is removed. Errors use the spec's two texts.
 */
export async function updateOwnPhoto(deps: AppDeps, userId: number, upload: unknown, meta: SessionMeta = {}) {
  let file: CheckedFile | undefined;
  try {
    file = await checkUpload(upload, { field: "photo", label: "Photo", allowed: PHOTO_TYPES });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw err.code === "PAYLOAD_TOO_LARGE"
      ? photoError("PAYLOAD_TOO_LARGE", ACCOUNT_MSG.photoTooLarge)
      : photoError("BAD_REQUEST", ACCOUNT_MSG.photoNotImage);
  }
  if (!file) throw photoError("BAD_REQUEST", ACCOUNT_MSG.photoNotImage);
  let webp: Uint8Array;
  try {
    webp = await reencodeImage(file.bytes, PHOTO_MAX_SIDE);
  } catch {
    throw photoError("BAD_REQUEST", ACCOUNT_MSG.photoNotImage);
  }
  const files = fileStore(deps.env);
  const now = deps.now();
  const previous = await storeThenRecord(files, "photos", "webp", webp, (stored) =>
    deps.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("users").select("photo_file").where("id", "=", userId).executeTakeFirstOrThrow();
      await setPhotoFile(trx, userId, stored, now.toISOString());
      await audit(trx, now, { actorUserId: userId, action: "account.photo_update", entityType: "user", entityId: userId, ip: meta.ip });
      return row.photo_file;
    }),
  );
  await files.remove("photos", [previous]);
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  return { message: ACCOUNT_MSG.photoUpdated, user: toPublicUser(user) };
}

/** The language a signed-in person chose with a switcher: stored with the account, so every device follows it (issue 16). */
export async function setLanguage(deps: Pick<AppDeps, "db" | "now">, userId: number, locale: Locale): Promise<{ language: Locale }> {
  await mergePreferences(deps.db, userId, chosenLocale(locale), deps.now().toISOString());
  return { language: locale };
}
