/**
 * The accounts module owns every write to the `users` table (issue 14.3, 15): opening accounts and allocating
 * student IDs ("STU0001, STU0002, … never reused, never given twice" is written once), the e-mail address,
 * passwords and sign-in state, the record's fields, preferences, the ID card token. No other server file
 * writes `users` (the demo seed in db/ is the one exception: it runs before the app). Functions take the
 * database or a transaction first (Kysely's repository style); the rules around them stay in the services.
 */
import { type Kysely, sql } from "kysely";
import type { Database, NewUser, User } from "../../../../db/schema.ts";
import { isOneOf, LANGUAGES } from "../../../shared/constants.ts";
import { account } from "../../../shared/i18n/account.ts";
import { type Locale, languageOf, localeOfLanguage } from "../../../shared/i18n/locales.ts";
import { DEFAULT_STUDENT_PREFERENCES } from "../../../shared/schemas/settings.ts";
import { conflict } from "../../platform/errors.ts";
import { jsonObject } from "../../platform/json.ts";
import { advanceSequenceTo, formatStudentId, nextSequenceValue } from "../../platform/sequences.ts";
import { syncStudentEnrolment } from "../studies/enrolment.ts";

const STUDENT_ID_COUNTER = "student_id";

/** The highest number behind an `STU…` ID in use (0 when none): IDs held by imported or restored accounts count. */
async function highestStudentNumber(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select("student_id")
    .where("student_id", "like", "STU%")
    .orderBy(sql`length(student_id)`, "desc")
    .orderBy("student_id", "desc")
    .executeTakeFirst();
  const digits = /^STU(\d+)$/.exec(row?.student_id ?? "")?.[1];
  return digits ? Number(digits) : 0;
}

/**
 * The next student ID from the counter. If an account already holds it (added outside the counter, or a
 * counter restored behind its accounts), the counter jumps past the highest ID in use instead of failing on
 * the UNIQUE index. Call inside the transaction that inserts the account.
 */
export async function allocateStudentId(db: Kysely<Database>): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const candidate = formatStudentId(await nextSequenceValue(db, STUDENT_ID_COUNTER));
    const holder = await db.selectFrom("users").select("id").where("student_id", "=", candidate).executeTakeFirst();
    if (!holder) return candidate;
    await advanceSequenceTo(db, STUDENT_ID_COUNTER, await highestStudentNumber(db));
  }
  throw conflict(account.t("studentIdUnavailable"));
}

export type StudentAccountValues = Omit<NewUser, "role" | "student_id" | "preferences" | "created_at" | "updated_at">;

/** Opens a student account with the next free student ID and the default preferences. */
export async function openStudentAccount(
  db: Kysely<Database>,
  values: StudentAccountValues,
  at: string,
  /** the language the person already chose (the one they applied in): their portal and e-mails start in it */
  locale: Locale | null = null,
): Promise<User> {
  const studentId = await allocateStudentId(db);
  const chosen = locale ? chosenLocale(locale) : {};
  const user = await db
    .insertInto("users")
    .values({
      ...values,
      role: "student",
      student_id: studentId,
      preferences: JSON.stringify({ ...DEFAULT_STUDENT_PREFERENCES, ...chosen }),
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // A new student studies their programme's first-term subjects from the start (issue 18).
  await syncStudentEnrolment(db, user.id, at);
  return user;
}

export type OfficeRole = "admin" | "staff";

/**
 * Opens an office account (issue 17): an administrator or a staff member, with no password yet (the
 * invitation's first-login link sets it) and no student ID.
 */
export async function openOfficeAccount(
  db: Kysely<Database>,
  values: { name: string; email: string; role: OfficeRole },
  at: string,
  /** the language chosen for them at the invitation: their e-mails and portal start in it; none: the institute's */
  locale: Locale | null = null,
): Promise<User> {
  const preferences = JSON.stringify(locale ? chosenLocale(locale) : {});
  return db
    .insertInto("users")
    .values({ ...values, preferences, password_hash: null, must_change_password: 1, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * An administrator opened at the server command line (issue 20, console.service.ts): with a one-time
 * password that must be changed at the first sign-in, the address taken as verified (the operator typed it).
 */
export async function openConsoleAdministrator(
  db: Kysely<Database>,
  values: { name: string; email: string; passwordHash: string },
  at: string,
): Promise<User> {
  return db
    .insertInto("users")
    .values({
      role: "admin",
      name: values.name,
      email: values.email,
      password_hash: values.passwordHash,
      password_changed_at: at,
      must_change_password: 1,
      email_verified_at: at,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An office account's role (administrator ↔ staff); undefined when `id` is not an office account. */
export async function setOfficeRole(db: Kysely<Database>, id: number, role: OfficeRole, at: string): Promise<User | undefined> {
  return db
    .updateTable("users")
    .set({ role, updated_at: at })
    .where("id", "=", id)
    .where("role", "in", ["admin", "staff"])
    .returningAll()
    .executeTakeFirst();
}

/** Lets an office account sign in again, or stops it; undefined when `id` is not an office account. */
export async function setOfficeActive(db: Kysely<Database>, id: number, active: boolean, at: string): Promise<User | undefined> {
  return db
    .updateTable("users")
    .set({ is_active: active ? 1 : 0, updated_at: at })
    .where("id", "=", id)
    .where("role", "in", ["admin", "staff"])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Every code and link of the account still open stops working: first-login links, reset codes and the reset token
 * they gave, a sign-in's two-step code, and a change of address asked for and not confirmed. For a new address (the
 * account's own change, or the office's edit of a student: walk 32b found a reset token for the old address still
 * setting a password; the final review, a student's own pending change able to undo the office's).
 */
export async function voidOpenCodes(db: Kysely<Database>, userId: number, at: string): Promise<void> {
  await db
    .updateTable("one_time_codes")
    .set({ consumed_at: at })
    .where("user_id", "=", userId)
    .where("purpose", "in", ["first_login", "reset_token", "password_reset", "two_factor", "email_change"])
    .where("consumed_at", "is", null)
    .execute();
}

/**
 * A new e-mail address for the account. It is proven (verified now); the codes and links sent to the old address
 * stop working (`voidOpenCodes`).
 */
export async function changeAccountEmail(db: Kysely<Database>, userId: number, email: string, at: string): Promise<User> {
  await voidOpenCodes(db, userId, at);
  return db
    .updateTable("users")
    .set({ email, email_verified_at: at, updated_at: at })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The account's own editable fields (never the e-mail address, role or student ID: those have their own paths). */
export async function updateAccountFields(
  db: Kysely<Database>,
  userId: number,
  changes: Partial<Pick<User, "name" | "mobile">>,
  at: string,
): Promise<User> {
  return db
    .updateTable("users")
    .set({ ...changes, updated_at: at })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The address received a code and it came back: it is the account holder's. */
export async function markEmailVerified(db: Kysely<Database>, userId: number, at: string): Promise<User> {
  return db.updateTable("users").set({ email_verified_at: at }).where("id", "=", userId).returningAll().executeTakeFirstOrThrow();
}

/** Lifts a lock from too many wrong passwords: the next sign-in is tried at once, with a fresh count. */
export async function unlockAccount(db: Kysely<Database>, userId: number, at: string): Promise<User> {
  return db
    .updateTable("users")
    .set({ locked_until: null, failed_login_count: 0, updated_at: at })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends every session of the account (every device) but `keepSessionId`; returns how many ended. */
export async function endAllSessions(db: Kysely<Database>, userId: number, keepSessionId?: number): Promise<number> {
  let ending = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId !== undefined) ending = ending.where("id", "!=", keepSessionId);
  const result = await ending.executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ————— sign-in state —————

/** A new password: any lock and count of failures are cleared, and a required change is done. */
export async function storePassword(db: Kysely<Database>, userId: number, passwordHash: string, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set({
      password_hash: passwordHash,
      password_changed_at: at,
      must_change_password: 0,
      failed_login_count: 0,
      locked_until: null,
      updated_at: at,
    })
    .where("id", "=", userId)
    .execute();
}

/** The account must choose a password before doing anything else (a new account's first-login link). */
export async function requirePasswordChange(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable("users").set({ must_change_password: 1 }).where("id", "=", userId).execute();
}

/** One more wrong password; returns the count of consecutive failures. */
export async function countFailedSignIn(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .updateTable("users")
    .set((eb) => ({ failed_login_count: eb("failed_login_count", "+", 1) }))
    .where("id", "=", userId)
    .returning("failed_login_count")
    .executeTakeFirstOrThrow();
  return row.failed_login_count;
}

/** Locks sign-in until `until` and starts the count again. */
export async function lockAccount(db: Kysely<Database>, userId: number, until: string): Promise<void> {
  await db.updateTable("users").set({ failed_login_count: 0, locked_until: until }).where("id", "=", userId).execute();
}

/** A completed sign-in: the previous one is kept for "Welcome back", failures and any lock are cleared. */
export async function recordSignIn(db: Kysely<Database>, account: User, at: string, mustChangePassword: 0 | 1): Promise<User> {
  return db
    .updateTable("users")
    .set({
      previous_login_at: account.last_login_at,
      last_login_at: at,
      failed_login_count: 0,
      locked_until: null,
      must_change_password: mustChangePassword,
    })
    .where("id", "=", account.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setTwoFactorFlag(db: Kysely<Database>, userId: number, enabled: boolean, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ two_factor_enabled: enabled ? 1 : 0, updated_at: at })
    .where("id", "=", userId)
    .execute();
}

// ————— the account's record —————

export async function setPhotoFile(db: Kysely<Database>, userId: number, file: string | null, at: string): Promise<void> {
  await db.updateTable("users").set({ photo_file: file, updated_at: at }).where("id", "=", userId).execute();
}

/** The student's own editable fields (mobile, address, emergency contact…), already checked by the caller. */
export type StudentOwnFields = Partial<
  Pick<
    User,
    | "mobile"
    | "address"
    | "city"
    | "state"
    | "pincode"
    | "emergency_name"
    | "emergency_relationship"
    | "emergency_phone"
    | "emergency_email"
  >
>;
export async function updateStudentOwnFields(db: Kysely<Database>, userId: number, changes: StudentOwnFields, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...changes, updated_at: at })
    .where("id", "=", userId)
    .execute();
}

/** The office's edit of a student record (Students → Edit); null when no such student. */
export async function updateStudentRecord(
  db: Kysely<Database>,
  id: number,
  changes: Partial<Omit<User, "id" | "role" | "student_id" | "password_hash" | "created_at">>,
  at: string,
): Promise<User | undefined> {
  const user = await db
    .updateTable("users")
    .set({ ...changes, updated_at: at })
    .where("id", "=", id)
    .where("role", "=", "student")
    .returningAll()
    .executeTakeFirst();
  // A new programme or term changes what the student studies (issue 18).
  if (user && ("programme_id" in changes || "current_term" in changes)) await syncStudentEnrolment(db, id, at);
  return user;
}

/**
 * Students' Course/Standard set to a programme's name (a programme renamed in the catalogue: the same
 * programme, so nothing they study changes), a thousand at a time.
 */
export async function setStudentsStandard(db: Kysely<Database>, ids: readonly number[], standard: string, at: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .updateTable("users")
      .set({ standard, updated_at: at })
      .where("id", "in", ids.slice(i, i + 1000))
      .where("role", "=", "student")
      .execute();
  }
}

/**
 * Moves students to another term of their programme in bulk (the office's "Move students to next term"),
 * a thousand at a time; their enrolments are the caller's to follow (studies/enrolment.ts: moveEnrolments).
 */
export async function setStudentsTerm(db: Kysely<Database>, ids: readonly number[], term: number, at: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .updateTable("users")
      .set({ current_term: term, updated_at: at })
      .where("id", "in", ids.slice(i, i + 1000))
      .where("role", "=", "student")
      .execute();
  }
}

export async function setStudentActive(db: Kysely<Database>, id: number, active: boolean, at: string): Promise<User> {
  return db
    .updateTable("users")
    .set({ is_active: active ? 1 : 0, updated_at: at })
    .where("id", "=", id)
    .where("role", "=", "student")
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteStudentAccount(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("users").where("id", "=", id).where("role", "=", "student").execute();
}

/**
 * The key of the language a person chose themselves (a switcher while signed in, or a changed language in
 * the student settings). Apart from `language`, which every account stores with its defaults ("english").
 */
export const CHOSEN_LANGUAGE = "chosenLanguage";

/** The preferences of a language the person chose (or was given at their account's opening): screens and e-mails in it. */
export const chosenLocale = (locale: Locale) => ({ language: languageOf(locale), [CHOSEN_LANGUAGE]: languageOf(locale) });

/** The language the person chose, or null if they never did (then the device's choice stands). */
export function storedLocale(raw: string): Locale | null {
  const language = jsonObject(raw)[CHOSEN_LANGUAGE];
  return isOneOf(LANGUAGES, language) ? localeOfLanguage(language) : null;
}

/** Sets some preferences, keeping the others (read and written in one transaction). */
export async function mergePreferences(db: Kysely<Database>, userId: number, changes: Record<string, unknown>, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("users").select("preferences").where("id", "=", userId).executeTakeFirstOrThrow();
    await storePreferences(trx, userId, JSON.stringify({ ...jsonObject(row.preferences), ...changes }), at);
  });
}

/** Stores the student's preferences (JSON, merged by the caller). */
export async function storePreferences(db: Kysely<Database>, userId: number, preferences: string, at: string): Promise<void> {
  await db.updateTable("users").set({ preferences, updated_at: at }).where("id", "=", userId).execute();
}

/** Gives the account an ID card token if it has none (two first requests at once write only one). */
export async function ensureIdCardTokenSet(db: Kysely<Database>, userId: number, token: string): Promise<void> {
  await db.updateTable("users").set({ id_card_token: token }).where("id", "=", userId).where("id_card_token", "is", null).execute();
}

/** An application is deleted: accounts opened from it keep their record but no longer point to it. */
export async function detachAdmission(db: Kysely<Database>, admissionId: number): Promise<void> {
  await db.updateTable("users").set({ admission_id: null }).where("admission_id", "=", admissionId).execute();
}
