/**
 * Accounts and sessions: login for admins and students, session tokens (opaque, stored hashed, with an
 * expiry from the sessionTimeout setting), the signed-in user, logout.
 */
import type { DB } from "../../../../db/connection.ts";
import type { Role, User } from "../../../../db/schema.ts";
import { MSG } from "../../../shared/messages.ts";
import type { AdminLoginInput, StudentLoginInput } from "../../../shared/schemas/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { isoNow } from "../../deps.ts";
import { randomToken, sha256, verifyPassword } from "../../platform/crypto.ts";
import { AppError, unauthorized } from "../../platform/errors.ts";
import { getSettings } from "../settings/settings.service.ts";

/** The user as the client sees it (spec part 1 §3: role, name, email, photo.url, student_id). */
export interface PublicUser {
  id: number;
  role: Role;
  name: string;
  email: string;
  student_id: string | null;
  photo: { url: string } | null;
  mustChangePassword: boolean;
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
  };
}

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
}

export interface LoginResult {
  token: string;
  user: PublicUser;
}

export interface Authenticated {
  user: User;
  sessionId: number;
}

/** Checks a password against an account found by `find`, without revealing which part was wrong. */
async function authenticate(deps: AppDeps, account: User | undefined, password: string, meta: SessionMeta) {
  const ok = await verifyPassword(password, account?.password_hash ?? null);
  if (!account || !ok) throw new AppError("UNAUTHORIZED", MSG.invalidCredentials);
  if (account.is_active !== 1) throw new AppError("FORBIDDEN", MSG.accountInactive);
  const token = await createSession(deps, account.id, meta);
  const at = isoNow(deps);
  await deps.db.updateTable("users").set({ last_login_at: at, failed_login_count: 0 }).where("id", "=", account.id).execute();
  return { token, user: toPublicUser(account) };
}

export async function loginAdmin(deps: AppDeps, input: AdminLoginInput, meta: SessionMeta = {}): Promise<LoginResult> {
  const account = await deps.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", input.email)
    .where("role", "=", "admin")
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
  const expires = new Date(now.getTime() + security.sessionTimeout * 3_600_000);
  await deps.db
    .insertInto("sessions")
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expires.toISOString(),
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .execute();
  return token;
}

/** The signed-in user for a bearer token, or null when the token is unknown, expired or the account inactive. */
export async function resolveSession(deps: AppDeps, token: string | null | undefined): Promise<Authenticated | null> {
  if (!token || token.length > 200) return null;
  const row = await deps.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select(["sessions.id as session_id", "sessions.expires_at", "sessions.last_seen_at"])
    .where("sessions.token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  const now = deps.now();
  if (row.expires_at <= now.toISOString() || row.is_active !== 1) {
    await deps.db.deleteFrom("sessions").where("id", "=", row.session_id).execute();
    return null;
  }
  // Touch at most once a minute, so reads do not turn every request into a write.
  if (now.getTime() - Date.parse(row.last_seen_at) > 60_000) {
    await deps.db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", row.session_id).execute();
  }
  const { session_id, expires_at: _e, last_seen_at: _l, ...user } = row;
  return { user, sessionId: session_id };
}

export async function logout(deps: Pick<AppDeps, "db">, sessionId: number): Promise<void> {
  await deps.db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** The current user, or 401. */
export function requireAuthenticated(auth: Authenticated | null): Authenticated {
  if (!auth) throw unauthorized();
  return auth;
}

export async function findUserById(db: DB, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}
