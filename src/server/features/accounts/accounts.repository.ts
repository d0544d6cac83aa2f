/**
 * The accounts module owns the `users` table's account-opening writes (issue 14.3): every path that opens a
 * student account (admission approval, Add Student, the demo seed) allocates the student ID here, inside the
 * caller's transaction, so the rule "STU0001, STU0002, … never reused, never given twice" is written once.
 * Functions take the database or a transaction first (Kysely's repository style).
 */
import { type Kysely, sql } from "kysely";
import type { Database, NewUser, User } from "../../../../db/schema.ts";
import { DEFAULT_STUDENT_PREFERENCES } from "../../../shared/schemas/settings.ts";
import { conflict } from "../../platform/errors.ts";
import { advanceSequenceTo, formatStudentId, nextSequenceValue } from "../../platform/sequences.ts";

const STUDENT_ID_COUNTER = "student_id";
export const STUDENT_ID_UNAVAILABLE = "Could not assign a free student ID. Please try again or contact support.";

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
  throw conflict(STUDENT_ID_UNAVAILABLE);
}

export type StudentAccountValues = Omit<NewUser, "role" | "student_id" | "preferences" | "created_at" | "updated_at">;

/** Opens a student account with the next free student ID and the default preferences. */
export async function openStudentAccount(db: Kysely<Database>, values: StudentAccountValues, at: string): Promise<User> {
  const studentId = await allocateStudentId(db);
  return db
    .insertInto("users")
    .values({
      ...values,
      role: "student",
      student_id: studentId,
      preferences: JSON.stringify(DEFAULT_STUDENT_PREFERENCES),
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A new e-mail address for the account. It is proven (verified now); open first-login and reset links sent
 * to the old address stop working.
 */
export async function changeAccountEmail(db: Kysely<Database>, userId: number, email: string, at: string): Promise<User> {
  await db
    .updateTable("one_time_codes")
    .set({ consumed_at: at })
    .where("user_id", "=", userId)
    .where("purpose", "in", ["first_login", "reset_token", "password_reset"])
    .where("consumed_at", "is", null)
    .execute();
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

/** Ends every session of the account (every device); returns how many there were. */
export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
