/**
 * Assignments (issue 18): the office sets one per subject with a due moment (typed in the institute's time
 * zone) and maximum marks; students studying the subject submit a PDF (a new file replaces theirs until it
 * is graded; after the due moment it is flagged late); the office grades with marks and a comment. The
 * student dashboard's completed/total assignments come from here.
 */
import { type Kysely, sql } from "kysely";
import type { Assignment, Database, Subject } from "../../../../db/schema.ts";
import { studies as text } from "../../../shared/i18n/studies.ts";
import { isOffice } from "../../../shared/roles.ts";
import {
  type AssignmentForm,
  type AssignmentUpdateInput,
  type GradeInput,
  SUBMISSION_MAX_BYTES,
  type SubmissionsQuery,
} from "../../../shared/schemas/studies.ts";
import type { AppDeps } from "../../deps.ts";
import { zonedInstant, zonedLocal, zonedLocalOrNull } from "../../platform/calendar.ts";
import { countAs } from "../../platform/counts.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { heldAsIs, heldForChange } from "../../platform/row-lock.ts";
import { anyColumnContains } from "../../platform/search.ts";
import { requiredPdf, storeThenRecord } from "../../platform/uploads.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import { instituteTimeZone } from "../settings/settings.service.ts";
import { auditStudent } from "../students/students.service.ts";
import { READING_STATUSES } from "./enrolment.ts";
import { auditSubject, findListedSubject, findSubject, studentSubjectLink, subjectLabel, tellStudyingNow } from "./studies.service.ts";

const assignmentNotFound = () => new AppError("NOT_FOUND", text.t("rule.assignment"));
const submissionNotFound = () => new AppError("NOT_FOUND", text.t("rule.submission"));

async function findAssignment(deps: Pick<AppDeps, "db">, id: number): Promise<Assignment> {
  const row = await deps.db.selectFrom("assignments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw assignmentNotFound();
  return row;
}

/** The office's view of an assignment: its due moment also as the form's local value. */
const toOfficeAssignment = (a: Assignment, timeZone: string) => ({
  id: a.id,
  subjectId: a.subject_id,
  title: a.title,
  instructions: a.instructions,
  dueAt: a.due_at,
  dueLocal: zonedLocal(new Date(a.due_at), timeZone),
  maxMarks: a.max_marks,
  createdAt: a.created_at,
});

/** A subject's assignments, latest due first, with how many of its students submitted and were graded. */
export async function subjectAssignments(deps: Pick<AppDeps, "db">, subjectId: number) {
  await findSubject(deps.db, subjectId);
  const [timeZone, rows, students] = await Promise.all([
    instituteTimeZone(deps),
    deps.db
      .selectFrom("assignments")
      .selectAll("assignments")
      .select((eb) => [
        countAs(
          eb.selectFrom("assignment_submissions").whereRef("assignment_submissions.assignment_id", "=", "assignments.id"),
          "submitted",
        ),
        countAs(
          eb
            .selectFrom("assignment_submissions")
            .whereRef("assignment_submissions.assignment_id", "=", "assignments.id")
            .where("assignment_submissions.marks", "is not", null),
          "graded",
        ),
      ])
      .where("subject_id", "=", subjectId)
      .orderBy("due_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    deps.db
      .selectFrom("enrolments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("subject_id", "=", subjectId)
      .where("status", "in", READING_STATUSES)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    assignments: rows.map((r) => ({ ...toOfficeAssignment(r, timeZone), submitted: Number(r.submitted), graded: Number(r.graded) })),
    students: Number(students.n),
  };
}

function dueInstant(local: string, timeZone: string, now: Date, mustBeFuture: boolean): string {
  const due = zonedInstant(local, timeZone);
  if (mustBeFuture && due.getTime() <= now.getTime()) {
    throw fieldError("BAD_REQUEST", "dueAt", text.t("rule.duePast"));
  }
  return due.toISOString();
}

/** A new assignment, or its new due moment, told to the subject's students with when it is due (institute's clock). */
function tellOfAssignment(
  deps: AppDeps,
  db: Kysely<Database>,
  now: Date,
  subject: Subject,
  kind: "assignment.new" | "assignment.dueChanged",
  row: { id: number; title: string; due_at: string },
  timeZone: string,
) {
  return tellStudyingNow(deps, db, now, subject, {
    kind,
    title: row.title,
    params: { at: zonedLocal(new Date(row.due_at), timeZone) },
    data: { subjectId: subject.id, assignmentId: row.id },
    link: studentSubjectLink(subject.id),
    email: true,
  });
}

export async function createAssignment(deps: AppDeps, actorId: number, form: AssignmentForm, meta: SessionMeta = {}) {
  const subject = await findListedSubject(deps.db, form.subjectId);
  const timeZone = await instituteTimeZone(deps);
  const now = deps.now();
  const at = now.toISOString();
  const dueAt = dueInstant(form.dueAt, timeZone, now, true);
  const { row, told } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("assignments")
      .values({
        subject_id: subject.id,
        title: form.title,
        instructions: form.instructions ?? null,
        due_at: dueAt,
        max_marks: form.maxMarks!,
        created_by: actorId,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const told = await tellOfAssignment(deps, trx, now, subject, "assignment.new", row, timeZone);
    await auditSubject(trx, now, {
      actorUserId: actorId,
      action: "assignment.create",
      subject,
      details: { title: row.title },
      ip: meta.ip,
    });
    return { row, told };
  });
  deps.mail.kick();
  return { message: text.t("said.assignmentCreated", { title: row.title, count: told }), assignment: toOfficeAssignment(row, timeZone) };
}

/** Saves the form. A new due moment must be in the future; submissions' late flags follow it, and its students are told. */
export async function updateAssignment(deps: AppDeps, actorId: number, input: AssignmentUpdateInput, meta: SessionMeta = {}) {
  const current = await findAssignment(deps, input.id);
  if (input.subjectId !== current.subject_id) throw assignmentNotFound();
  const subject = await findSubject(deps.db, current.subject_id);
  const timeZone = await instituteTimeZone(deps);
  const now = deps.now();
  const changedDue = input.dueAt !== zonedLocal(new Date(current.due_at), timeZone);
  const dueAt = changedDue ? dueInstant(input.dueAt, timeZone, now, true) : current.due_at;
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("assignments")
      .set({
        title: input.title,
        instructions: input.instructions ?? null,
        due_at: dueAt,
        max_marks: input.maxMarks!,
        updated_at: now.toISOString(),
      })
      .where("id", "=", input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (changedDue) {
      await trx
        .updateTable("assignment_submissions")
        // 1 or 0 on both databases (a comparison is a boolean on PostgreSQL, whose column is an integer).
        .set({ is_late: sql<number>`case when submitted_at > ${dueAt} then 1 else 0 end` })
        .where("assignment_id", "=", input.id)
        .execute();
      // A deadline moved is news to whoever studies the subject, in the portal and by e-mail (stop 48).
      await tellOfAssignment(deps, trx, now, subject, "assignment.dueChanged", row, timeZone);
    }
    await auditSubject(trx, now, {
      actorUserId: actorId,
      action: "assignment.update",
      subject,
      details: { title: row.title },
      ip: meta.ip,
    });
    return row;
  });
  return { message: text.t("said.assignmentUpdated", { title: row.title }), assignment: toOfficeAssignment(row, timeZone) };
}

/** Only an assignment nobody has submitted to can be deleted (students' work is never thrown away). */
export async function deleteAssignment(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  const current = await findAssignment(deps, id);
  const subject = await findSubject(deps.db, current.subject_id);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    // Held: a hand-in under way finishes first, and is then found below.
    const held = await trx.selectFrom("assignments").select("id").where("id", "=", id).$call(heldForChange(trx)).executeTakeFirst();
    // Deleted meanwhile (two deletions at once): the second is told it is gone, and logs nothing.
    if (!held) throw assignmentNotFound();
    const any = await trx.selectFrom("assignment_submissions").select("id").where("assignment_id", "=", id).executeTakeFirst();
    if (any) throw new AppError("CONFLICT", text.t("rule.hasSubmissions"));
    await trx.deleteFrom("assignments").where("id", "=", id).execute();
    await auditSubject(trx, now, {
      actorUserId: actorId,
      action: "assignment.delete",
      subject,
      details: { title: current.title },
      ip: meta.ip,
    });
  });
  return { message: text.t("said.assignmentDeleted", { title: current.title }) };
}

/** The students of an assignment's subject with their submission (or none), a page at a time, by name. */
export async function listSubmissions(deps: Pick<AppDeps, "db">, query: SubmissionsQuery) {
  const [assignment, timeZone] = await Promise.all([findAssignment(deps, query.assignmentId), instituteTimeZone(deps)]);
  let base = deps.db
    .selectFrom("enrolments")
    .innerJoin("users", "users.id", "enrolments.user_id")
    .leftJoin("assignment_submissions as s", (join) => join.onRef("s.user_id", "=", "users.id").on("s.assignment_id", "=", assignment.id))
    .where("enrolments.subject_id", "=", assignment.subject_id)
    .where("enrolments.status", "in", READING_STATUSES);
  if (query.status === "submitted") base = base.where("s.id", "is not", null);
  if (query.status === "missing") base = base.where("s.id", "is", null);
  if (query.status === "graded") base = base.where("s.marks", "is not", null);
  if (query.status === "late") base = base.where("s.is_late", "=", 1);
  if (query.search) base = base.where(anyColumnContains(["users.name", "users.student_id"], query.search));
  const { rows, pagination } = await pageWithTotal(
    base,
    base
      .select([
        "users.id as userId",
        "users.name",
        "users.student_id as studentId",
        "s.id as submissionId",
        "s.file_name as fileName",
        "s.size_bytes as sizeBytes",
        "s.note",
        "s.submitted_at as submittedAt",
        "s.is_late as isLate",
        "s.marks",
        "s.grade_comment as comment",
        "s.graded_at as gradedAt",
      ])
      .orderBy("users.name")
      .orderBy("users.id"),
    query,
  );
  return {
    assignment: {
      id: assignment.id,
      title: assignment.title,
      maxMarks: assignment.max_marks,
      dueAt: assignment.due_at,
      dueLocal: zonedLocal(new Date(assignment.due_at), timeZone),
    },
    submissions: rows.map((r) => ({
      ...r,
      // When it was handed in, on the institute's clock like the deadline.
      submittedLocal: zonedLocalOrNull(r.submittedAt, timeZone),
      isLate: r.isLate === 1,
      fileUrl: r.submissionId ? `/api/studies/submissions/${r.submissionId}/file` : null,
    })),
    pagination,
  };
}

export async function gradeSubmission(deps: AppDeps, actorId: number, input: GradeInput, meta: SessionMeta = {}) {
  const found = await deps.db
    .selectFrom("assignment_submissions as s")
    .innerJoin("assignments as a", "a.id", "s.assignment_id")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.user_id", "a.id as assignmentId", "a.title", "a.max_marks", "a.subject_id", "u.name", "u.student_id"])
    .where("s.id", "=", input.submissionId)
    .executeTakeFirst();
  if (!found) throw submissionNotFound();
  if (input.marks! > found.max_marks) {
    const message = text.t("rule.marksAbove", { max: found.max_marks });
    throw fieldError("BAD_REQUEST", "marks", message);
  }
  const subject = await findSubject(deps.db, found.subject_id);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("assignment_submissions")
      .set({ marks: input.marks, grade_comment: input.comment ?? null, graded_by: actorId, graded_at: now.toISOString() })
      .where("id", "=", found.id)
      .execute();
    await notifyUser(trx, now, found.user_id, {
      type: "course",
      kind: "assignment.graded",
      params: { title: found.title, subject: subjectLabel(subject), marks: input.marks!, max: found.max_marks },
      data: { assignmentId: found.assignmentId },
      link: studentSubjectLink(subject.id),
    });
    await auditStudent(trx, now, {
      actorUserId: actorId,
      action: "assignment.grade",
      student: { id: found.user_id, student_id: found.student_id },
      details: { title: found.title, marks: input.marks, max: found.max_marks },
      ip: meta.ip,
    });
  });
  return { message: text.t("said.graded", { name: found.name }) };
}

/**
 * A submission's PDF: the office, or the student who submitted it. The office's copy is named by the student ID
 * first ("STU0101 - assignment.pdf"), so a class's files neither overwrite each other nor hide whose they are.
 */
export async function submissionFile(deps: Pick<AppDeps, "db" | "env">, viewer: { id: number; role: string }, id: number) {
  const row = await deps.db
    .selectFrom("assignment_submissions as s")
    .innerJoin("users", "users.id", "s.user_id")
    .select(["s.user_id", "s.stored_name", "s.file_name", "users.student_id"])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row || (!isOffice(viewer.role) && row.user_id !== viewer.id)) throw submissionNotFound();
  const name = isOffice(viewer.role) && row.student_id ? `${row.student_id} - ${row.file_name}` : row.file_name;
  return { area: "documents" as const, file: row.stored_name, name };
}

/**
 * A student hands in their work (a PDF, at most 10 MB, with an optional note) for an assignment of a subject
 * they study now. Before grading a new file replaces the old; after the due moment it is flagged late.
 */
export async function submitAssignment(deps: AppDeps, userId: number, assignmentId: number, note: string | undefined, file: unknown) {
  const assignment = await findAssignment(deps, assignmentId);
  const enrolment = await deps.db
    .selectFrom("enrolments")
    .innerJoin("subjects", "subjects.id", "enrolments.subject_id")
    .select(["enrolments.status", "subjects.archived"])
    .where("enrolments.user_id", "=", userId)
    .where("enrolments.subject_id", "=", assignment.subject_id)
    .executeTakeFirst();
  if (!enrolment || enrolment.status === "dropped" || enrolment.archived === 1) throw assignmentNotFound();
  if (enrolment.status !== "in_progress") throw new AppError("CONFLICT", text.t("rule.termOver"));
  const checked = await requiredPdf(file, {
    field: "file",
    // the field's name without its "(PDF)": "Your work must be a PDF file" (twelfth walk: PDF twice)
    label: text.t("submit.fileInMessages"),
    maxBytes: SUBMISSION_MAX_BYTES,
    missing: text.t("rule.submissionFile"),
  });
  const files = fileStore(deps.env);
  const now = deps.now();
  const late = now.toISOString() > assignment.due_at ? 1 : 0;
  const handedIn = {
    file_name: checked.originalName,
    size_bytes: checked.bytes.length,
    note: note ?? null,
    submitted_at: now.toISOString(),
    is_late: late,
  };
  // Read what is there and write the new file in one transaction: two hand-ins at once each replace the
  // one before them (SQLite runs write transactions one at a time), and a graded one is never replaced.
  const replaced = await storeThenRecord(files, "documents", "pdf", checked.bytes, (stored) =>
    deps.db.transaction().execute(async (trx) => {
      // Still there, and kept so until this commits: a deletion at the same moment either waits and then finds
      // this work (refused), or came first and this hand-in is told the assignment is gone (race audit).
      const there = await trx.selectFrom("assignments").select("id").where("id", "=", assignmentId).$call(heldAsIs(trx)).executeTakeFirst();
      if (!there) throw assignmentNotFound();
      const values = { stored_name: stored, ...handedIn };
      const previous = await trx
        .selectFrom("assignment_submissions")
        .select(["stored_name", "marks"])
        .where("assignment_id", "=", assignmentId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (previous && previous.marks !== null) throw new AppError("CONFLICT", text.t("rule.graded"));
      await trx
        .insertInto("assignment_submissions")
        .values({ assignment_id: assignmentId, user_id: userId, ...values })
        .onConflict((oc) => oc.columns(["assignment_id", "user_id"]).doUpdateSet(values))
        .execute();
      return previous?.stored_name ?? null;
    }),
  );
  await files.remove("documents", [replaced]);
  return { message: text.t(late ? "said.submittedLate" : "said.submitted"), late: late === 1, submittedAt: handedIn.submitted_at };
}
