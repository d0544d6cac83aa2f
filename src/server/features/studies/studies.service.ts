/**
 * The office's subjects (issue 18; docs/STUDIES-MODEL.md): each programme's subjects per term with their
 * units, and moving a programme's students on to another term. Enrolments follow (enrolment.ts): a new or
 * restored subject enrols its programme's students of that term; moving a term completes the old subjects
 * and opens the new ones.
 */
import type { Kysely } from "kysely";
import type { Database, Programme, Subject } from "../../../../db/schema.ts";
import { MAX_TERMS } from "../../../shared/constants.ts";
import type { NotificationKind, NotificationParams } from "../../../shared/i18n/alerts.ts";
import { studies as text } from "../../../shared/i18n/studies.ts";
import type { MoveTermInput, SubjectForm, SubjectListQuery, SubjectUpdateInput } from "../../../shared/schemas/studies.ts";
import { termName } from "../../../shared/terms.ts";
import type { AppDeps } from "../../deps.ts";
import { setArchivedFlag } from "../../platform/archive.ts";
import { type AuditEntry, audit } from "../../platform/audit.ts";
import { countAs, countRows } from "../../platform/counts.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { heldForChange, rowVersion } from "../../platform/row-lock.ts";
import { anyColumnContains } from "../../platform/search.ts";
import { setStudentsTerm } from "../accounts/accounts.repository.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { type ExamTaken, examsTakenAhead, STUDENT_EXAMS_LINK } from "../exams/candidates.ts";
import { notifyStudents } from "../notifications/notifications.service.ts";
import { hasActiveStudents } from "../programmes/programmes.service.ts";
import { enrolSubjectStudents, moveEnrolments, studyingNow } from "./enrolment.ts";

type DB = Kysely<Database>;

export const subjectNotFound = () => new AppError("NOT_FOUND", text.t("rule.notFound"));

/** How many terms a programme has: its duration in semesters or years (at most MAX_TERMS; unknown: MAX_TERMS). */
export function termsOf(p: Pick<Programme, "duration_months" | "fee_period">): number {
  if (!p.duration_months) return MAX_TERMS;
  return Math.min(MAX_TERMS, Math.max(1, Math.ceil(p.duration_months / (p.fee_period === "semester" ? 6 : 12))));
}

/** "BCOM-101 Financial Accounting": how a subject is named in messages and the activity log. */
export const subjectLabel = (s: Pick<Subject, "code" | "name">) => `${s.code} ${s.name}`;

/**
 * The activity log's entry for a change to a subject or to its work (a material, an assignment): filed under
 * the subject and naming it by its label beside the entry's own details.
 */
export function auditSubject(
  db: DB,
  now: Date,
  entry: Omit<AuditEntry, "entityType" | "entityId"> & { subject: Pick<Subject, "id" | "code" | "name"> },
): Promise<void> {
  const { subject, details, ...rest } = entry;
  return audit(db, now, { ...rest, entityType: "subject", entityId: subject.id, details: { ...details, subject: subjectLabel(subject) } });
}

/** A subject's page in the student's Courses, where news of it leads (the notification's "Open" and its e-mail). */
export const studentSubjectLink = (subjectId: number) => `/student/courses/${subjectId}`;

/** What a subject's students are told of something new in it: the notification's kind, words, target and e-mail. */
export type SubjectNews = {
  kind: NotificationKind;
  title: string;
  /** more for the words than the title and the subject (an exam's day, time and centre) */
  params?: NotificationParams;
  data: Record<string, unknown>;
  link: string;
  email?: boolean;
};

/**
 * Something new in a subject (a material, an assignment, an exam or a change to it) told to these students,
 * in the portal and, with `email`, by e-mail too; returns how many were told.
 */
export async function tellOfSubject(
  deps: Pick<AppDeps, "mail" | "env">,
  db: DB,
  now: Date,
  students: number[],
  subject: Pick<Subject, "id" | "code" | "name">,
  news: SubjectNews,
): Promise<number> {
  if (students.length === 0) return 0;
  await notifyStudents(deps, db, now, students, {
    type: "course",
    kind: news.kind,
    params: { ...news.params, title: news.title, subject: subjectLabel(subject) },
    data: news.data,
    email: news.email,
    link: news.link,
  });
  return students.length;
}

/** Something new in a subject told to the students studying it now (tellOfSubject). */
export async function tellStudyingNow(
  deps: Pick<AppDeps, "mail" | "env">,
  db: DB,
  now: Date,
  subject: Pick<Subject, "id" | "code" | "name">,
  news: SubjectNews,
): Promise<number> {
  return tellOfSubject(deps, db, now, await studyingNow(db, subject.id), subject, news);
}

export async function findSubject(db: DB, id: number): Promise<Subject> {
  const row = await db.selectFrom("subjects").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw subjectNotFound();
  return row;
}

/** A listed subject, to add work to: an archived one is nobody's to study, so nothing new goes to it. */
export async function findListedSubject(db: DB, id: number): Promise<Subject> {
  const row = await findSubject(db, id);
  if (row.archived === 1) throw new AppError("CONFLICT", text.t("rule.archived"));
  return row;
}

/**
 * Subjects as the office names them: code, name, term, and their programme's name and term unit ("BBA ·
 * Year 1"). The pickers list them; an exam's header shows its own.
 */
export const namedSubjects = (db: DB) =>
  db
    .selectFrom("subjects")
    .innerJoin("programmes", "programmes.id", "subjects.programme_id")
    .select([
      "subjects.id",
      "subjects.code",
      "subjects.name",
      "subjects.term",
      "subjects.programme_id as programmeId",
      "programmes.name as programmeName",
      "programmes.fee_period as termUnit",
    ]);

/** Every listed subject with its programme, for the office's pickers (exams, materials). */
export async function subjectOptions(deps: Pick<AppDeps, "db">) {
  const rows = await namedSubjects(deps.db)
    .where("subjects.archived", "=", 0)
    .orderBy("programmes.sort_order")
    .orderBy("programmes.name")
    .orderBy("subjects.term")
    .orderBy("subjects.sort_order")
    .orderBy("subjects.code")
    .execute();
  return { subjects: rows };
}

/**
 * The programmes the office can add subjects to, with their terms, how many students are in each term, and
 * what moving a term's students would touch (`ahead`: its listed subjects' exams still to come and
 * assignments still open), for the Move dialog to say before the office confirms.
 */
export async function studyProgrammes(deps: Pick<AppDeps, "db" | "now">) {
  const nowIso = deps.now().toISOString();
  const [programmes, counts, ahead] = await Promise.all([
    // An archived programme stays while it has active students or subjects listed (walk 32a: archived, its students could
    // never be moved on, its subjects showed another programme in Edit), marked `archived`.
    deps.db
      .selectFrom("programmes")
      .select(["id", "name", "duration_months", "fee_period", "archived"])
      .where((eb) =>
        eb.or([
          eb("programmes.archived", "=", 0),
          hasActiveStudents(eb),
          eb.exists(
            eb
              .selectFrom("subjects")
              .select("subjects.id")
              .whereRef("subjects.programme_id", "=", "programmes.id")
              .where("subjects.archived", "=", 0),
          ),
        ]),
      )
      .orderBy("archived")
      .orderBy("sort_order")
      .orderBy("name")
      .execute(),
    // Active students only: a student who left (deactivated) is not moved on, as raising fees passes them by (walk 32a).
    deps.db
      .selectFrom("users")
      .select((eb) => ["programme_id", "current_term", eb.fn.countAll<number>().as("n")])
      .where("role", "=", "student")
      .where("is_active", "=", 1)
      .where("programme_id", "is not", null)
      .groupBy(["programme_id", "current_term"])
      .execute(),
    // Each subject's own counts, added up by term: joining both tables at once would multiply the rows.
    deps.db
      .selectFrom("subjects")
      .select((eb) => [
        "subjects.programme_id",
        "subjects.term",
        eb.fn
          .sum<number>(
            eb
              .selectFrom("exams")
              .select(eb.fn.countAll().as("n"))
              .whereRef("exams.subject_id", "=", "subjects.id")
              .where("exams.status", "=", "scheduled")
              .where("exams.starts_at", ">", nowIso),
          )
          .as("exams"),
        eb.fn
          .sum<number>(
            eb
              .selectFrom("assignments")
              .select(eb.fn.countAll().as("n"))
              .whereRef("assignments.subject_id", "=", "subjects.id")
              .where("assignments.due_at", ">", nowIso),
          )
          .as("assignments"),
      ])
      .where("subjects.archived", "=", 0)
      .groupBy(["subjects.programme_id", "subjects.term"])
      .orderBy("subjects.term")
      .execute(),
  ]);
  return {
    programmes: programmes.map((p) => ({
      id: p.id,
      name: p.name,
      archived: p.archived === 1,
      terms: termsOf(p),
      termUnit: p.fee_period,
      students: counts
        .filter((c) => c.programme_id === p.id)
        .map((c) => ({ term: c.current_term, count: Number(c.n) }))
        .sort((a, b) => a.term - b.term),
      ahead: ahead
        .filter((a) => a.programme_id === p.id && (Number(a.exams) > 0 || Number(a.assignments) > 0))
        .map((a) => ({ term: a.term, exams: Number(a.exams), assignments: Number(a.assignments) })),
    })),
  };
}

function filtered(db: DB, query: SubjectListQuery) {
  let base = db.selectFrom("subjects").innerJoin("programmes", "programmes.id", "subjects.programme_id");
  if (query.status !== "all") base = base.where("subjects.archived", "=", query.status === "archived" ? 1 : 0);
  if (query.programmeId) base = base.where("subjects.programme_id", "=", query.programmeId);
  if (query.term) base = base.where("subjects.term", "=", query.term);
  if (query.search) base = base.where(anyColumnContains(["subjects.code", "subjects.name"], query.search));
  return base;
}

/** The office's list: by programme, term and order, a page at a time, with each subject's figures. */
export async function listSubjects(deps: Pick<AppDeps, "db">, query: SubjectListQuery) {
  const base = filtered(deps.db, query);
  const { rows, pagination } = await pageWithTotal(
    base,
    base
      .select((eb) => [
        "subjects.id",
        "subjects.code",
        "subjects.name",
        "subjects.description",
        "subjects.term",
        "subjects.sort_order as sortOrder",
        "subjects.archived",
        "subjects.programme_id as programmeId",
        "programmes.name as programmeName",
        countAs(eb.selectFrom("subject_units").whereRef("subject_units.subject_id", "=", "subjects.id"), "units"),
        countAs(
          eb.selectFrom("enrolments").whereRef("enrolments.subject_id", "=", "subjects.id").where("enrolments.status", "=", "in_progress"),
          "students",
        ),
        countAs(eb.selectFrom("study_materials").whereRef("study_materials.subject_id", "=", "subjects.id"), "materials"),
        countAs(eb.selectFrom("assignments").whereRef("assignments.subject_id", "=", "subjects.id"), "assignments"),
      ])
      .orderBy("programmes.sort_order")
      .orderBy("programmes.name")
      .orderBy("subjects.term")
      .orderBy("subjects.sort_order")
      .orderBy("subjects.code"),
    query,
  );
  return {
    subjects: rows.map((r) => ({
      ...r,
      archived: r.archived === 1,
      units: Number(r.units),
      students: Number(r.students),
      materials: Number(r.materials),
      assignments: Number(r.assignments),
    })),
    pagination,
  };
}

async function checkedProgramme(db: DB, form: Pick<SubjectForm, "programmeId" | "term" | "code">, exceptId?: number) {
  const programme = await db.selectFrom("programmes").selectAll().where("id", "=", form.programmeId).executeTakeFirst();
  if (!programme) throw fieldError("BAD_REQUEST", "programmeId", text.t("rule.programme"));
  const terms = termsOf(programme);
  if (form.term === null || form.term > terms) {
    const message = text.t("rule.termBeyond", { programme: programme.name, terms });
    throw fieldError("BAD_REQUEST", "term", message);
  }
  const clash = await db
    .selectFrom("subjects")
    .select("id")
    .where("programme_id", "=", form.programmeId)
    .where("code", "=", form.code)
    .executeTakeFirst();
  if (clash && clash.id !== exceptId) {
    const message = text.t("rule.codeTaken", { programme: programme.name, code: form.code });
    throw fieldError("CONFLICT", "code", message);
  }
  return programme;
}

/**
 * Units keep their identity (and the students' ticks and materials on them) across edits of the one-per-line
 * list: a line that is still there under the same title keeps its unit wherever it moved; the remaining new
 * lines take the remaining old units in order (a reworded unit); any old unit left over is removed with its
 * ticks (its materials stay, for the whole subject); any line left over is a new unit.
 */
export function matchUnits<U extends { id: number; title: string }>(current: readonly U[], titles: readonly string[]) {
  const left = [...current];
  const kept = titles.map((title) => {
    const i = left.findIndex((u) => u.title === title);
    return i === -1 ? null : left.splice(i, 1)[0]!;
  });
  const plan = titles.map((title, i) => ({
    title,
    position: i + 1,
    id: kept[i]?.id ?? (kept[i] === null ? (left.shift()?.id ?? null) : null),
  }));
  return { plan, removed: left.map((u) => u.id) };
}

async function saveUnits(db: DB, subjectId: number, titles: string[]) {
  const current = await db
    .selectFrom("subject_units")
    .select(["id", "title"])
    .where("subject_id", "=", subjectId)
    .orderBy("position")
    .execute();
  const { plan, removed } = matchUnits(current, titles);
  if (removed.length) await db.deleteFrom("subject_units").where("id", "in", removed).execute();
  for (const unit of plan) {
    if (unit.id !== null)
      await db.updateTable("subject_units").set({ title: unit.title, position: unit.position }).where("id", "=", unit.id).execute();
    else await db.insertInto("subject_units").values({ subject_id: subjectId, position: unit.position, title: unit.title }).execute();
  }
}

/** What a subject's edit form edits, its units' titles among it: the version the form sends back (walk 16b). */
const subjectVersion = (s: Subject, unitTitles: string[]) =>
  rowVersion([s.programme_id, s.term, s.code, s.name, s.description, s.sort_order, unitTitles]);

const unitsOf = (db: DB, subjectId: number) =>
  db.selectFrom("subject_units").select(["id", "position", "title"]).where("subject_id", "=", subjectId).orderBy("position").execute();

/** One subject with its units, for the office's editor. */
export async function getSubject(deps: Pick<AppDeps, "db">, id: number) {
  const subject = await findSubject(deps.db, id);
  const [units, programme] = await Promise.all([
    unitsOf(deps.db, id),
    deps.db.selectFrom("programmes").select("name").where("id", "=", subject.programme_id).executeTakeFirstOrThrow(),
  ]);
  return {
    subject: {
      version: subjectVersion(
        subject,
        units.map((u) => u.title),
      ),
      id: subject.id,
      programmeId: subject.programme_id,
      programmeName: programme.name,
      term: subject.term,
      code: subject.code,
      name: subject.name,
      description: subject.description,
      sortOrder: subject.sort_order,
      archived: subject.archived === 1,
      units,
    },
  };
}

export async function createSubject(deps: AppDeps, actorId: number, form: SubjectForm, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    await checkedProgramme(trx, form);
    const last = await trx
      .selectFrom("subjects")
      .select((eb) => eb.fn.max("sort_order").as("m"))
      .where("programme_id", "=", form.programmeId)
      .where("term", "=", form.term!)
      .executeTakeFirst();
    const row = await trx
      .insertInto("subjects")
      .values({
        programme_id: form.programmeId,
        term: form.term!,
        code: form.code,
        name: form.name,
        description: form.description ?? null,
        sort_order: form.sortOrder ?? Number(last?.m ?? 0) + 10,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await saveUnits(trx, row.id, form.units);
    await enrolSubjectStudents(trx, row.id, at);
    await auditSubject(trx, now, { actorUserId: actorId, action: "subject.create", subject: row, ip: meta.ip });
    return row;
  });
  return { message: text.t("said.subjectCreated", { code: row.code, name: row.name }), ...(await getSubject(deps, row.id)) };
}

/**
 * Saves the form. A subject moved to another programme or term changes who studies it: the students of the
 * old place keep it as completed work only if they had moved past it; the new place's students are enrolled.
 */
export async function updateSubject(deps: AppDeps, actorId: number, input: SubjectUpdateInput, meta: SessionMeta = {}) {
  const { id, version, ...form } = input;
  const now = deps.now();
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom("subjects").select("id").where("id", "=", id).$call(heldForChange(trx)).executeTakeFirst();
    const current = await findSubject(trx, id);
    // Two people editing one subject: the second save would undo the first without a word (walk 16b).
    const units = (await unitsOf(trx, id)).map((u) => u.title);
    if (version !== undefined && version !== subjectVersion(current, units))
      throw new AppError("CONFLICT", text.t("rule.changedMeanwhile"));
    await checkedProgramme(trx, form, id);
    const row = await trx
      .updateTable("subjects")
      .set({
        programme_id: form.programmeId,
        term: form.term!,
        code: form.code,
        name: form.name,
        description: form.description ?? null,
        ...(form.sortOrder === null ? {} : { sort_order: form.sortOrder }),
        updated_at: at,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await saveUnits(trx, id, form.units);
    if (current.programme_id !== row.programme_id || current.term !== row.term) {
      // Those studying it now in the old place stop; the new place's students start.
      await trx
        .updateTable("enrolments")
        .set({ status: "dropped", ended_at: at })
        .where("subject_id", "=", id)
        .where("status", "=", "in_progress")
        .execute();
      if (row.archived === 0) await enrolSubjectStudents(trx, id, at);
    }
    await auditSubject(trx, now, { actorUserId: actorId, action: "subject.update", subject: row, ip: meta.ip });
    return row;
  });
  return { message: text.t("said.subjectUpdated", { code: row.code, name: row.name }), ...(await getSubject(deps, row.id)) };
}

/** Archived: off the students' pages and the pickers; its enrolments, work and results are kept. */
export async function setSubjectArchived(deps: AppDeps, actorId: number, input: { id: number; archived: boolean }, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    await findSubject(trx, input.id);
    const row = await setArchivedFlag(
      trx,
      now,
      { table: "subjects", id: input.id, archived: input.archived },
      { actorUserId: actorId, ip: meta.ip, details: (row) => ({ subject: subjectLabel(row) }) },
    );
    if (!input.archived) await enrolSubjectStudents(trx, input.id, at);
    return row;
  });
  // Archived while students take it: the message says how many no longer see it (walk 30a: nothing was said).
  const taking = input.archived
    ? await countRows(deps.db.selectFrom("enrolments").where("subject_id", "=", input.id).where("status", "=", "in_progress"))
    : 0;
  const said = !input.archived ? "said.subjectRestored" : taking ? "said.subjectArchivedTaken" : "said.subjectArchived";
  return {
    message: text.t(said, { code: row.code, name: row.name, count: taking }),
    ...(await getSubject(deps, row.id)),
  };
}

/**
 * Students who no longer take exams they took before a move (moved back a term: the old term's subjects are
 * dropped): each told once, in the portal and by e-mail, of every such exam, in the move's transaction.
 */
async function tellExamsNoLongerTaken(deps: AppDeps, trx: DB, now: Date, before: ExamTaken[], after: ExamTaken[]) {
  const kept = new Set(after.map((e) => `${e.userId}:${e.examId}`));
  const lost = new Map<number, string[]>();
  for (const e of before) {
    if (!kept.has(`${e.userId}:${e.examId}`)) lost.set(e.userId, [...(lost.get(e.userId) ?? []), `${e.title} (${subjectLabel(e)})`]);
  }
  // Students who lost the same exams share one notification's words (usually the whole term does).
  const byExams = new Map<string, number[]>();
  for (const [userId, exams] of lost) byExams.set(exams.join(", "), [...(byExams.get(exams.join(", ")) ?? []), userId]);
  for (const [exams, userIds] of byExams) {
    await notifyStudents(deps, trx, now, userIds, {
      type: "course",
      kind: "exam.noLongerTaken",
      params: { exams },
      link: STUDENT_EXAMS_LINK,
      email: true,
    });
  }
}

/**
 * Moves every active student of a programme's term to another term (the end of a semester): their old subjects
 * are completed (or dropped when moved back: the old term's exams still to come are then no longer theirs,
 * and they are told) and the new term's open, in one transaction.
 */
export async function moveStudentsToTerm(deps: AppDeps, actorId: number, input: MoveTermInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const moved = await deps.db.transaction().execute(async (trx) => {
    const programme = await trx.selectFrom("programmes").selectAll().where("id", "=", input.programmeId).executeTakeFirst();
    if (!programme) throw fieldError("BAD_REQUEST", "programmeId", text.t("rule.programme"));
    const terms = termsOf(programme);
    if (input.toTerm! > terms) {
      const message = text.t("rule.termBeyond", { programme: programme.name, terms });
      throw fieldError("BAD_REQUEST", "toTerm", message);
    }
    const students = await trx
      .selectFrom("users")
      .select("id")
      .where("role", "=", "student")
      .where("is_active", "=", 1)
      .where("programme_id", "=", input.programmeId)
      .where("current_term", "=", input.fromTerm!)
      .execute();
    const ids = students.map((s) => s.id);
    const oldTerm = { programmeId: input.programmeId, term: input.fromTerm! };
    const examsBefore = await examsTakenAhead(trx, ids, oldTerm, at);
    await setStudentsTerm(trx, ids, input.toTerm!, at);
    await moveEnrolments(trx, ids, input.programmeId, input.toTerm!, at);
    await tellExamsNoLongerTaken(deps, trx, now, examsBefore, await examsTakenAhead(trx, ids, oldTerm, at));
    await audit(trx, now, {
      actorUserId: actorId,
      action: "subject.move_term",
      entityType: "subject",
      details: { programme: programme.name, from: input.fromTerm, to: input.toTerm, count: students.length },
      ip: meta.ip,
    });
    return { count: students.length, unit: programme.fee_period };
  });
  deps.mail.kick();
  const from = termName(moved.unit, input.fromTerm!);
  return { message: text.t("said.moved", { count: moved.count, from, to: termName(moved.unit, input.toTerm!) }), moved: moved.count };
}
