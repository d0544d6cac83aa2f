/**
 * Signing in and sessions: login for admins and students with lockout and per-address limits, the
 * e-mailed two-factor step, session tokens (opaque, stored hashed, idle and absolute expiry from the
 * sessionTimeout setting), the signed-in user, logout.
 */

import { type DB, dataVersion, excludeFromChangeCount } from "../../../../db/connection.ts";
import type { Role, User } from "../../../../db/schema.ts";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { CODE_LIFETIME_SECONDS } from "../../../shared/constants.ts";
import { account as accountNs } from "../../../shared/i18n/account.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { isOffice, OFFICE_ROLES } from "../../../shared/roles.ts";
import type { AdminLoginInput, StudentLoginInput, TwoFactorInput } from "../../../shared/schemas/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { randomToken, sha256, verifyPassword } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import type { Authenticated } from "../../platform/http.ts";
import { issueCode, verifyCode } from "../../platform/one-time-codes.ts";
import { clockTime, ipKey } from "../../platform/rate-limit.ts";
import { countFailedSignIn, lockAccount, markEmailVerified, recordSignIn, storedLocale } from "../accounts/accounts.repository.ts";
import { notifyAdmins } from "../notifications/notifications.service.ts";
import { getSettings } from "../settings/settings.service.ts";

export const LOCKOUT_MINUTES = 15;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A session ends after sessionTimeout hours without activity, and at the latest after seven times that (≤ 30 days). */
export const absoluteLifetimeMs = (timeoutHours: number) => Math.min(timeoutHours * HOUR * 7, 30 * DAY);

/** The user as the client sees it (spec part 1 §3: role, name, email, photo.url, student_id). */
export interface PublicUser {
  id: number;
  role: Role;
  name: string;
  email: string;
  student_id: string | null;
  photo: { url: string } | null;
  mustChangePassword: boolean;
  signedInBefore: boolean;
  /** the language they chose (issue 16), applied on every device they sign in on; null: never chosen */
  language: Locale | null;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    student_id: user.student_id,
    photo: user.photo_file ? { url: `/api/files/photos/${user.photo_file}` } : null,
    mustChangePassword: user.must_change_password === 1,
    /** true from the second sign-in on: the dashboards say "Welcome back" only then */
    signedInBefore: user.previous_login_at !== null,
    language: storedLocale(user.preferences),
  };
}

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
}

export interface SignedIn {
  token: string;
  user: PublicUser;
}

/** The answer when the account needs the e-mailed code before a session is opened. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challengeToken: string;
  message: string;
}

export type LoginResult = SignedIn | TwoFactorChallenge;

export type { Authenticated };

/** Counts a failed password for an account; the Nth consecutive failure locks it and tells the admins. */
async function recordFailure(deps: AppDeps, account: User, meta: SessionMeta) {
  const { security } = await getSettings(deps);
  const failures = await countFailedSignIn(deps.db, account.id);
  if (failures < security.maxLoginAttempts) return;
  const now = deps.now();
  await lockAccount(deps.db, account.id, new Date(now.getTime() + LOCKOUT_MINUTES * 60_000).toISOString());
  await audit(deps.db, now, {
    actorUserId: null,
    action: "account.locked",
    entityType: "user",
    entityId: account.id,
    details: { failures, email: account.email, studentId: account.student_id },
    ip: meta.ip,
  });
  await notifyAdmins(deps.db, now, {
    type: "security",
    priority: "high",
    kind: "account.locked",
    params: { email: account.email, role: account.role, minutes: LOCKOUT_MINUTES, failures },
    data: { userId: account.id, email: account.email, role: account.role, ip: meta.ip ?? "unknown" },
  });
}

/** Checks a password without revealing which part was wrong; then either opens a session or asks for a code. */
async function authenticate(deps: AppDeps, account: User | undefined, password: string, meta: SessionMeta): Promise<LoginResult> {
  const { security, general } = await getSettings(deps);
  // Both waits say when they end on the institute's clock (tenth walk: "locked for 15 minutes" with 4 left,
  // "wait a moment" for a quarter of an hour).
  const clock = clockTime(general.timeZone);
  await deps.limits.assertAvailable("loginFailuresPerIp", ipKey(meta), (at) => accountNs.t("signInsLimited", { time: clock(at) }));
  const now = deps.now();
  if (account?.locked_until && account.locked_until > now.toISOString()) {
    const retryAfter = Math.ceil((Date.parse(account.locked_until) - now.getTime()) / 1000);
    const message = accountNs.t("accountLocked", { time: clock(new Date(account.locked_until)) });
    throw new AppError("TOO_MANY_REQUESTS", message, { retryAfter });
  }
  const ok = await verifyPassword(password, account?.password_hash ?? null);
  if (!account || !ok) {
    await deps.limits.record("loginFailuresPerIp", ipKey(meta));
    if (account) await recordFailure(deps, account, meta);
    throw new AppError("UNAUTHORIZED", ACCOUNT_MSG.invalidCredentials);
  }
  if (account.is_active !== 1) throw new AppError("FORBIDDEN", ACCOUNT_MSG.accountInactive);
  // "Require e-mail verification" (issue 14.4): an address nobody has proven yet gets a code first; the code
  // step is the two-factor one, and a right code proves the address (verifyTwoFactor).
  if (security.requireEmailVerification && account.email_verified_at === null) return startTwoFactor(deps, account, "verify");
  if (account.two_factor_enabled === 1 || (isOffice(account.role) && security.enableTwoFactor)) {
    return startTwoFactor(deps, account, "sign-in");
  }
  return completeLogin(deps, account, meta, "password");
}

async function completeLogin(deps: AppDeps, account: User, meta: SessionMeta, via: "password" | "code"): Promise<SignedIn> {
  const now = deps.now();
  const { security } = await getSettings(deps);
  const changed = Date.parse(account.password_changed_at ?? account.created_at);
  const expired = now.getTime() - changed > security.passwordExpiry * DAY;
  const mustChange = account.must_change_password === 1 || expired ? 1 : 0;
  const user = await recordSignIn(deps.db, account, now.toISOString(), mustChange);
  const token = await createSession(deps, account.id, meta);
  // Sign-ins are in the activity log (issue 14.6): who, when, from where, and whether an e-mailed code was needed.
  await audit(deps.db, now, {
    actorUserId: account.id,
    action: "account.sign_in",
    entityType: "user",
    entityId: account.id,
    details: { via, ...(meta.userAgent ? { device: meta.userAgent.slice(0, 160) } : {}) },
    ip: meta.ip,
  });
  return { token, user: toPublicUser(user) };
}

async function startTwoFactor(deps: AppDeps, account: User, reason: "sign-in" | "verify"): Promise<TwoFactorChallenge> {
  const secret = randomToken();
  const { code, id } = await issueCode(deps.db, deps.now(), {
    purpose: "two_factor",
    email: account.email,
    userId: account.id,
    ttlSeconds: CODE_LIFETIME_SECONDS,
    secret,
  });
  const template = reason === "verify" ? "email_verification_code" : "two_factor_code";
  await deps.mail.enqueue(deps.db, account.email, { template, name: account.name, code });
  deps.mail.kick();
  return {
    twoFactorRequired: true,
    challengeToken: `${id}.${secret}`,
    message: reason === "verify" ? ACCOUNT_MSG.emailVerificationSent : ACCOUNT_MSG.twoFactorSent,
  };
}

/** Finishes a two-factor login: the challenge from the password step plus the e-mailed code. */
export async function verifyTwoFactor(deps: AppDeps, input: TwoFactorInput, meta: SessionMeta = {}): Promise<SignedIn> {
  await deps.limits.consume("codeChecksPerIp", ipKey(meta));
  const [idPart, secret] = input.challengeToken.split(".", 2);
  const id = Number(idPart);
  const row = Number.isSafeInteger(id)
    ? await deps.db.selectFrom("one_time_codes").selectAll().where("id", "=", id).where("purpose", "=", "two_factor").executeTakeFirst()
    : undefined;
  if (!row || !secret || row.user_id === null) throw new AppError("BAD_REQUEST", ACCOUNT_MSG.signInAgain);
  await verifyCode(deps.db, deps.now(), { purpose: "two_factor", email: row.email, code: input.code, secret });
  let account = await findUserById(deps.db, row.user_id);
  if (account?.is_active !== 1) throw new AppError("UNAUTHORIZED", ACCOUNT_MSG.invalidCredentials);
  // The code reached the account's address: that proves it.
  if (account.email_verified_at === null && row.email === account.email)
    account = await markEmailVerified(deps.db, account.id, deps.now().toISOString());
  return completeLogin(deps, account, meta, "code");
}

/** The office's sign-in (the admin form): administrators and staff alike (issue 17). */
export async function loginAdmin(deps: AppDeps, input: AdminLoginInput, meta: SessionMeta = {}): Promise<LoginResult> {
  const account = await deps.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", input.email)
    .where("role", "in", OFFICE_ROLES)
    .executeTakeFirst();
  return authenticate(deps, account, input.password, meta);
}

export async function loginStudent(deps: AppDeps, input: StudentLoginInput, meta: SessionMeta = {}): Promise<LoginResult> {
  let query = deps.db.selectFrom("users").selectAll().where("role", "=", "student");
  query = input.studentId ? query.where("student_id", "=", input.studentId) : query.where("email", "=", input.email);
  const account = await query.executeTakeFirst();
  return authenticate(deps, account, input.password, meta);
}

/** Opens a session and returns its bearer token; only the token's hash is stored. */
export async function createSession(deps: AppDeps, userId: number, meta: SessionMeta = {}): Promise<string> {
  const token = randomToken();
  const { security } = await getSettings(deps);
  const now = deps.now();
  await deps.db
    .insertInto("sessions")
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + absoluteLifetimeMs(security.sessionTimeout)).toISOString(),
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .execute();
  return token;
}

/** the session row resolveSession reads: the user plus the session's own times */
type SessionRow = User & { session_id: number; expires_at: string; last_seen_at: string; session_created_at: string };

/** enough for every signed-in browser between two writes */
const SESSION_CACHE_MAX = 1000;
/**
 * Session rows by token hash, remembered until the database is written (the same version as
 * platform/read-cache.ts: db/connection.ts changeCount). Logout, password changes and deactivation are
 * writes, so they end a session at once; expiry is still checked on every request. The once-a-minute
 * last_seen_at touch is kept out of the version (and updates the remembered row).
 */
const sessionCaches = new WeakMap<object, { version: number | string; rows: Map<string, SessionRow> }>();

async function findSessionRow(db: DB, tokenHash: string): Promise<SessionRow | undefined> {
  const version = await dataVersion(db);
  let cache = version === null ? undefined : sessionCaches.get(db);
  if (version !== null && cache?.version !== version) {
    cache = { version, rows: new Map() };
    sessionCaches.set(db, cache);
  }
  const hit = cache?.rows.get(tokenHash);
  if (hit) return hit;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select(["sessions.id as session_id", "sessions.expires_at", "sessions.last_seen_at", "sessions.created_at as session_created_at"])
    .where("sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
  // Remember only if nothing was written while the query ran.
  if (row && cache && (await dataVersion(db)) === cache.version && sessionCaches.get(db) === cache) {
    if (cache.rows.size >= SESSION_CACHE_MAX) cache.rows.clear();
    cache.rows.set(tokenHash, row);
  }
  return row;
}

/**
 * The signed-in user for a bearer token, or null when the token is unknown, idle for longer than the
 * current sessionTimeout, past its absolute expiry, or the account is inactive.
 */
export async function resolveSession(deps: AppDeps, token: string | null | undefined): Promise<Authenticated | null> {
  if (!token || token.length > 200) return null;
  const row = await findSessionRow(deps.db, sha256(token));
  if (!row) return null;
  const now = deps.now();
  const { security } = await getSettings(deps);
  const idleUntil = Date.parse(row.last_seen_at) + security.sessionTimeout * HOUR;
  const absoluteUntil = Math.min(
    Date.parse(row.expires_at),
    Date.parse(row.session_created_at) + absoluteLifetimeMs(security.sessionTimeout),
  );
  if (now.getTime() >= idleUntil || now.getTime() >= absoluteUntil || row.is_active !== 1) {
    await deps.db.deleteFrom("sessions").where("id", "=", row.session_id).execute();
    return null;
  }
  // Touch at most once a minute, so reads do not turn every request into a write. The touch is no
  // change any cached read depends on, so it does not invalidate them.
  if (now.getTime() - Date.parse(row.last_seen_at) > 60_000) {
    const lastSeen = now.toISOString();
    const result = await deps.db
      .updateTable("sessions")
      .set({ last_seen_at: lastSeen })
      .where("id", "=", row.session_id)
      .executeTakeFirst();
    excludeFromChangeCount(deps.db, Number(result.numUpdatedRows));
    row.last_seen_at = lastSeen;
  }
  const { session_id, expires_at: _e, last_seen_at: _l, session_created_at: _c, ...user } = row;
  return { user, sessionId: session_id };
}

export async function logout(deps: Pick<AppDeps, "db">, sessionId: number): Promise<void> {
  await deps.db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export async function findUserById(db: DB, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}
