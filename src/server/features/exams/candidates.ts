/**
 * Who takes an exam (exams.service's note): the one rule, here so that the studies area can ask it too (a move
 * between terms) without importing the exams service, which imports the studies service.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../../../../db/schema.ts";

/** Where a student's e-mail and notification about an exam lead. */
export const STUDENT_EXAMS_LINK = "/student/exams";

/**
 * Whether the enrolment's student takes the exam, over a query that has both `enrolments` and `exams`:
 * - studying the subject now, and a student of the institute before the exam was scheduled for its subject
 *   (`created_at`, which a change of subject moves: exams.service updateExam) or began — someone admitted after
 *   both did not sit it (tenth walk: a published exam gained every later admission as "No marks yet"). It is
 *   the account's age, not the enrolment's: a class moved onto the term after its exam began still sat it. A
 *   student with a result for the exam takes it whatever the dates;
 * - or completed the subject once the exam was scheduled or had begun.
 */
export function takesExam(eb: ExpressionBuilder<Database, "enrolments" | "exams">) {
  const either = (test: (moment: "exams.starts_at" | "exams.created_at") => ReturnType<typeof eb>) =>
    eb.or([test("exams.starts_at"), test("exams.created_at")]);
  const arrivedBefore = eb.exists(
    eb
      .selectFrom("users")
      .select("users.id")
      .whereRef("users.id", "=", "enrolments.user_id")
      .where((u) => u.or([u("users.created_at", "<=", u.ref("exams.starts_at")), u("users.created_at", "<=", u.ref("exams.created_at"))])),
  );
  const hasResult = eb.exists(
    eb
      .selectFrom("exam_results")
      .select("exam_results.exam_id")
      .whereRef("exam_results.exam_id", "=", "exams.id")
      .whereRef("exam_results.user_id", "=", "enrolments.user_id"),
  );
  return eb.or([
    eb.and([eb("enrolments.status", "=", "in_progress"), eb.or([arrivedBefore, hasResult])]),
    eb.and([eb("enrolments.status", "=", "completed"), either((moment) => eb("enrolments.ended_at", ">=", eb.ref(moment)))]),
  ]);
}

/** An exam still to come that a student takes, with its subject. */
export interface ExamTaken {
  userId: number;
  examId: number;
  title: string;
  code: string;
  name: string;
}

/** The exams still to come of a programme's term that these (active) students take, a thousand students a query. */
export async function examsTakenAhead(
  db: Kysely<Database>,
  userIds: readonly number[],
  programmeTerm: { programmeId: number; term: number },
  nowIso: string,
): Promise<ExamTaken[]> {
  const taken: ExamTaken[] = [];
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db
      .selectFrom("enrolments")
      .innerJoin("exams", "exams.subject_id", "enrolments.subject_id")
      .innerJoin("subjects", "subjects.id", "exams.subject_id")
      .innerJoin("users", "users.id", "enrolments.user_id")
      .select(["enrolments.user_id as userId", "exams.id as examId", "exams.title", "subjects.code", "subjects.name"])
      .where("enrolments.user_id", "in", userIds.slice(i, i + 1000))
      .where("users.is_active", "=", 1)
      .where("subjects.programme_id", "=", programmeTerm.programmeId)
      .where("subjects.term", "=", programmeTerm.term)
      .where("exams.status", "=", "scheduled")
      .where("exams.starts_at", ">", nowIso)
      .where(takesExam)
      .orderBy("exams.starts_at")
      .orderBy("exams.id")
      .execute();
    taken.push(...rows);
  }
  return taken;
}
