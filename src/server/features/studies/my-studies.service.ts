/**
 * The student's side of studies (issue 18): their subjects (this term's first, then completed ones) with
 * units, the units they ticked off, materials and assignments with their own submission; ticking a unit;
 * and the figures the dashboard shows (course progress, assignments done, study streak). Everything is
 * scoped to the signed-in student: another student's work is never read.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../../db/schema.ts";
import { studies as text } from "../../../shared/i18n/studies.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import type { AppDeps } from "../../deps.ts";
import { localDate, zonedLocal } from "../../platform/calendar.ts";
import { countAs } from "../../platform/counts.ts";
import { AppError } from "../../platform/errors.ts";
import { instituteTimeZone } from "../settings/settings.service.ts";
import { READING_STATUSES } from "./enrolment.ts";
import { toMaterialItem } from "./materials.service.ts";

type DB = Kysely<Database>;

const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done * 100) / total));

/** The subjects the student may read: enrolled now or completed, listed; this term's first. */
function readableSubjects(db: DB, userId: number) {
  return db
    .selectFrom("enrolments")
    .innerJoin("subjects", "subjects.id", "enrolments.subject_id")
    .where("enrolments.user_id", "=", userId)
    .where("enrolments.status", "in", READING_STATUSES)
    .where("subjects.archived", "=", 0);
}

/** /student/courses: every subject with its units, ticks, materials and assignments, in six queries in all. */
export async function myCourses(deps: Pick<AppDeps, "db">, userId: number) {
  const db = deps.db;
  const [user, subjects] = await Promise.all([
    db
      .selectFrom("users")
      .leftJoin("programmes", "programmes.id", "users.programme_id")
      .select(["users.current_term as term", "programmes.name as programme", "programmes.fee_period as termUnit"])
      .where("users.id", "=", userId)
      .executeTakeFirstOrThrow(),
    readableSubjects(db, userId)
      .select(["subjects.id", "subjects.code", "subjects.name", "subjects.description", "subjects.term", "enrolments.status"])
      .orderBy("enrolments.status", "desc") // in_progress before completed
      .orderBy("subjects.term", "desc")
      .orderBy("subjects.sort_order")
      .orderBy("subjects.code")
      .execute(),
  ]);
  const ids = subjects.map((s) => s.id);
  if (ids.length === 0) return { programme: user.programme, term: user.term, termUnit: user.termUnit, courses: [] };
  const [timeZone, units, ticks, materials, assignments, submissions] = await Promise.all([
    instituteTimeZone(deps),
    db
      .selectFrom("subject_units")
      .select(["id", "subject_id", "position", "title"])
      .where("subject_id", "in", ids)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("unit_progress")
      .innerJoin("subject_units", "subject_units.id", "unit_progress.unit_id")
      .select("unit_progress.unit_id")
      .where("unit_progress.user_id", "=", userId)
      .where("subject_units.subject_id", "in", ids)
      .execute(),
    db
      .selectFrom("study_materials")
      .selectAll()
      .where("subject_id", "in", ids)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    db.selectFrom("assignments").selectAll().where("subject_id", "in", ids).orderBy("due_at").orderBy("id").execute(),
    db
      .selectFrom("assignment_submissions")
      .innerJoin("assignments", "assignments.id", "assignment_submissions.assignment_id")
      .selectAll("assignment_submissions")
      .where("assignment_submissions.user_id", "=", userId)
      .where("assignments.subject_id", "in", ids)
      .execute(),
  ]);
  const done = new Set(ticks.map((t) => t.unit_id));
  const mine = new Map(submissions.map((s) => [s.assignment_id, s]));
  return {
    programme: user.programme,
    term: user.term,
    termUnit: user.termUnit,
    courses: subjects.map((s) => {
      const own = units.filter((u) => u.subject_id === s.id);
      const completed = own.filter((u) => done.has(u.id)).length;
      return {
        id: s.id,
        code: s.code,
        name: s.name,
        description: s.description,
        term: s.term,
        status: s.status,
        progress: { done: completed, total: own.length, percent: percent(completed, own.length) },
        units: own.map((u) => ({ id: u.id, position: u.position, title: u.title, done: done.has(u.id) })),
        materials: materials.filter((m) => m.subject_id === s.id).map((m) => toMaterialItem(m, timeZone)),
        assignments: assignments
          .filter((a) => a.subject_id === s.id)
          .map((a) => {
            const sub = mine.get(a.id);
            return {
              id: a.id,
              title: a.title,
              instructions: a.instructions,
              dueAt: a.due_at,
              // The deadline as the institute's clock shows it (what the office typed), for the page to write whatever the device's zone.
              dueLocal: zonedLocal(new Date(a.due_at), timeZone),
              maxMarks: a.max_marks,
              submission: sub
                ? {
                    fileName: sub.file_name,
                    fileUrl: `/api/studies/submissions/${sub.id}/file`,
                    note: sub.note,
                    submittedAt: sub.submitted_at,
                    // When it was handed in, on the institute's clock like the deadline above.
                    submittedLocal: zonedLocal(new Date(sub.submitted_at), timeZone),
                    late: sub.is_late === 1,
                    marks: sub.marks,
                    comment: sub.grade_comment,
                    gradedAt: sub.graded_at,
                  }
                : null,
            };
          }),
      };
    }),
  };
}

/** Ticks a unit complete (or unticks it): only a unit of a subject the student studies or studied. */
export async function setUnitDone(deps: Pick<AppDeps, "db" | "now">, userId: number, input: { unitId: number; done: boolean }) {
  const unit = await readableSubjects(deps.db, userId)
    .innerJoin("subject_units", "subject_units.subject_id", "subjects.id")
    .select("subject_units.id")
    .where("subject_units.id", "=", input.unitId)
    .executeTakeFirst();
  if (!unit) throw new AppError("NOT_FOUND", text.t("rule.notStudying"));
  if (input.done) {
    await deps.db
      .insertInto("unit_progress")
      .values({ user_id: userId, unit_id: input.unitId, completed_at: deps.now().toISOString() })
      .onConflict((oc) => oc.columns(["user_id", "unit_id"]).doNothing())
      .execute();
  } else {
    await deps.db.deleteFrom("unit_progress").where("user_id", "=", userId).where("unit_id", "=", input.unitId).execute();
  }
  return { done: input.done };
}

/** Days in a row, ending today or yesterday, on which the student ticked a unit or handed in work. */
export function streakOf(activeDays: readonly string[], today: string): number {
  const days = new Set(activeDays);
  const step = (day: string) => addDays(day, -1);
  let cursor = days.has(today) ? today : step(today);
  let streak = 0;
  while (days.has(cursor)) {
    streak++;
    cursor = step(cursor);
  }
  return streak;
}

/**
 * The dashboard's study figures, in four queries: progress in this term's subjects, assignments handed in
 * out of those set (of an earlier term, only those that were due before the student moved on, or handed in),
 * graded marks, and the study streak (in the institute's days).
 */
export async function studyFigures(db: DB, userId: number, now: Date, timeZone: string) {
  // The streak looks back over the last 400 days' ticks and hand-ins.
  const streakFrom = new Date(now.getTime() - 400 * 86_400_000).toISOString();
  const [progress, assignments, graded, activity] = await Promise.all([
    db
      .selectFrom("enrolments")
      .innerJoin("subjects", "subjects.id", "enrolments.subject_id")
      .select((eb) => [
        "subjects.id",
        "subjects.code",
        "subjects.name",
        countAs(eb.selectFrom("subject_units").whereRef("subject_units.subject_id", "=", "subjects.id"), "units"),
        countAs(
          eb
            .selectFrom("unit_progress")
            .innerJoin("subject_units", "subject_units.id", "unit_progress.unit_id")
            .whereRef("subject_units.subject_id", "=", "subjects.id")
            .where("unit_progress.user_id", "=", userId),
          "done",
        ),
      ])
      .where("enrolments.user_id", "=", userId)
      .where("enrolments.status", "=", "in_progress")
      .where("subjects.archived", "=", 0)
      .orderBy("subjects.sort_order")
      .orderBy("subjects.code")
      .execute(),
    db
      .selectFrom("assignments")
      .innerJoin("enrolments", (join) =>
        join.onRef("enrolments.subject_id", "=", "assignments.subject_id").on("enrolments.user_id", "=", userId),
      )
      .innerJoin("subjects", "subjects.id", "assignments.subject_id")
      .leftJoin("assignment_submissions as s", (join) => join.onRef("s.assignment_id", "=", "assignments.id").on("s.user_id", "=", userId))
      .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.count<number>("s.id").as("submitted")])
      .where("enrolments.status", "in", READING_STATUSES)
      .where("subjects.archived", "=", 0)
      // An assignment still open when the student moved on closed to them unsubmitted: not theirs to count as missed.
      .where((eb) =>
        eb.or([
          eb("enrolments.status", "=", "in_progress"),
          eb("assignments.due_at", "<=", eb.ref("enrolments.ended_at")),
          eb("s.id", "is not", null),
        ]),
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("assignment_submissions as s")
      .innerJoin("assignments", "assignments.id", "s.assignment_id")
      .innerJoin("subjects", "subjects.id", "assignments.subject_id")
      .select((eb) => [eb.fn.sum<number>("s.marks").as("marks"), eb.fn.sum<number>("assignments.max_marks").as("max")])
      .where("s.user_id", "=", userId)
      .where("s.marks", "is not", null)
      .where("subjects.archived", "=", 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("unit_progress")
      .select("completed_at as at")
      .where("user_id", "=", userId)
      .where("completed_at", ">=", streakFrom)
      .unionAll(
        db
          .selectFrom("assignment_submissions")
          .select("submitted_at as at")
          .where("user_id", "=", userId)
          .where("submitted_at", ">=", streakFrom),
      )
      .execute(),
  ]);
  const max = Number(graded.max ?? 0);
  return {
    courseProgress: progress.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      progress: percent(Number(p.done), Number(p.units)),
    })),
    assignments: { completed: Number(assignments.submitted), total: Number(assignments.total) },
    assignmentPercent: max === 0 ? null : Math.round((Number(graded.marks ?? 0) * 100) / max),
    studyStreak: streakOf(
      activity.map((a) => localDate(new Date(a.at), timeZone)),
      localDate(now, timeZone),
    ),
  };
}
