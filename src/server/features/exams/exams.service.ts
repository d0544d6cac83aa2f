/**
 * Exams (issue 18; docs/studies/exams.md): the office schedules an exam of a subject (its day and time on
 * the institute's clock, stored as a UTC instant), edits or cancels it, enters marks (marks.service.ts)
 * and publishes the results; students see their upcoming exams and published results. Students studying
 * the subject are told of a new, moved or cancelled exam, and everyone who sat it of the results.
 *
 * Who takes an exam: the active students enrolled in its subject now, and those who completed the subject
 * after the exam was scheduled or had begun (it was announced to them, or they sat it, and then they moved on
 * a term: the exam of a term's subject belongs to the students who studied it in that term). Last year's
 * cohort completed it before, so a new exam of the same subject is not theirs.
 */
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from "kysely";
import type { Database, ExamsTable, Subject } from "../../../../db/schema.ts";
import { exams as text } from "../../../shared/i18n/exams.ts";
import type { ExamForm, ExamListQuery, ExamUpdateInput, MyExamsQuery } from "../../../shared/schemas/exams.ts";
import type { AppDeps } from "../../deps.ts";
import { type AuditEntry, audit, changedFields } from "../../platform/audit.ts";
import { zonedInstant, zonedLocal, zonedLocalOrNull } from "../../platform/calendar.ts";
import { countAs, countWhere } from "../../platform/counts.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { heldForChange, rowVersion } from "../../platform/row-lock.ts";
import { anyColumnContains } from "../../platform/search.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { notifyStudents } from "../notifications/notifications.service.ts";
import { programmeNameOf } from "../programmes/programmes.service.ts";
import { instituteTimeZone } from "../settings/settings.service.ts";
import { getInstituteInfo } from "../site/site.service.ts";
import { loadStudent } from "../student/profile.service.ts";
import { READING_STATUSES } from "../studies/enrolment.ts";
import { findSubject, namedSubjects, subjectLabel, tellOfSubject } from "../studies/studies.service.ts";
import { STUDENT_EXAMS_LINK, takesExam } from "./candidates.ts";

type DB = Kysely<Database>;
export type Exam = Selectable<ExamsTable>;
export type ExamPhase = "upcoming" | "awaiting" | "published" | "cancelled";

/** The activity log's entry for a change to an exam or its marks: filed under the exam, naming it by its title. */
export function auditExam(
  db: DB,
  now: Date,
  entry: Omit<AuditEntry, "entityType" | "entityId"> & { exam: Pick<Exam, "id" | "title"> },
): Promise<void> {
  const { exam, details, ...rest } = entry;
  return audit(db, now, { ...rest, entityType: "exam", entityId: exam.id, details: { title: exam.title, ...details } });
}

export const examNotFound = () => new AppError("NOT_FOUND", text.t("rule.notFound"));
const conflict = (key: Parameters<typeof text.t>[0]) => new AppError("CONFLICT", text.t(key));

export function examPhase(e: Pick<Exam, "status" | "results_published_at" | "starts_at">, nowIso: string): ExamPhase {
  if (e.status === "cancelled") return "cancelled";
  if (e.results_published_at) return "published";
  return e.starts_at > nowIso ? "upcoming" : "awaiting";
}

/** An exam by id; `forChange`: held until the transaction ends on PostgreSQL (marks saved from two screens take turns). */
export async function findExam(db: DB, id: number, forChange = false): Promise<Exam> {
  const row = await db.selectFrom("exams").selectAll().where("id", "=", id).$if(forChange, heldForChange(db)).executeTakeFirst();
  if (!row) throw examNotFound();
  return row;
}

/** The active students who take `exam`: a query over enrolments joined to the exam and users, nothing selected. */
export function candidatesOf(db: DB, exam: Pick<Exam, "id">) {
  return db
    .selectFrom("enrolments")
    .innerJoin("exams", "exams.subject_id", "enrolments.subject_id")
    .innerJoin("users", "users.id", "enrolments.user_id")
    .where("exams.id", "=", exam.id)
    .where("users.is_active", "=", 1)
    .where(takesExam);
}

/** The same students inside a query over `exams` (a figure per row of the office's list). */
function candidatesOfRow(eb: ExpressionBuilder<Database, "exams">) {
  return eb
    .selectFrom("enrolments")
    .innerJoin("users", "users.id", "enrolments.user_id")
    .whereRef("enrolments.subject_id", "=", "exams.subject_id")
    .where("users.is_active", "=", 1)
    .where(takesExam);
}

// ————— the office —————

function filtered(db: DB, query: Pick<ExamListQuery, "status" | "search">, nowIso: string) {
  let base = db
    .selectFrom("exams")
    .innerJoin("subjects", "subjects.id", "exams.subject_id")
    .innerJoin("programmes", "programmes.id", "subjects.programme_id");
  if (query.status === "upcoming") base = base.where("exams.status", "=", "scheduled").where("exams.starts_at", ">", nowIso);
  else if (query.status === "awaiting")
    base = base
      .where("exams.status", "=", "scheduled")
      .where("exams.starts_at", "<=", nowIso)
      .where("exams.results_published_at", "is", null);
  else if (query.status === "published") base = base.where("exams.results_published_at", "is not", null);
  else if (query.status === "cancelled") base = base.where("exams.status", "=", "cancelled");
  if (query.search) base = base.where(anyColumnContains(["exams.title", "exams.centre", "subjects.code", "subjects.name"], query.search));
  return base;
}

/** The office's four figures (and the cancelled ones), over every exam, in one pass. */
export async function examCounts(deps: Pick<AppDeps, "db" | "now">) {
  const nowIso = deps.now().toISOString();
  const row = await deps.db
    .selectFrom("exams")
    .select((eb) => {
      const scheduled = eb("status", "=", "scheduled");
      return [
        eb.fn.countAll<number>().as("total"),
        countWhere(eb, eb.and([scheduled, eb("starts_at", ">", nowIso)])).as("upcoming"),
        countWhere(eb, eb.and([scheduled, eb("starts_at", "<=", nowIso), eb("results_published_at", "is", null)])).as("awaiting"),
        countWhere(eb, eb("results_published_at", "is not", null)).as("published"),
        countWhere(eb, eb("status", "=", "cancelled")).as("cancelled"),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    upcoming: Number(row.upcoming ?? 0),
    awaiting: Number(row.awaiting ?? 0),
    published: Number(row.published ?? 0),
    cancelled: Number(row.cancelled ?? 0),
  };
}

/** The office's list: searched and filtered by the server, a page at a time, with each exam's figures. */
export async function listExams(deps: Pick<AppDeps, "db" | "now">, query: ExamListQuery) {
  const nowIso = deps.now().toISOString();
  const base = filtered(deps.db, query, nowIso);
  const [{ rows, pagination }, counts, timeZone] = await Promise.all([
    pageWithTotal(
      base,
      base
        .selectAll("exams")
        .select((eb) => [
          "subjects.code as subjectCode",
          "subjects.name as subjectName",
          "subjects.term as subjectTerm",
          "programmes.name as programmeName",
          "programmes.fee_period as termUnit",
          countAs(candidatesOfRow(eb), "candidates"),
          countAs(
            candidatesOfRow(eb).where((w) =>
              w.exists(
                w
                  .selectFrom("exam_results")
                  .select("exam_results.user_id")
                  .whereRef("exam_results.exam_id", "=", "exams.id")
                  .whereRef("exam_results.user_id", "=", "enrolments.user_id"),
              ),
            ),
            "marked",
          ),
        ])
        // What is coming soonest first; everything else most recent first.
        .orderBy("exams.starts_at", query.status === "upcoming" ? "asc" : "desc")
        .orderBy("exams.id", "desc"),
      query,
    ),
    examCounts(deps),
    instituteTimeZone(deps),
  ]);
  return {
    exams: rows.map((r) => ({
      ...toOffice(r, nowIso, timeZone),
      subject: {
        id: r.subject_id,
        code: r.subjectCode,
        name: r.subjectName,
        term: r.subjectTerm,
        termUnit: r.termUnit,
        programmeName: r.programmeName,
      },
      candidates: Number(r.candidates ?? 0),
      marked: Number(r.marked ?? 0),
    })),
    pagination,
    counts,
    timeZone,
  };
}

/** An exam's version for its edit form: what the form edits and where the exam stands (the list's rows carry more). */
const examVersion = (e: Exam) =>
  rowVersion([
    e.subject_id,
    e.title,
    e.starts_at,
    e.duration_minutes,
    e.centre,
    e.max_marks,
    e.pass_marks,
    e.status,
    e.results_published_at,
  ]);

/** What the office's screens show of an exam and what its form edits (the day and time on the institute's clock). */
function toOffice(e: Exam, nowIso: string, timeZone: string) {
  const local = zonedLocal(new Date(e.starts_at), timeZone);
  return {
    id: e.id,
    subjectId: e.subject_id,
    title: e.title,
    startsAt: e.starts_at,
    /** "YYYY-MM-DDTHH:MM" on the institute's clock */
    startsLocal: local,
    date: local.slice(0, 10),
    time: local.slice(11, 16),
    durationMinutes: e.duration_minutes,
    centre: e.centre,
    maxMarks: e.max_marks,
    passMarks: e.pass_marks,
    status: e.status,
    phase: examPhase(e, nowIso),
    resultsPublishedAt: e.results_published_at,
    /** when the results were published, on the institute's clock like the start */
    resultsPublishedLocal: zonedLocalOrNull(e.results_published_at, timeZone),
    /** what the edit form is filled from, sent back with its save */
    version: examVersion(e),
  };
}

/** One exam with its subject and figures: the marks screen's header. */
export async function getExam(deps: Pick<AppDeps, "db" | "now">, id: number) {
  const exam = await findExam(deps.db, id);
  const [subject, timeZone, counts] = await Promise.all([
    namedSubjects(deps.db).where("subjects.id", "=", exam.subject_id).executeTakeFirstOrThrow(),
    instituteTimeZone(deps),
    candidatesOf(deps.db, exam)
      .leftJoin("exam_results", (j) => j.onRef("exam_results.user_id", "=", "enrolments.user_id").on("exam_results.exam_id", "=", exam.id))
      .select((eb) => [
        eb.fn.countAll<number>().as("candidates"),
        eb.fn.count<number>("exam_results.user_id").as("marked"),
        countWhere(eb, eb("exam_results.absent", "=", 1)).as("absent"),
        countWhere(eb, eb("exam_results.marks", ">=", exam.pass_marks)).as("passed"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    exam: {
      ...toOffice(exam, deps.now().toISOString(), timeZone),
      subject,
      candidates: Number(counts.candidates),
      marked: Number(counts.marked),
      absent: Number(counts.absent ?? 0),
      passed: Number(counts.passed ?? 0),
    },
    timeZone,
  };
}

/** The subject an exam is for: listed (not archived). */
async function checkedSubject(db: DB, subjectId: number): Promise<Subject> {
  const subject = await db.selectFrom("subjects").selectAll().where("id", "=", subjectId).where("archived", "=", 0).executeTakeFirst();
  if (!subject) throw fieldError("BAD_REQUEST", "subjectId", text.t("rule.subject"));
  return subject;
}

const columnsOf = (form: ExamForm, startsAt: string) => ({
  subject_id: form.subjectId,
  title: form.title,
  starts_at: startsAt,
  duration_minutes: form.durationMinutes!,
  centre: form.centre,
  max_marks: form.maxMarks!,
  pass_marks: form.passMarks!,
});

async function startOf(deps: Pick<AppDeps, "db">, form: Pick<ExamForm, "date" | "time">): Promise<string> {
  return zonedInstant(`${form.date}T${form.time}`, await instituteTimeZone(deps)).toISOString();
}

/**
 * An office act on an exam (schedule, save, cancel, publish the results) in one transaction, which returns the
 * exam as it now stands: the e-mails the act queued are delivered once it has committed, and the office is told
 * what was done (`said`, with the exam's title) and shown the exam.
 */
async function examAct(
  deps: AppDeps,
  said: "said.scheduled" | "said.updated" | "said.cancelled" | "said.published",
  act: (trx: DB, now: Date, at: string) => Promise<Exam>,
) {
  const now = deps.now();
  const row = await deps.db.transaction().execute((trx) => act(trx, now, now.toISOString()));
  // The e-mails were queued in the transaction: delivered now it has committed.
  deps.mail.kick();
  return { message: text.t(said, { title: row.title }), ...(await getExam(deps, row.id)) };
}

/**
 * Schedules an exam. A day already past is allowed (an exam held on paper before the portal, recorded for
 * its marks); only students of an exam still to come are told, in the portal and by e-mail.
 */
export async function scheduleExam(deps: AppDeps, actorId: number, form: ExamForm, meta: SessionMeta = {}) {
  const startsAt = await startOf(deps, form);
  return examAct(deps, "said.scheduled", async (trx, now, at) => {
    const subject = await checkedSubject(trx, form.subjectId);
    const row = await trx
      .insertInto("exams")
      .values({ ...columnsOf(form, startsAt), status: "scheduled", created_by: actorId, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditExam(trx, now, {
      actorUserId: actorId,
      action: "exam.schedule",
      exam: row,
      details: { subject: subjectLabel(subject), startsAt },
      ip: meta.ip,
    });
    if (startsAt > at) await tellCandidates(deps, trx, now, row, subject, "exam.scheduled");
    return row;
  });
}

/** A new, moved or cancelled exam told to the students who take it (in the portal and by e-mail), with its day, time and centre. */
async function tellCandidates(
  deps: AppDeps,
  db: DB,
  now: Date,
  exam: Exam,
  subject: Subject,
  kind: "exam.scheduled" | "exam.changed" | "exam.cancelled",
) {
  const students = await candidatesOf(db, exam).select("users.id").execute();
  // The day and time on the institute's clock, and the centre: the e-mail says where to be without a sign-in.
  const at = zonedLocal(new Date(exam.starts_at), await instituteTimeZone({ db }));
  await tellOfSubject(
    deps,
    db,
    now,
    students.map((s) => s.id),
    subject,
    { kind, title: exam.title, params: { at, centre: exam.centre }, data: { examId: exam.id }, link: STUDENT_EXAMS_LINK, email: true },
  );
}

/**
 * Saves the form. A cancelled exam or one whose results are out is closed. Once marks are entered the
 * subject stays (the marks belong to its students) and the maximum cannot fall below the best marks. A new
 * day, time or centre of an exam still to come is told to its students again.
 */
export async function updateExam(deps: AppDeps, actorId: number, input: ExamUpdateInput, meta: SessionMeta = {}) {
  const { id, version, ...form } = input;
  const startsAt = await startOf(deps, form);
  return examAct(deps, "said.updated", async (trx, now, at) => {
    const current = await findExam(trx, id, true);
    // Two people editing one exam: the second save would undo the first without a word (walk 16b).
    if (version !== undefined && version !== examVersion(current)) throw conflict("rule.changedMeanwhile");
    if (current.status === "cancelled") throw conflict("rule.cancelledClosed");
    if (current.results_published_at) throw conflict("rule.publishedClosed");
    const subject = await checkedSubject(trx, form.subjectId);
    const marks = await trx
      .selectFrom("exam_results")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("marks").as("best")])
      .where("exam_id", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(marks.n) > 0 && form.subjectId !== current.subject_id) {
      const message = text.t("rule.subjectHasMarks");
      throw fieldError("CONFLICT", "subjectId", message);
    }
    if (marks.best !== null && Number(marks.best) > form.maxMarks!) {
      const message = text.t("rule.maxBelowMarks", { best: Number(marks.best) });
      throw fieldError("BAD_REQUEST", "maxMarks", message);
    }
    const next = columnsOf(form, startsAt);
    const changed = changedFields(next, current);
    // A new subject schedules the exam anew (its students are told so): those who completed that subject
    // before now do not take it (takesExam reads created_at as when the exam was scheduled for its subject).
    const rescheduled = changed.includes("subject_id") ? { created_at: at } : {};
    const row = await trx
      .updateTable("exams")
      .set({ ...next, ...rescheduled, updated_at: at })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditExam(trx, now, {
      actorUserId: actorId,
      action: "exam.update",
      exam: row,
      details: { subject: subjectLabel(subject), changed },
      ip: meta.ip,
    });
    const moved = changed.some((k) => k === "starts_at" || k === "centre" || k === "subject_id");
    if (moved && startsAt > at)
      await tellCandidates(deps, trx, now, row, subject, changed.includes("subject_id") ? "exam.scheduled" : "exam.changed");
    return row;
  });
}

/** Cancels an exam (kept, marked cancelled); its students are told if it was still to come. Published results stay. */
export async function cancelExam(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  return examAct(deps, "said.cancelled", async (trx, now, at) => {
    // Held: a publish or a second cancel at the same moment waits and then reads this one's result.
    const current = await findExam(trx, id, true);
    if (current.status === "cancelled") throw conflict("rule.alreadyCancelled");
    if (current.results_published_at) throw conflict("rule.publishedClosed");
    const subject = await findSubject(trx, current.subject_id);
    const row = await trx
      .updateTable("exams")
      .set({ status: "cancelled", updated_at: at })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditExam(trx, now, {
      actorUserId: actorId,
      action: "exam.cancel",
      exam: row,
      details: { subject: subjectLabel(subject) },
      ip: meta.ip,
    });
    if (row.starts_at > at) await tellCandidates(deps, trx, now, row, subject, "exam.cancelled");
    return row;
  });
}

/**
 * Publishes the results: once the exam has begun, and only when every student who takes it has marks or is
 * marked absent (nobody's result is left out by mistake). Each of them is told, in the portal and by e-mail.
 */
export async function publishResults(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  return examAct(deps, "said.published", async (trx, now, at) => {
    // Held, so two publishes at once (PostgreSQL) tell the students once, and never a cancelled exam's.
    const exam = await findExam(trx, id, true);
    if (exam.status === "cancelled") throw conflict("rule.cancelledClosed");
    if (exam.results_published_at) throw conflict("rule.alreadyPublished");
    if (exam.starts_at > at) throw new AppError("BAD_REQUEST", text.t("rule.notHeldYet"));
    const candidates = await candidatesOf(trx, exam)
      .leftJoin("exam_results", (j) => j.onRef("exam_results.user_id", "=", "enrolments.user_id").on("exam_results.exam_id", "=", id))
      .select(["users.id", "exam_results.user_id as marked"])
      .execute();
    if (candidates.length === 0) throw new AppError("BAD_REQUEST", text.t("rule.nobodyTakes"));
    const missing = candidates.filter((c) => c.marked === null).length;
    if (missing > 0) throw new AppError("BAD_REQUEST", text.t("rule.marksMissing", { count: missing }));
    const subject = await findSubject(trx, exam.subject_id);
    const row = await trx
      .updateTable("exams")
      .set({ results_published_at: at, updated_at: at })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditExam(trx, now, {
      actorUserId: actorId,
      action: "exam.publish",
      exam: row,
      details: { subject: subjectLabel(subject), count: candidates.length },
      ip: meta.ip,
    });
    await notifyStudents(
      deps,
      trx,
      now,
      candidates.map((c) => c.id),
      {
        type: "course",
        kind: "results.published",
        params: { title: row.title, subject: subjectLabel(subject) },
        email: true,
        link: STUDENT_EXAMS_LINK,
        data: { examId: id },
      },
    );
    return row;
  });
}

// ————— the student —————

/** An exam lasts at most 12 hours (the schema's limit): what may still be running began after this. */
const LONGEST_EXAM_MS = 12 * 3_600_000;

/**
 * The exams the student takes (`takesExam`: those of the subjects they study now, and those already announced
 * for a term they have since completed) that have not ended yet and whose results are not out (an exam whose
 * results the office published while it ran is a result, not one ahead), soonest first (admit card, Exams
 * page); of one programme when `programmeId` is given (the admit card's).
 */
export async function examsAheadFor(db: DB, userId: number, now: Date, programmeId?: number) {
  let query = db
    .selectFrom("enrolments")
    .innerJoin("exams", "exams.subject_id", "enrolments.subject_id")
    .innerJoin("subjects", "subjects.id", "exams.subject_id")
    .select([
      "exams.id",
      "exams.title",
      "exams.starts_at",
      "exams.duration_minutes",
      "exams.centre",
      "subjects.code as subjectCode",
      "subjects.name as subjectName",
      "subjects.term as subjectTerm",
    ])
    .where("enrolments.user_id", "=", userId)
    .where(takesExam)
    .where("exams.status", "=", "scheduled")
    .where("exams.results_published_at", "is", null)
    .where("exams.starts_at", ">", new Date(now.getTime() - LONGEST_EXAM_MS).toISOString());
  if (programmeId !== undefined) query = query.where("subjects.programme_id", "=", programmeId);
  // A bound on a student's exams ahead, never reached: a term's six to eight subjects hold a few exams each (walk
  // 31b's busiest student had 4); were it reached, the admit card would list the soonest 100.
  const rows = await query.orderBy("exams.starts_at").orderBy("exams.id").limit(100).execute();
  return rows.filter((r) => new Date(r.starts_at).getTime() + r.duration_minutes * 60_000 > now.getTime());
}

/** A time on the institute's clock, for a student's page: the day and the time as the office typed them. */
export const toStudentExam = (
  r: { id: number; title: string; starts_at: string; duration_minutes: number; centre: string; subjectCode: string; subjectName: string },
  timeZone: string,
) => ({
  id: r.id,
  title: r.title,
  subjectCode: r.subjectCode,
  subjectName: r.subjectName,
  startsAt: r.starts_at,
  startsLocal: zonedLocal(new Date(r.starts_at), timeZone),
  durationMinutes: r.duration_minutes,
  centre: r.centre,
});

/** A student's published results, with what the marksheet needs; joined to a readable enrolment (not dropped). */
function publishedResults(db: DB, userId: number) {
  return db
    .selectFrom("exam_results")
    .innerJoin("exams", "exams.id", "exam_results.exam_id")
    .innerJoin("enrolments", (j) =>
      j.onRef("enrolments.subject_id", "=", "exams.subject_id").onRef("enrolments.user_id", "=", "exam_results.user_id"),
    )
    .innerJoin("subjects", "subjects.id", "exams.subject_id")
    .where("exam_results.user_id", "=", userId)
    .where("exams.results_published_at", "is not", null)
    .where("enrolments.status", "in", READING_STATUSES);
}

const resultColumns = [
  "exams.id",
  "exams.title",
  "exams.starts_at",
  "exams.max_marks",
  "exams.pass_marks",
  "exams.results_published_at",
  "exam_results.marks",
  "exam_results.absent",
  "subjects.code as subjectCode",
  "subjects.name as subjectName",
  "subjects.term",
  "subjects.programme_id as programmeId",
] as const;

type ResultRow = {
  id: number;
  title: string;
  starts_at: string;
  max_marks: number;
  pass_marks: number;
  results_published_at: string | null;
  marks: number | null;
  absent: number;
  subjectCode: string;
  subjectName: string;
  term: number;
};

export const toStudentResult = (r: ResultRow, timeZone: string) => ({
  examId: r.id,
  title: r.title,
  subjectCode: r.subjectCode,
  subjectName: r.subjectName,
  term: r.term,
  date: zonedLocal(new Date(r.starts_at), timeZone).slice(0, 10),
  marks: r.absent === 1 ? null : r.marks,
  absent: r.absent === 1,
  maxMarks: r.max_marks,
  passMarks: r.pass_marks,
  passed: r.absent !== 1 && r.marks !== null && r.marks >= r.pass_marks,
  publishedAt: r.results_published_at,
});

/** A student's Exams page: the exams to come and a page of published results, newest first. */
export async function myExams(deps: Pick<AppDeps, "db" | "now">, userId: number, query: MyExamsQuery) {
  const now = deps.now();
  const base = publishedResults(deps.db, userId);
  const [ahead, { rows, pagination }, summary, timeZone] = await Promise.all([
    examsAheadFor(deps.db, userId, now),
    pageWithTotal(
      base,
      base
        .select([...resultColumns])
        .orderBy("exams.starts_at", "desc")
        .orderBy("exams.id", "desc"),
      query,
    ),
    resultsSummaryFor(deps.db, userId),
    instituteTimeZone(deps),
  ]);
  return {
    upcoming: ahead.map((r) => toStudentExam(r, timeZone)),
    results: rows.map((r) => toStudentResult(r, timeZone)),
    pagination,
    summary,
    timeZone,
  };
}

/** Marks over maximum marks (absent counts as 0), and the percentage to one decimal. */
function totalsOf(results: readonly { marks: number | null; maxMarks: number; passed: boolean }[]) {
  const marks = results.reduce((sum, r) => sum + (r.marks ?? 0), 0);
  const max = results.reduce((sum, r) => sum + r.maxMarks, 0);
  return {
    marks,
    max,
    percent: max ? Math.round((marks * 1000) / max) / 10 : null,
    passed: results.filter((r) => r.passed).length,
    count: results.length,
  };
}

/**
 * The printable marksheet: every published result of the student, by term and subject, with each term's
 * totals and the overall total and percentage.
 */
export async function myMarksheet(deps: Pick<AppDeps, "db" | "now">, userId: number) {
  const user = await loadStudent(deps, userId);
  const [rows, timeZone, institute, programme] = await Promise.all([
    publishedResults(deps.db, userId)
      .select([...resultColumns])
      .orderBy("subjects.term")
      .orderBy("subjects.sort_order")
      .orderBy("subjects.code")
      .orderBy("exams.starts_at")
      .execute(),
    instituteTimeZone(deps),
    getInstituteInfo(deps),
    user.programme_id === null
      ? Promise.resolve(undefined)
      : deps.db.selectFrom("programmes").select(["name", "fee_period"]).where("id", "=", user.programme_id).executeTakeFirst(),
  ]);
  const results = rows.map((r) => toStudentResult(r, timeZone));
  const terms = [...new Set(results.map((r) => r.term))].map((term) => {
    const own = results.filter((r) => r.term === term);
    return { term, results: own, totals: totalsOf(own) };
  });
  return {
    student: {
      name: user.name,
      studentId: user.student_id,
      programme: programmeNameOf(programme, user),
      termUnit: programme?.fee_period ?? "semester",
    },
    institute: { name: institute.name, address: institute.address },
    terms,
    overall: totalsOf(results),
    preparedOn: zonedLocal(deps.now(), timeZone).slice(0, 10),
  };
}

// ————— the student dashboard (issue 18: the lead's one-request dashboard reads these) —————

/**
 * The student's next exams: scheduled, starting after `now`, that they take (`takesExam`); soonest first;
 * each start also as the institute's clock (`timeZone`) shows it, for the page to write.
 * One query (enrolments by user and status, then each subject's exams by start: both indexed).
 */
export async function upcomingExamsFor(db: DB, userId: number, now: Date, limit: number, timeZone: string) {
  const rows = await db
    .selectFrom("enrolments")
    .innerJoin("exams", "exams.subject_id", "enrolments.subject_id")
    .innerJoin("subjects", "subjects.id", "exams.subject_id")
    .select(["exams.id", "exams.title", "exams.starts_at", "exams.centre", "subjects.name as subject", "subjects.code as subjectCode"])
    .where("enrolments.user_id", "=", userId)
    .where(takesExam)
    .where("exams.status", "=", "scheduled")
    .where("exams.starts_at", ">", now.toISOString())
    .orderBy("exams.starts_at")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subject: r.subject,
    subjectCode: r.subjectCode,
    startsAt: r.starts_at,
    startsLocal: zonedLocal(new Date(r.starts_at), timeZone),
    centre: r.centre,
  }));
}

/**
 * How many of the student's results are out and their percentage as the marksheet gives it: all marks over all
 * maximum marks (absent counts as 0), to one decimal (walk 17: an average of each exam's percentage said 68%
 * beside the marksheet's 72%); one query.
 */
export async function resultsSummaryFor(db: DB, userId: number): Promise<{ published: number; percent: number | null }> {
  const row = await publishedResults(db, userId)
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(sql<number>`coalesce(${eb.ref("exam_results.marks")}, 0)`).as("marks"),
      eb.fn.sum<number>("exams.max_marks").as("max"),
    ])
    .executeTakeFirstOrThrow();
  const published = Number(row.n);
  const max = Number(row.max ?? 0);
  return { published, percent: published && max ? Math.round((Number(row.marks) * 1000) / max) / 10 : null };
}
