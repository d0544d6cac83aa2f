/**
 * Student records, as the admin manages them (spec part 2, Student Management): a searched, paginated
 * list with four counters, add (next student ID, first-login link e-mailed — never a password,
 * DECISIONS 10), edit, delete, activate/deactivate (ending the student's sessions), send a fresh
 * first-login link, and a CSV export.
 */

import type { Kysely } from "kysely";
import type { Database, User } from "../../../../db/schema.ts";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { roster } from "../../../shared/i18n/roster.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import {
  STUDENT_MESSAGES,
  type StudentExportQuery,
  type StudentForm,
  type StudentListQuery,
  type StudentStatusInput,
  type StudentUpdateInput,
} from "../../../shared/schemas/students.ts";
import { termName } from "../../../shared/terms.ts";
import type { AppDeps } from "../../deps.ts";
import { type AuditEntry, audit, changedFields } from "../../platform/audit.ts";
import { startOfMonth } from "../../platform/calendar.ts";
import { csvMoment } from "../../platform/csv.ts";
import { AppError, conflict, fieldError, notFound } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { listCsvExport } from "../../platform/list-export.ts";
import { newestFirstExport, newestFirstPage } from "../../platform/paging.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { heldForChange, rowVersion } from "../../platform/row-lock.ts";
import { textContains } from "../../platform/search.ts";
import { sentOnly } from "../../platform/validation.ts";
import {
  deleteStudentAccount,
  endAllSessions,
  openStudentAccount,
  setStudentActive,
  unlockAccount,
  updateStudentRecord,
  voidOpenCodes,
} from "../accounts/accounts.repository.ts";
import { mailFirstLoginLink } from "../auth/account.service.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { feesToRaiseHint } from "../fees/plans.service.ts";
import { listedNames, programmeIdByName } from "../programmes/programmes.service.ts";
import { instituteTimeZone, recipientLocale } from "../settings/settings.service.ts";
import { termsOf } from "../studies/studies.service.ts";

/** What the list's search looks in (the same columns as its text index, migrations/…-text-search). */
export const STUDENT_SEARCH_COLUMNS = ["name", "email", "mobile", "student_id"];

/** The service's answers (spec part 2 §8), in the request's language. */
export const STUDENT_TEXT = Object.assign(
  labelsOf(
    ["updated", "updatedEmail", "deleted", "credentialsSent", "activated", "deactivated", "inactiveNoCredentials", "notLocked"] as const,
    (key) => roster.t(`text.${key}`),
  ),
  {
    added: (id: string) => roster.t("text.added", { id }),
    unlocked: (name: string) => roster.t("text.unlocked", { name }),
    signedOut: (name: string, count: number) =>
      count === 0 ? roster.t("text.notSignedIn", { name }) : roster.t("text.signedOut", { name, count }),
  },
);

/** A student as the screens read it (spec part 2 §3). */
export function toStudentItem(u: User) {
  return {
    _id: String(u.id),
    id: u.id,
    name: u.name,
    email: u.email,
    mobile: u.mobile,
    student_id: u.student_id,
    standard: u.standard,
    dateOfBirth: u.date_of_birth,
    bloodGroup: u.blood_group,
    address: u.address,
    gender: u.gender,
    city: u.city,
    state: u.state,
    pincode: u.pincode,
    emergencyContact: {
      name: u.emergency_name,
      relationship: u.emergency_relationship,
      phone: u.emergency_phone,
      email: u.emergency_email,
    },
    profilePhoto: u.photo_file ? `/api/files/photos/${u.photo_file}` : null,
    isActive: u.is_active === 1,
    createdAt: u.created_at,
    lastLogin: u.last_login_at,
    /** set while sign-in is locked after too many wrong passwords (an admin can lift it) */
    lockedUntil: u.locked_until,
    course: u.course,
    /** the semester or year of the programme the student is in (issue 18) */
    term: u.current_term,
    /** the catalogue programme the student is in (null: their Course/Standard is none of it) */
    programmeId: u.programme_id,
    /** what the edit form is filled from, sent back with its save (formVersion) */
    version: formVersion(u),
  };
}

/**
 * The form's values as columns; a blank optional field clears the stored value. Gender, city, state and PIN
 * code are written only when sent (the schema's `keptUnlessSent`).
 */
function formColumns(input: StudentForm) {
  return {
    ...sentOnly({ gender: input.gender, city: input.city, state: input.state, pincode: input.pincode }),
    name: input.name,
    email: input.email,
    mobile: input.mobile,
    standard: input.standard,
    blood_group: input.bloodGroup ?? null,
    date_of_birth: input.dateOfBirth ?? null,
    address: input.address ?? null,
    emergency_name: input.emergencyContact.name ?? null,
    emergency_relationship: input.emergencyContact.relationship ?? null,
    emergency_phone: input.emergencyContact.phone ?? null,
    emergency_email: input.emergencyContact.email ?? null,
    current_term: input.term ?? 1,
  };
}

const emailTaken = () => fieldError("CONFLICT", "email", ACCOUNT_MSG.emailTaken);

/**
 * A student's activity-log entry: the record is the student's account, and the details name them by their
 * student ID first (how the activity log says which student: client features/dashboard/activity-text.ts).
 */
export function auditStudent(
  db: Kysely<Database>,
  now: Date,
  entry: Omit<AuditEntry, "entityType" | "entityId"> & { student: Pick<User, "id" | "student_id"> },
): Promise<void> {
  const { student, details, ...rest } = entry;
  return audit(db, now, { ...rest, entityType: "student", entityId: student.id, details: { studentId: student.student_id, ...details } });
}

/** `forChange`: read inside the change's transaction, the row held until it ends (PostgreSQL; SQLite's writes take turns). */
async function findStudent(db: Kysely<Database>, id: number, { forChange = false } = {}) {
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where("role", "=", "student")
    .$if(forChange, heldForChange(db))
    .executeTakeFirst();
  if (!row) throw notFound(STUDENT_MESSAGES.notFound);
  return row;
}

/** The columns of the office's edit form (formColumns), whose values its `version` stands for. */
const FORM_COLUMNS = [
  "name",
  "email",
  "mobile",
  "standard",
  "blood_group",
  "date_of_birth",
  "address",
  "gender",
  "city",
  "state",
  "pincode",
  "emergency_name",
  "emergency_relationship",
  "emergency_phone",
  "emergency_email",
  "current_term",
] as const satisfies readonly (keyof ReturnType<typeof formColumns>)[];

/**
 * What the edit form shows, as one short string: a save that brings back another one was filled before someone
 * else's change (the student's own profile edit too), and is refused. The account's other changes (a sign-in,
 * a language chosen) leave it as it is.
 */
function formVersion(u: User): string {
  return rowVersion(FORM_COLUMNS.map((column) => u[column]));
}

/** The Course/Standard choices (DECISIONS 16: catalog data the admin can change). */
export async function listStandards(deps: Pick<AppDeps, "db">) {
  return { standards: await listedNames(deps.db) };
}

/**
 * The programmes the students list can be narrowed to, each with its terms: every listed one, and an archived one
 * while any student is in it (its past students stay to be found).
 */
export async function studentProgrammes(deps: Pick<AppDeps, "db">) {
  const rows = await deps.db
    .selectFrom("programmes")
    .select(["id", "name", "duration_months", "fee_period", "archived"])
    .where((eb) =>
      eb.or([
        eb("archived", "=", 0),
        eb.exists(
          eb
            .selectFrom("users")
            .select("users.id")
            .whereRef("users.programme_id", "=", "programmes.id")
            .where("users.role", "=", "student"),
        ),
      ]),
    )
    .orderBy("archived")
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
  return {
    programmes: rows.map((p) => ({ id: p.id, name: p.name, archived: p.archived === 1, terms: termsOf(p), termUnit: p.fee_period })),
  };
}

/**
 * The standard (Course/Standard) must be a programme of the catalogue (issue 17); a student may keep one
 * that was archived since.
 */
async function assertStandard(db: Kysely<Database>, standard: string, current: string | null = null) {
  if (standard === current) return;
  if (!(await listedNames(db)).includes(standard)) {
    throw fieldError("BAD_REQUEST", "standard", STUDENT_MESSAGES.unknownStandard);
  }
}

/** The term must be one of the student's programme (issue 18): a three-year programme by semester has six. */
async function assertTerm(db: Kysely<Database>, programmeId: number | null, term: number | null) {
  if (programmeId === null || term === null) return;
  const programme = await db
    .selectFrom("programmes")
    .select(["name", "duration_months", "fee_period"])
    .where("id", "=", programmeId)
    .executeTakeFirst();
  if (!programme || term <= termsOf(programme)) return;
  const message = roster.t("rule.termBeyond", { programme: programme.name, terms: termsOf(programme) });
  throw fieldError("BAD_REQUEST", "term", message);
}

async function assertEmailFree(db: Kysely<Database>, email: string, exceptUserId?: number) {
  let q = db.selectFrom("users").select("id").where("email", "=", email);
  if (exceptUserId !== undefined) q = q.where("id", "!=", exceptUserId);
  if (await q.executeTakeFirst()) throw emailTaken();
}

/** Every open first-login link of the account stops working (also those sent to an earlier address). */
async function voidFirstLoginLinks(trx: Kysely<Database>, userId: number, at: string) {
  await trx
    .updateTable("one_time_codes")
    .set({ consumed_at: at })
    .where("user_id", "=", userId)
    .where("purpose", "=", "first_login")
    .where("consumed_at", "is", null)
    .execute();
}

function filtered(db: Kysely<Database>, query: Pick<StudentListQuery, "search" | "status" | "programme" | "term">) {
  let base = db.selectFrom("users").where("role", "=", "student");
  if (query.status !== "all") base = base.where("is_active", "=", query.status === "active" ? 1 : 0);
  if (query.programme !== null) base = base.where("programme_id", "=", query.programme);
  if (query.term !== null) base = base.where("current_term", "=", query.term);
  if (query.search) base = base.where(textContains(db, "users", STUDENT_SEARCH_COLUMNS, query.search));
  return base;
}

const monthStartOf = async (deps: Pick<AppDeps, "db" | "now">) => startOfMonth(deps.now(), await instituteTimeZone(deps)).toISOString();
const statsFor = (deps: Pick<AppDeps, "db">, monthStart: string) =>
  cachedRead(deps.db, `students:stats:${monthStart}`, () => countStudents(deps, monthStart));

async function countStudents(deps: Pick<AppDeps, "db">, monthStart: string) {
  // Three counts each answered from an index alone (role+is_active, role+created_at): one pass over the
  // rows' CASE sums read every wide row, 76 ms for 50,000 students.
  const students = () =>
    deps.db
      .selectFrom("users")
      .where("role", "=", "student")
      .select((eb) => eb.fn.countAll<number>().as("n"));
  const row = await deps.db
    .selectNoFrom([
      students().as("total"),
      students().where("is_active", "=", 1).as("active"),
      students().where("created_at", ">=", monthStart).as("newThisMonth"),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total ?? 0);
  const active = Number(row.active ?? 0);
  return { total, active, inactive: total - active, newThisMonth: Number(row.newThisMonth ?? 0) };
}

/** Admin list: newest first, server-side search, status filter and pagination (DECISIONS 13). */
export async function listStudents(deps: Pick<AppDeps, "db" | "now">, query: StudentListQuery) {
  // "New this month" follows the clock, so the month is part of what is remembered. Any write, a
  // login's last_login_at included, makes the remembered answer stale.
  const monthStart = await monthStartOf(deps);
  const scope = `${query.status}:${query.programme ?? ""}:${query.term ?? ""}:${query.search}`;
  return cachedRead(deps.db, `students:list:${monthStart}:${query.limit}:${query.page}:${scope}`, async () => {
    const [{ items, pagination }, stats] = await Promise.all([
      newestFirstPage({
        db: deps.db,
        table: "users",
        base: filtered(deps.db, query),
        cacheKey: `students:${scope}`,
        page: query.page,
        limit: query.limit,
        toItems: (rows: User[]) => rows.map(toStudentItem),
      }),
      statsFor(deps, monthStart),
    ]);
    return { students: items, pagination, stats };
  });
}

export async function getStudent(deps: Pick<AppDeps, "db">, id: number) {
  return toStudentItem(await findStudent(deps.db, id));
}

/** Adds a student: next ID, no password, a first-login link e-mailed, all in one transaction. */
export async function createStudent(deps: AppDeps, adminId: number, input: StudentForm, meta: SessionMeta = {}) {
  await assertStandard(deps.db, input.standard);
  const now = deps.now();
  const at = now.toISOString();
  const student = await deps.db.transaction().execute(async (trx) => {
    await assertEmailFree(trx, input.email);
    const programmeId = await programmeIdByName(trx, input.standard);
    await assertTerm(trx, programmeId, input.term);
    const row = await openStudentAccount(
      trx,
      { ...formColumns(input), programme_id: programmeId, password_hash: null, must_change_password: 1 },
      at,
    );
    const studentId = row.student_id!;
    await mailFirstLoginLink(
      deps,
      trx,
      row,
      { template: "student_credentials", name: row.name, studentId },
      await recipientLocale({ db: trx }, row.preferences),
    );
    await auditStudent(trx, now, {
      actorUserId: adminId,
      action: "student.create",
      student: row,
      details: { email: row.email },
      ip: meta.ip,
    });
    return row;
  });
  deps.mail.kick();
  return {
    message: STUDENT_TEXT.added(student.student_id!),
    student_id: student.student_id!,
    student: toStudentItem(student),
    // Their term's fees were raised before they joined: the office is told to raise it again (stop 53).
    feesToRaise: await feesToRaiseHint(deps, student.id),
  };
}

/**
 * Saves the edit form. A new e-mail address is where reset codes and first-login links go from then on, so, as
 * when the student changes it (accounts/email-change.service.ts), the old address is told, the student's sessions
 * end and the log keeps both addresses; every code and link sent to the old one is void (walk 31a: a staff
 * member's edit and "Send credentials" otherwise handed the account over without a word to the student).
 */
export async function updateStudent(deps: AppDeps, adminId: number, input: StudentUpdateInput, meta: SessionMeta = {}) {
  const { id, version, ...form } = input;
  const before = await findStudent(deps.db, id);
  await assertStandard(deps.db, form.standard, before.standard);
  const now = deps.now();
  const at = now.toISOString();
  const columns = formColumns(form);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const current = await findStudent(trx, id, { forChange: true });
    if (version !== undefined && version !== formVersion(current))
      throw conflict(roster.t("text.changedMeanwhile", { name: current.name }));
    const changed = changedFields(columns, current);
    const moved = form.email !== current.email ? { from: current.email, to: form.email } : null;
    let endedSessions = 0;
    if (moved) {
      await assertEmailFree(trx, form.email, id);
      await voidOpenCodes(trx, id, at);
      endedSessions = await endAllSessions(trx, id);
      await deps.mail.enqueue(
        trx,
        current.email,
        { template: "email_changed_notice", name: current.name, newEmail: form.email, byOffice: true },
        await recipientLocale({ db: trx }, current.preferences),
      );
    }
    // An address typed in by the office is not proven yet: with "Require e-mail verification" on, the student
    // confirms it with an e-mailed code at the next sign-in (issue 14.4).
    const reverify = moved ? { email_verified_at: null } : {};
    // A programme's rename reaches its students' Course/Standard (programmes.service: updateProgramme), so the
    // name always finds the programme.
    const programmeId = await programmeIdByName(trx, form.standard);
    await assertTerm(trx, programmeId, form.term);
    const row = await updateStudentRecord(trx, id, { ...columns, programme_id: programmeId, ...reverify }, at);
    if (!row) throw notFound(STUDENT_MESSAGES.notFound);
    const details = moved ? { changed, email: moved, endedSessions } : { changed };
    await auditStudent(trx, now, { actorUserId: adminId, action: "student.update", student: row, details, ip: meta.ip });
    return { row, moved };
  });
  if (updated.moved) deps.mail.kick();
  return { message: updated.moved ? STUDENT_TEXT.updatedEmail : STUDENT_TEXT.updated, student: toStudentItem(updated.row) };
}

/** Deletes the account (its sessions, notifications and links go with it) and its photo file. */
export async function deleteStudent(deps: AppDeps, adminId: number, id: number, meta: SessionMeta = {}) {
  const current = await findStudent(deps.db, id);
  const submissions = await deps.db.transaction().execute(async (trx) => {
    // A book still out would silently count as back on the shelf, with no record of who has it (issue 18).
    const out = await trx
      .selectFrom("book_loans")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", id)
      .where("returned_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(out.n) > 0) throw new AppError("CONFLICT", roster.t("rule.booksOut", { count: Number(out.n) }));
    // Receipts are never deleted (issue 19): a student with receipts or a transfer waiting stays, deactivated if need be.
    const money = await trx
      .selectFrom("fee_payments")
      .select("id")
      .where("user_id", "=", id)
      .where("status", "in", ["pending", "confirmed", "cancelled"])
      .executeTakeFirst();
    if (money) throw new AppError("CONFLICT", roster.t("rule.feesKept"));
    // The student's handed-in work goes with the account: its rows by cascade, its files after the commit.
    const files = await trx.selectFrom("assignment_submissions").select("stored_name").where("user_id", "=", id).execute();
    await deleteStudentAccount(trx, id);
    await auditStudent(trx, deps.now(), {
      actorUserId: adminId,
      action: "student.delete",
      student: current,
      details: { name: current.name, email: current.email },
      ip: meta.ip,
    });
    return files.map((f) => f.stored_name);
  });
  await fileStore(deps.env).remove("photos", [current.photo_file]);
  await fileStore(deps.env).remove("documents", submissions);
  return { message: STUDENT_TEXT.deleted };
}

/**
 * Activates or deactivates; deactivating ends every session of the student at once. `active` given: the state
 * asked for, refused when the account is in it already (someone else got there first).
 */
export async function toggleStudentStatus(deps: AppDeps, adminId: number, { id, active }: StudentStatusInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const { activate, updated } = await deps.db.transaction().execute(async (trx) => {
    const current = await findStudent(trx, id, { forChange: true });
    const activate = active ?? current.is_active !== 1;
    if (activate === (current.is_active === 1)) {
      throw conflict(roster.t(activate ? "text.alreadyActive" : "text.alreadyInactive", { name: current.name }));
    }
    const row = await setStudentActive(trx, id, activate, at);
    let endedSessions = 0;
    if (!activate) endedSessions = await endAllSessions(trx, id);
    await auditStudent(trx, now, {
      actorUserId: adminId,
      action: activate ? "student.activate" : "student.deactivate",
      student: row,
      details: activate ? {} : { endedSessions },
      ip: meta.ip,
    });
    return { activate, updated: row };
  });
  return {
    message: activate ? STUDENT_TEXT.activated : STUDENT_TEXT.deactivated,
    isActive: activate,
    student: toStudentItem(updated),
  };
}

/**
 * Unlock (issue 14.6): a student locked out after too many wrong passwords can sign in again at once,
 * instead of waiting out the lock. Audited.
 */
export async function unlockStudent(deps: AppDeps, adminId: number, id: number, meta: SessionMeta = {}) {
  const current = await findStudent(deps.db, id);
  const now = deps.now();
  if (!current.locked_until || current.locked_until <= now.toISOString()) throw conflict(STUDENT_TEXT.notLocked);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await unlockAccount(trx, id, now.toISOString());
    await auditStudent(trx, now, {
      actorUserId: adminId,
      action: "student.unlock",
      student: row,
      details: { lockedUntil: current.locked_until },
      ip: meta.ip,
    });
    return row;
  });
  return { message: STUDENT_TEXT.unlocked(updated.name), student: toStudentItem(updated) };
}

/** Sign out everywhere (issue 14.6): ends every session of the student, e.g. after a lost phone. Audited. */
export async function signOutStudentEverywhere(deps: AppDeps, adminId: number, id: number, meta: SessionMeta = {}) {
  const student = await findStudent(deps.db, id);
  const now = deps.now();
  const endedSessions = await deps.db.transaction().execute(async (trx) => {
    const n = await endAllSessions(trx, id);
    await auditStudent(trx, now, {
      actorUserId: adminId,
      action: "student.sign_out_everywhere",
      student,
      details: { endedSessions: n },
      ip: meta.ip,
    });
    return n;
  });
  return { message: STUDENT_TEXT.signedOut(student.name, endedSessions), endedSessions };
}

/** "Send credentials": a fresh first-login link; every earlier link stops working (DECISIONS 10). */
export async function sendStudentCredentials(deps: AppDeps, adminId: number, id: number, meta: SessionMeta = {}) {
  const student = await findStudent(deps.db, id);
  if (student.is_active !== 1) throw conflict(STUDENT_TEXT.inactiveNoCredentials);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await voidFirstLoginLinks(trx, id, now.toISOString());
    await mailFirstLoginLink(
      deps,
      trx,
      student,
      {
        template: "student_credentials",
        name: student.name,
        studentId: student.student_id ?? "",
        ...(student.password_hash === null ? {} : { returning: true as const }),
      },
      await recipientLocale({ db: trx }, student.preferences),
    );
    await auditStudent(trx, now, {
      actorUserId: adminId,
      action: "student.send_credentials",
      student,
      details: { email: student.email },
      ip: meta.ip,
    });
  });
  deps.mail.kick();
  return { message: STUDENT_TEXT.credentialsSent };
}

const CSV_HEADER = [
  "Student ID",
  "Name",
  "Email",
  "Mobile",
  "Course/Standard",
  "Course admitted to",
  "Term",
  "Date of Birth",
  "Blood Group",
  "Gender",
  "Address",
  "City",
  "State",
  "PIN Code",
  "Emergency Contact Name",
  "Emergency Contact Relationship",
  "Emergency Contact Phone",
  "Emergency Contact Email",
  "Status",
  "Added On",
  "Last Login",
] as const;

/**
 * Every student matching the list's filters as a CSV file named after the institute's date. Starts with
 * a UTF-8 byte order mark so spreadsheet programs read Indian names correctly. Exports are audited.
 */
export async function exportStudentsCsv(deps: AppDeps, adminId: number, query: StudentExportQuery, meta: SessionMeta = {}) {
  // Streamed a page at a time (newestFirstExport): 50,000 students held 671 MB when read whole (thirteenth walk).
  // With the programme's fee period, to name the term as every screen does ("Year 2", "Semester 3"): management's
  // "students in Year 2" list (walk 32a).
  const rows = await newestFirstExport("users", filtered(deps.db, query), (rows) =>
    rows.leftJoin("programmes", "programmes.id", "users.programme_id").selectAll("users").select("programmes.fee_period"),
  );
  const timeZone = await instituteTimeZone(deps);
  return listCsvExport(
    deps,
    rows,
    {
      name: "students",
      timeZone,
      header: CSV_HEADER,
      cells: (u) => [
        u.student_id,
        u.name,
        u.email,
        u.mobile,
        u.standard,
        u.course,
        // In English, as the file's headers and every office export (a Hindi screen's export read "वर्ष 2": walk 32's review).
        u.fee_period ? termName(u.fee_period, u.current_term, "en") : null,
        u.date_of_birth,
        u.blood_group,
        u.gender,
        u.address,
        u.city,
        u.state,
        u.pincode,
        u.emergency_name,
        u.emergency_relationship,
        u.emergency_phone,
        u.emergency_email,
        u.is_active === 1 ? "Active" : "Inactive",
        csvMoment(u.created_at, timeZone),
        csvMoment(u.last_login_at, timeZone),
      ],
    },
    {
      actorUserId: adminId,
      action: "student.export",
      entityType: "student",
      details: { search: query.search, status: query.status, programme: query.programme, term: query.term },
      ip: meta.ip,
    },
  );
}
