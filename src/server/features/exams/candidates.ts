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
 * studying the subject now since before the exam was scheduled for it (`created_at`, which a change of subject
 * moves: exams.service updateExam) or began — a student who joined after both did not sit it (tenth walk) —
 * or completed it once the exam was scheduled or had begun.
 */
export function takesExam(eb: ExpressionBuilder<Database, "enrolments" | "exams">) {
  const either = (test: (moment: "exams.starts_at" | "exams.created_at") => ReturnType<typeof eb>) =>
    eb.or([test("exams.starts_at"), test("exams.created_at")]);
  return eb.or([
    eb.and([eb("enrolments.status", "=", "in_progress"), either((moment) => eb("enrolments.enrolled_at", "<=", eb.ref(moment)))]),
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
