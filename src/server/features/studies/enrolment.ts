/**
 * Who studies what (issue 18; docs/STUDIES-MODEL.md). A student is enrolled in the listed subjects of their
 * programme's current term. Enrolments follow the student's record: a new subject enrols the students of
 * its programme and term; moving on a term completes the old term's enrolments and opens the new ones; a
 * change of programme drops the old programme's. A completed subject stays readable (materials, results);
 * a dropped one does not.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database, EnrolmentStatus } from "../../../../db/schema.ts";

type DB = Kysely<Database>;

/** The enrolment states that let a student read a subject (its materials, assignments, exams). */
export const READING_STATUSES = ["in_progress", "completed"] as const;

/** Makes one student's enrolments match their programme and current term; returns the subjects newly opened. */
export async function syncStudentEnrolment(db: DB, userId: number, at: string): Promise<number[]> {
  const user = await db.selectFrom("users").select(["role", "programme_id", "current_term"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.role !== "student") return [];
  const wanted =
    user.programme_id === null
      ? []
      : (
          await db
            .selectFrom("subjects")
            .select("id")
            .where("programme_id", "=", user.programme_id)
            .where("term", "=", user.current_term)
            .where("archived", "=", 0)
            .execute()
        ).map((s) => s.id);
  const open = await db
    .selectFrom("enrolments")
    .innerJoin("subjects", "subjects.id", "enrolments.subject_id")
    .select(["enrolments.subject_id", "subjects.programme_id", "subjects.term"])
    .where("enrolments.user_id", "=", userId)
    .where("enrolments.status", "=", "in_progress")
    .execute();
  for (const e of open) {
    if (wanted.includes(e.subject_id)) continue;
    // An earlier term of the same programme was completed; anything else (another programme, a later term
    // the student was moved back from) is dropped.
    const status = e.programme_id === user.programme_id && e.term < user.current_term ? "completed" : "dropped";
    await db
      .updateTable("enrolments")
      .set({ status, ended_at: at })
      .where("user_id", "=", userId)
      .where("subject_id", "=", e.subject_id)
      .execute();
  }
  const already = new Set(open.map((e) => e.subject_id));
  const opened = wanted.filter((id) => !already.has(id));
  if (opened.length) {
    await db
      .insertInto("enrolments")
      .values(opened.map((subject_id) => ({ user_id: userId, subject_id, status: "in_progress" as const, enrolled_at: at })))
      .onConflict((oc) => oc.columns(["user_id", "subject_id"]).doUpdateSet({ status: "in_progress", ended_at: null }))
      .execute();
  }
  return opened;
}

/** Whether an enrolment's subject is one of the programme's subjects of a term before (`<`) or equal to (`=`) `term`. */
const inProgrammeTerm = (eb: ExpressionBuilder<Database, "enrolments">, programmeId: number, op: "<" | "=", term: number) =>
  eb.exists(
    eb
      .selectFrom("subjects")
      .select("subjects.id")
      .whereRef("subjects.id", "=", "enrolments.subject_id")
      .where("subjects.programme_id", "=", programmeId)
      .where("subjects.term", op, term),
  );

/**
 * After students of one programme moved to `term` together (setStudentsTerm): what syncStudentEnrolment does
 * for each, set-based — their subjects of an earlier term are completed, any other open ones dropped, and the
 * new term's listed subjects opened — a thousand students a statement, whatever the class size.
 */
export async function moveEnrolments(db: DB, ids: readonly number[], programmeId: number, term: number, at: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    const batch = ids.slice(i, i + 1000);
    await db
      .updateTable("enrolments")
      .set((eb) => ({
        status: eb
          .case()
          .when(inProgrammeTerm(eb, programmeId, "<", term))
          .then("completed")
          .else("dropped")
          .end()
          .$castTo<EnrolmentStatus>(),
        ended_at: at,
      }))
      .where("user_id", "in", batch)
      .where("status", "=", "in_progress")
      .where((eb) => eb.not(inProgrammeTerm(eb, programmeId, "=", term)))
      .execute();
    await db
      .insertInto("enrolments")
      .columns(["user_id", "subject_id", "status", "enrolled_at"])
      .expression(
        db
          .selectFrom("users")
          .innerJoin("subjects", (join) =>
            join.onRef("subjects.programme_id", "=", "users.programme_id").onRef("subjects.term", "=", "users.current_term"),
          )
          .select((eb) => ["users.id", "subjects.id as subject_id", eb.val("in_progress").as("status"), eb.val(at).as("enrolled_at")])
          .where("users.id", "in", batch)
          .where("subjects.archived", "=", 0),
      )
      .onConflict((oc) => oc.columns(["user_id", "subject_id"]).doUpdateSet({ status: "in_progress", ended_at: null }))
      .execute();
  }
}

/** Enrols every student of a subject's programme and term in it (a subject just added or restored). */
export async function enrolSubjectStudents(db: DB, subjectId: number, at: string): Promise<void> {
  const subject = await db.selectFrom("subjects").select(["programme_id", "term"]).where("id", "=", subjectId).executeTakeFirstOrThrow();
  await db
    .insertInto("enrolments")
    .columns(["user_id", "subject_id", "status", "enrolled_at"])
    .expression(
      db
        .selectFrom("users")
        .select((eb) => ["id", eb.val(subjectId).as("subject_id"), eb.val("in_progress").as("status"), eb.val(at).as("enrolled_at")])
        .where("role", "=", "student")
        .where("programme_id", "=", subject.programme_id)
        .where("current_term", "=", subject.term),
    )
    .onConflict((oc) => oc.columns(["user_id", "subject_id"]).doUpdateSet({ status: "in_progress", ended_at: null }))
    .execute();
}

/** Whether the student may read the subject: enrolled now, or completed it in an earlier term. */
export async function canReadSubject(db: DB, userId: number, subjectId: number): Promise<boolean> {
  const row = await db
    .selectFrom("enrolments")
    .select("id")
    .where("user_id", "=", userId)
    .where("subject_id", "=", subjectId)
    .where("status", "in", READING_STATUSES)
    .executeTakeFirst();
  return row !== undefined;
}

/** The active students studying the subject now: who is told of its new materials, assignments and exams. */
export async function studyingNow(db: DB, subjectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("enrolments")
    .innerJoin("users", "users.id", "enrolments.user_id")
    .select("users.id")
    .innerJoin("subjects", "subjects.id", "enrolments.subject_id")
    .where("enrolments.subject_id", "=", subjectId)
    .where("enrolments.status", "=", "in_progress")
    .where("subjects.archived", "=", 0)
    .where("users.is_active", "=", 1)
    .execute();
  return rows.map((r) => r.id);
}
