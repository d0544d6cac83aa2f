/**
 * Marks of an exam (issue 18; docs/studies/exams.md): the office enters them for the students who take the
 * exam — in a form, a page of students at a time, or from a CSV file (student_id, marks or AB). A file is
 * checked first (a dry run lists every problem with its row and column, nothing saved); saving checks it
 * again and writes every row or none, in one transaction. Marks are whole numbers from 0 to the exam's
 * maximum; AB (or the form's Absent) records that the student did not sit it. Every save is audited.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../../db/schema.ts";
import { exams as text } from "../../../shared/i18n/exams.ts";
import {
  ABSENT_MARK,
  MARKS_CSV_MAX_ROWS,
  type MarksCsvInput,
  type MarksProblemKind,
  type MarksSheetQuery,
  type SaveMarksInput,
} from "../../../shared/schemas/exams.ts";
import type { AppDeps } from "../../deps.ts";
import { zonedLocal } from "../../platform/calendar.ts";
import { parseCsv, spreadsheetCsv } from "../../platform/csv.ts";
import { AppError } from "../../platform/errors.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { anyColumnContains } from "../../platform/search.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { notifyStudents } from "../notifications/notifications.service.ts";
import { instituteTimeZone } from "../settings/settings.service.ts";
import { STUDENT_EXAMS_LINK } from "./candidates.ts";
import { auditExam, candidatesOf, type Exam, findExam } from "./exams.service.ts";

type DB = Kysely<Database>;

/** Marks are entered once the exam has begun, and never for a cancelled one. */
function assertMarksOpen(exam: Exam, nowIso: string) {
  if (exam.status === "cancelled") throw new AppError("CONFLICT", text.t("rule.cancelledClosed"));
  if (exam.starts_at > nowIso) throw new AppError("BAD_REQUEST", text.t("rule.marksBeforeStart"));
}

/** The marks form: the students who take the exam and what was entered for each, by student ID, a page at a time. */
export async function marksSheet(deps: Pick<AppDeps, "db">, query: MarksSheetQuery) {
  const exam = await findExam(deps.db, query.id);
  let base = candidatesOf(deps.db, exam);
  if (query.search) base = base.where(anyColumnContains(["users.name", "users.student_id"], query.search));
  const { rows, pagination } = await pageWithTotal(
    base,
    base
      .leftJoin("exam_results", (j) => j.onRef("exam_results.user_id", "=", "users.id").on("exam_results.exam_id", "=", exam.id))
      .select([
        "users.id as userId",
        "users.student_id as studentId",
        "users.name",
        "exam_results.marks",
        "exam_results.absent",
        "exam_results.entered_at as enteredAt",
      ])
      .orderBy("users.student_id")
      .orderBy("users.id"),
    query,
  );
  return {
    students: rows.map((r) => ({
      userId: r.userId,
      studentId: r.studentId,
      name: r.name,
      marks: r.marks,
      absent: r.absent === 1,
      entered: r.enteredAt !== null,
      enteredAt: r.enteredAt,
    })),
    pagination,
  };
}

interface Entry {
  userId: number;
  marks: number | null;
  absent: boolean;
}

/** Writes results (500 a statement) in the caller's transaction. */
async function writeResults(db: DB, examId: number, entries: readonly Entry[], actorId: number, at: string) {
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insertInto("exam_results")
      .values(
        entries.slice(i, i + 500).map((e) => ({
          exam_id: examId,
          user_id: e.userId,
          marks: e.absent ? null : e.marks,
          absent: e.absent ? (1 as const) : (0 as const),
          entered_by: actorId,
          entered_at: at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["exam_id", "user_id"]).doUpdateSet((eb) => ({
          marks: eb.ref("excluded.marks"),
          absent: eb.ref("excluded.absent"),
          entered_by: eb.ref("excluded.entered_by"),
          entered_at: eb.ref("excluded.entered_at"),
        })),
      )
      .execute();
  }
}

async function candidateIds(db: DB, exam: Exam, among?: readonly number[]): Promise<Set<number>> {
  let query = candidatesOf(db, exam).select("users.id");
  if (among) query = query.where("users.id", "in", among.length ? among : [0]);
  return new Set((await query.execute()).map((r) => r.id));
}

/**
 * Saves the form's rows, all or none: each must be a student who takes the exam, with whole marks up to the
 * maximum, or absent; a row with neither clears what was entered (not once the results are published).
 * A mistake is reported beside its row (`entries.<i>.marks`).
 */
export async function saveMarks(deps: AppDeps, actorId: number, input: SaveMarksInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const saved = await deps.db.transaction().execute(async (trx) => {
    // Held: two saves checking their rows' `was` at the same moment would both pass, then both write.
    const exam = await findExam(trx, input.id, true);
    assertMarksOpen(exam, at);
    // Filled before the results were published: a save now changes what students were told (twelfth walk).
    if (input.publishedAt !== undefined && input.publishedAt !== exam.results_published_at)
      throw new AppError("CONFLICT", text.t("rule.publishedSince"));
    const ids = input.entries.map((e) => e.userId);
    const taking = await candidateIds(trx, exam, ids);
    const before = await storedResults(trx, exam.id, ids);
    const fieldErrors: Record<string, string[]> = {};
    const seen = new Set<number>();
    let changedSince = 0;
    input.entries.forEach((e, i) => {
      const stored = before.get(e.userId);
      // Saved by someone else since this form was filled: their marks are not overwritten unseen (twelfth walk).
      if (e.was !== undefined && (stored?.entered_at ?? null) !== e.was) {
        changedSince++;
        fieldErrors[`entries.${i}.marks`] = [text.t("rule.changedSince", { now: shownMark(stored) })];
        return;
      }
      const problem = !taking.has(e.userId)
        ? text.t("rule.notTaking")
        : seen.has(e.userId)
          ? text.t("rule.twice")
          : !e.absent && e.marks !== null && e.marks > exam.max_marks
            ? text.t("rule.marksAboveMax", { max: exam.max_marks })
            : exam.results_published_at && !e.absent && e.marks === null
              ? text.t("rule.cannotClear")
              : null;
      seen.add(e.userId);
      if (problem) fieldErrors[`entries.${i}.marks`] = [problem];
    });
    const problems = Object.values(fieldErrors);
    if (problems.length) {
      const message =
        changedSince > 0
          ? text.t("rule.rowsChangedSince", { count: changedSince })
          : problems.length === 1
            ? problems[0]![0]!
            : text.t("rule.rowsToFix", { count: problems.length });
      throw new AppError(changedSince > 0 ? "CONFLICT" : "BAD_REQUEST", message, { fieldErrors });
    }
    const set = input.entries.filter((e) => e.absent || e.marks !== null);
    const cleared = input.entries.filter((e) => !e.absent && e.marks === null).map((e) => e.userId);
    await writeResults(trx, exam.id, set, actorId, at);
    if (cleared.length) await trx.deleteFrom("exam_results").where("exam_id", "=", exam.id).where("user_id", "in", cleared).execute();
    await auditExam(trx, now, {
      actorUserId: actorId,
      action: "exam.marks",
      exam,
      details: {
        count: set.length,
        cleared: cleared.length,
        source: "form",
        afterPublishing: exam.results_published_at !== null,
      },
      ip: meta.ip,
    });
    await tellCorrected(deps, trx, now, exam, set, before);
    return set.length;
  });
  deps.mail.kick();
  return { message: text.t("said.marksSaved", { count: saved }), saved };
}

/** What is stored for these students, by user id. */
async function storedResults(db: DB, examId: number, userIds: readonly number[]) {
  const rows = userIds.length
    ? await db
        .selectFrom("exam_results")
        .select(["user_id", "marks", "absent", "entered_at"])
        .where("exam_id", "=", examId)
        .where("user_id", "in", userIds)
        .execute()
    : [];
  return new Map(rows.map((r) => [r.user_id, r]));
}

type Stored = Awaited<ReturnType<typeof storedResults>> extends Map<number, infer R> ? R : never;

/** A stored result as the marks form shows it: the marks, AB, or a dash for none. */
const shownMark = (stored: Stored | undefined) => (!stored ? "—" : stored.absent === 1 ? ABSENT_MARK : String(stored.marks));

/**
 * Once the results are published, a student whose result a save changes is told (twelfth walk: a corrected
 * result reached the student's page without a word); saving the same marks again tells nobody.
 */
async function tellCorrected(deps: AppDeps, db: DB, now: Date, exam: Exam, set: readonly Entry[], before: Map<number, Stored>) {
  if (!exam.results_published_at) return;
  const changed = set
    .filter((e) => {
      const was = before.get(e.userId);
      return !was || (was.absent === 1) !== e.absent || (!e.absent && was.marks !== e.marks);
    })
    .map((e) => e.userId);
  if (changed.length === 0) return;
  const subject = await db.selectFrom("subjects").select(["code", "name"]).where("id", "=", exam.subject_id).executeTakeFirstOrThrow();
  await notifyStudents(deps, db, now, changed, {
    type: "course",
    kind: "results.corrected",
    params: { title: exam.title, subject: `${subject.code} ${subject.name}` },
    email: true,
    link: STUDENT_EXAMS_LINK,
    data: { examId: exam.id },
  });
}

// ————— the CSV file —————

export interface MarksProblem {
  /** the file's row (line) as a spreadsheet or text editor numbers it; the header is row 1 */
  row: number;
  column: "student_id" | "marks" | null;
  kind: MarksProblemKind;
  message: string;
}

const columnName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * Checks a marks file against the exam: every problem of every row (unknown student, not taking the exam,
 * a row for the same student again, empty or not whole marks, marks above the maximum), and the rows ready
 * to save when there is none.
 */
export async function checkMarksFile(db: DB, exam: Exam, csv: string, subjectLabel: string) {
  const records = parseCsv(csv).filter((r) => r.cells.some((c) => c.trim() !== ""));
  const problems: MarksProblem[] = [];
  const problem = (row: number, column: MarksProblem["column"], kind: MarksProblemKind, message: string) =>
    problems.push({ row, column, kind, message });
  const outcome = (entries: Entry[], rows: number) => ({
    rows,
    entries,
    absent: entries.filter((e) => e.absent).length,
    problems,
  });
  const [header, ...data] = records;
  if (!header) {
    problem(1, null, "empty", text.t("csv.problem.empty"));
    return outcome([], 0);
  }
  const names = header.cells.map(columnName);
  const idAt = names.findIndex((n) => n === "student_id" || n === "studentid");
  const marksAt = names.indexOf("marks");
  if (idAt < 0 || marksAt < 0) {
    for (const [at, column] of [
      [idAt, "student_id"],
      [marksAt, "marks"],
    ] as const)
      if (at < 0) problem(header.line, column, "header", text.t("csv.problem.header", { column }));
    return outcome([], data.length);
  }
  if (data.length === 0) {
    problem(header.line, null, "empty", text.t("csv.problem.empty"));
    return outcome([], 0);
  }
  if (data.length > MARKS_CSV_MAX_ROWS) {
    problem(header.line, null, "tooManyRows", text.t("csv.problem.tooManyRows", { count: data.length, max: MARKS_CSV_MAX_ROWS }));
    return outcome([], data.length);
  }

  const wanted = [...new Set(data.map((r) => (r.cells[idAt] ?? "").trim().toUpperCase()).filter(Boolean))];
  const byStudentId = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 500) {
    const found = await db
      .selectFrom("users")
      .select(["id", "student_id"])
      .where("role", "=", "student")
      .where("student_id", "in", wanted.slice(i, i + 500))
      .execute();
    for (const u of found) if (u.student_id) byStudentId.set(u.student_id.toUpperCase(), u.id);
  }
  const taking = await candidateIds(db, exam);
  const firstRow = new Map<string, number>();
  const entries: Entry[] = [];
  for (const record of data) {
    const before = problems.length;
    const studentId = (record.cells[idAt] ?? "").trim().toUpperCase();
    const raw = (record.cells[marksAt] ?? "").trim();
    let userId: number | undefined;
    if (!studentId) problem(record.line, "student_id", "missingStudent", text.t("csv.problem.missingStudent"));
    else if (firstRow.has(studentId))
      problem(
        record.line,
        "student_id",
        "duplicate",
        text.t("csv.problem.duplicate", { value: studentId, first: firstRow.get(studentId)! }),
      );
    else {
      firstRow.set(studentId, record.line);
      userId = byStudentId.get(studentId);
      if (userId === undefined)
        problem(record.line, "student_id", "unknownStudent", text.t("csv.problem.unknownStudent", { value: studentId }));
      else if (!taking.has(userId))
        problem(record.line, "student_id", "notEnrolled", text.t("csv.problem.notEnrolled", { value: studentId, subject: subjectLabel }));
    }
    let marks: number | null = null;
    const absent = raw.toUpperCase() === ABSENT_MARK;
    if (raw === "") problem(record.line, "marks", "missingMarks", text.t("csv.problem.missingMarks"));
    else if (!absent) {
      if (!/^\d{1,6}(\.0+)?$/.test(raw))
        problem(record.line, "marks", "notWholeNumber", text.t("csv.problem.notWholeNumber", { value: raw, max: exam.max_marks }));
      else {
        marks = Number.parseInt(raw, 10);
        if (marks > exam.max_marks)
          problem(record.line, "marks", "aboveMax", text.t("csv.problem.aboveMax", { value: raw, max: exam.max_marks }));
      }
    }
    if (problems.length === before && userId !== undefined) entries.push({ userId, marks, absent });
  }
  return outcome(entries, data.length);
}

/**
 * A marks file: checked (dryRun) or saved. Saving checks again inside the transaction and writes every row
 * or, if anything is wrong, none — the answer then lists the problems as the dry run does.
 */
export async function uploadMarksCsv(deps: AppDeps, actorId: number, input: MarksCsvInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const answer = await deps.db.transaction().execute(async (trx) => {
    // Saving holds the exam as the marks form does: a cancel or a publish at the same moment waits, then is seen.
    const exam = await findExam(trx, input.id, !input.dryRun);
    assertMarksOpen(exam, at);
    const subject = await trx.selectFrom("subjects").select(["code", "name"]).where("id", "=", exam.subject_id).executeTakeFirstOrThrow();
    const checked = await checkMarksFile(trx, exam, input.csv, `${subject.code} ${subject.name}`);
    const report = {
      dryRun: input.dryRun,
      rows: checked.rows,
      ready: checked.entries.length,
      absent: checked.absent,
      problems: checked.problems,
    };
    if (checked.problems.length)
      return { ...report, saved: false, message: text.t("csv.said.problems", { count: checked.problems.length }) };
    if (input.dryRun)
      return { ...report, saved: false, message: text.t("csv.said.ready", { count: checked.rows, absent: checked.absent }) };
    const before = await storedResults(
      trx,
      exam.id,
      checked.entries.map((e) => e.userId),
    );
    await writeResults(trx, exam.id, checked.entries, actorId, at);
    await auditExam(trx, now, {
      actorUserId: actorId,
      action: "exam.marks",
      exam,
      details: { count: checked.entries.length, source: "csv", afterPublishing: exam.results_published_at !== null },
      ip: meta.ip,
    });
    await tellCorrected(deps, trx, now, exam, checked.entries, before);
    return { ...report, saved: true, message: text.t("said.marksSaved", { count: checked.entries.length }) };
  });
  deps.mail.kick();
  return answer;
}

/**
 * GET /api/admin/exams/{id}/marks.csv: the students who take the exam, by student ID, with what was entered
 * (AB for absent): the file to fill in and upload again (the name column is for people; uploads ignore it).
 */
export async function marksFile(deps: Pick<AppDeps, "db">, examId: number) {
  const exam = await findExam(deps.db, examId);
  const [rows, subject, timeZone] = await Promise.all([
    candidatesOf(deps.db, exam)
      .leftJoin("exam_results", (j) => j.onRef("exam_results.user_id", "=", "users.id").on("exam_results.exam_id", "=", exam.id))
      .select(["users.student_id", "users.name", "exam_results.marks", "exam_results.absent"])
      .orderBy("users.student_id")
      .execute(),
    deps.db.selectFrom("subjects").select("code").where("id", "=", exam.subject_id).executeTakeFirstOrThrow(),
    instituteTimeZone(deps),
  ]);
  const day = zonedLocal(new Date(exam.starts_at), timeZone).slice(0, 10);
  const safe = subject.code.replace(/[^A-Za-z0-9-]+/g, "-");
  return {
    filename: `marks-${safe}-${day}.csv`,
    // UTF-8 with a byte order mark like every office CSV (names in Devanagari); the upload skips the mark.
    csv: spreadsheetCsv(
      ["student_id", "name", "marks"],
      rows.map((r) => [r.student_id, r.name, r.absent === 1 ? ABSENT_MARK : r.marks]),
    ),
  };
}
