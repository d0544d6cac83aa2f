/**
 * The programmes catalogue (issue 17): the one list of what the institute offers. The public site lists
 * it (/programmes, /programmes/<slug>, the home page), the admission form offers the programmes open for
 * admission, the students' records name theirs, and the office keeps it (administrators: add, edit,
 * open/close admission, archive, the syllabus PDF). Public reads are remembered until the next write.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { programmeKey, slugOf } from "../../../../db/programme-catalogue.ts";
import type { Database, Programme, User } from "../../../../db/schema.ts";
import { programmes as text } from "../../../shared/i18n/programmes.ts";
import {
  type ProgrammeForm,
  type ProgrammeListQuery,
  type ProgrammeUpdateInput,
  SYLLABUS_MAX_BYTES,
} from "../../../shared/schemas/programmes.ts";
import type { AppDeps } from "../../deps.ts";
import { setArchivedFlag } from "../../platform/archive.ts";
import { audit, changedFields } from "../../platform/audit.ts";
import { countRows } from "../../platform/counts.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { orderedPage } from "../../platform/paging.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { heldForChange, rowVersion } from "../../platform/row-lock.ts";
import { anyColumnContains } from "../../platform/search.ts";
import { requiredPdf, storeThenRecord } from "../../platform/uploads.ts";
import { setStudentsStandard } from "../accounts/accounts.repository.ts";
import type { SessionMeta } from "../auth/auth.service.ts";

type DB = Kysely<Database>;

const notFound = () => new AppError("NOT_FOUND", text.t("rule.notFound"));

/** What the public pages show of a programme. */
function toPublic(p: Programme) {
  return {
    slug: p.slug,
    name: p.name,
    level: p.level,
    university: p.university,
    durationMonths: p.duration_months,
    mode: p.mode,
    summary: p.summary,
    eligibility: p.eligibility,
    feePaise: p.fee_paise,
    feePeriod: p.fee_period,
    instalments: p.instalments,
    seats: p.seats,
    admissionOpen: p.admission_open === 1,
    syllabusUrl: p.syllabus_file ? `/api/programmes/${p.slug}/syllabus` : null,
  };
}
export type PublicProgramme = ReturnType<typeof toPublic>;

/** A programme's version for its edit form: what the form edits (not its syllabus, uploaded beside the form). */
const programmeVersion = (p: Programme) =>
  rowVersion([
    p.name,
    p.level,
    p.university,
    p.duration_months,
    p.mode,
    p.eligibility,
    p.summary,
    p.fee_paise,
    p.fee_period,
    p.instalments,
    p.seats,
    p.admission_open,
    p.sort_order,
    p.archived,
  ]);

/** What the office's screen shows and edits. */
const toOffice = (p: Programme) => ({
  ...toPublic(p),
  id: p.id,
  archived: p.archived === 1,
  sortOrder: p.sort_order,
  syllabusName: p.syllabus_name,
  updatedAt: p.updated_at,
  /** what the edit form is filled from, sent back with its save */
  version: programmeVersion(p),
});

const listed = (db: DB) => db.selectFrom("programmes").selectAll().where("archived", "=", 0).orderBy("sort_order").orderBy("name");

/** Every programme the public site lists, in the office's order. */
export async function publicProgrammes(deps: Pick<AppDeps, "db">) {
  return cachedRead(deps.db, "programmes:public", async () => ({ programmes: (await listed(deps.db).execute()).map(toPublic) }));
}

/** One listed programme by its address; archived ones are not offered. */
export async function publicProgramme(deps: Pick<AppDeps, "db">, slug: string) {
  const found = await cachedRead(deps.db, `programmes:slug:${slug}`, async () => {
    const row = await deps.db.selectFrom("programmes").selectAll().where("slug", "=", slug).where("archived", "=", 0).executeTakeFirst();
    return row ? toPublic(row) : null;
  });
  if (!found) throw new AppError("NOT_FOUND", text.t("notFound"));
  return { programme: found };
}

/** The names the admission form offers: listed and open for admission. */
export async function namesOpenForAdmission(db: DB): Promise<string[]> {
  return cachedRead(db, "programmes:open", async () =>
    (await listed(db).where("admission_open", "=", 1).select("name").execute()).map((r) => r.name),
  );
}

/** The names a student's record may name: every listed programme. */
export async function listedNames(db: DB): Promise<string[]> {
  return cachedRead(db, "programmes:listed", async () => (await listed(db).select("name").execute()).map((r) => r.name));
}

/** The catalogue row a name stands for (any spelling: "B.Com" is "BCom"), archived ones included; null if none. */
export async function programmeIdByName(db: DB, name: string | null | undefined): Promise<number | null> {
  if (!name) return null;
  const key = programmeKey(name);
  const all = await cachedRead(db, "programmes:keys", async () =>
    (await db.selectFrom("programmes").select(["id", "name"]).execute()).map((r) => [programmeKey(r.name), r.id] as const),
  );
  return all.find(([k]) => k === key)?.[1] ?? null;
}

/**
 * The one name a student's programme goes by on every screen and paper (dashboard, profile, ID card, admit
 * card, marksheet; QA 3): the catalogue programme they are in (archived ones too), else their Course/Standard
 * as written, else the course they were admitted to. Never the admission's course before the programme: the
 * office may have moved the student since, and fees, subjects and exams follow the programme.
 */
/**
 * The programme has active students in it: an archived one stays in the office's lists that serve them while so
 * (Fee plans, walk 30a; Courses, walk 32a).
 */
export const hasActiveStudents = (eb: ExpressionBuilder<Database, "programmes">) =>
  eb.exists(
    eb
      .selectFrom("users")
      .select("users.id")
      .whereRef("users.programme_id", "=", "programmes.id")
      .where("users.role", "=", "student")
      .where("users.is_active", "=", 1),
  );

export function programmeNameOf(programme: { name: string } | null | undefined, user: Pick<User, "standard" | "course">) {
  return programme?.name ?? user.standard ?? user.course;
}

/** The student's programme name (programmeNameOf), reading their catalogue programme. */
export async function studentProgrammeName(db: DB, user: Pick<User, "programme_id" | "standard" | "course">) {
  const programme =
    user.programme_id === null
      ? undefined
      : await db.selectFrom("programmes").select("name").where("id", "=", user.programme_id).executeTakeFirst();
  return programmeNameOf(programme, user);
}

// ————— the office —————

function filtered(db: DB, query: Pick<ProgrammeListQuery, "search" | "status">) {
  let base = db.selectFrom("programmes");
  if (query.status === "archived") base = base.where("archived", "=", 1);
  else if (query.status !== "all") base = base.where("archived", "=", 0).where("admission_open", "=", query.status === "open" ? 1 : 0);
  if (query.search) base = base.where(anyColumnContains(["programmes.name", "programmes.university", "programmes.slug"], query.search));
  return base;
}

/** The office's list: in the public order, searched and filtered by the server, a page at a time. */
export async function listProgrammes(deps: Pick<AppDeps, "db">, query: ProgrammeListQuery) {
  const { rows, pagination } = await orderedPage<Programme>(
    filtered(deps.db, query),
    [
      ["archived", "asc"],
      ["sort_order", "asc"],
      ["name", "asc"],
    ],
    query.page,
    query.limit,
  );
  return { programmes: rows.map(toOffice), pagination };
}

async function findProgramme(db: DB, id: number, forChange = false) {
  const row = await db.selectFrom("programmes").selectAll().where("id", "=", id).$if(forChange, heldForChange(db)).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * A rename reaches the Course/Standard of the programme's students that name it, in any spelling ("B.Com" for
 * "BCom"): otherwise their old name would no longer find the programme when the office saves them.
 */
async function renameStudentsStandard(db: DB, programme: Pick<Programme, "id" | "name">, name: string, at: string) {
  const key = programmeKey(programme.name);
  const students = await db
    .selectFrom("users")
    .select(["id", "standard"])
    .where("role", "=", "student")
    .where("programme_id", "=", programme.id)
    .where("standard", "is not", null)
    .execute();
  const naming = students.filter((s) => programmeKey(s.standard!) === key).map((s) => s.id);
  await setStudentsStandard(db, naming, name, at);
}

async function assertNameFree(db: DB, name: string, exceptId?: number) {
  const key = programmeKey(name);
  const others = await db.selectFrom("programmes").select(["id", "name"]).execute();
  if (others.some((o) => o.id !== exceptId && programmeKey(o.name) === key)) {
    throw fieldError("CONFLICT", "name", text.t("rule.nameTaken"));
  }
}

/** Each stored column's form field. */
const FIELD_OF = {
  name: "name",
  level: "level",
  university: "university",
  duration_months: "durationMonths",
  mode: "mode",
  eligibility: "eligibility",
  summary: "summary",
  fee_paise: "fee",
  fee_period: "feePeriod",
  instalments: "instalments",
  seats: "seats",
  admission_open: "admissionOpen",
} as const;

const columns = (form: ProgrammeForm) => ({
  name: form.name,
  level: form.level,
  university: form.university ?? null,
  duration_months: form.durationMonths,
  mode: form.mode,
  eligibility: form.eligibility ?? null,
  summary: form.summary ?? null,
  fee_paise: form.fee,
  fee_period: form.feePeriod,
  instalments: form.instalments ?? 1,
  seats: form.seats,
  admission_open: form.admissionOpen ? 1 : 0,
});

export async function createProgramme(deps: AppDeps, actorId: number, form: ProgrammeForm, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, form.name);
    const slugs = new Set((await trx.selectFrom("programmes").select("slug").execute()).map((r) => r.slug));
    const last = await trx
      .selectFrom("programmes")
      .select((eb) => eb.fn.max("sort_order").as("m"))
      .executeTakeFirst();
    const row = await trx
      .insertInto("programmes")
      .values({
        ...columns(form),
        slug: slugOf(form.name, slugs),
        sort_order: form.sortOrder ?? Number(last?.m ?? 0) + 10,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "programme.create",
      entityType: "programme",
      entityId: row.id,
      details: { name: row.name },
      ip: meta.ip,
    });
    return row;
  });
  return { message: text.t("said.created", { name: row.name }), programme: toOffice(row) };
}

/**
 * Saves the form. The address (slug) stays: links shared and indexed keep working after a rename. A rename
 * reaches the Course/Standard of the students in the programme in the same transaction, so every screen
 * and paper names it one way.
 */
export async function updateProgramme(deps: AppDeps, actorId: number, input: ProgrammeUpdateInput, meta: SessionMeta = {}) {
  const { id, version, ...form } = input;
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await findProgramme(trx, id, true);
    // Two people editing one programme: the second save would undo the first without a word.
    if (version !== undefined && version !== programmeVersion(current)) throw new AppError("CONFLICT", text.t("rule.changedMeanwhile"));
    await assertNameFree(trx, form.name, id);
    const next = columns(form);
    // The form's field names (fee, durationMonths…): the activity log labels them in the reader's language.
    const changed = changedFields(next, current).map((k) => FIELD_OF[k]);
    const row = await trx
      .updateTable("programmes")
      .set({ ...next, ...(form.sortOrder === null ? {} : { sort_order: form.sortOrder }), updated_at: now.toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.name !== current.name) await renameStudentsStandard(trx, current, row.name, now.toISOString());
    await audit(trx, now, {
      actorUserId: actorId,
      action: "programme.update",
      entityType: "programme",
      entityId: id,
      details: { name: row.name, changed },
      ip: meta.ip,
    });
    return row;
  });
  return { message: text.t("said.updated", { name: row.name }), programme: toOffice(row) };
}

/**
 * Archived: off the public site and the admission form; students and applications keep naming it. Reversible, so
 * not asked about; what its active students keep is said (walk 30a: archived "at once", nothing said of them).
 */
export async function setProgrammeArchived(
  deps: AppDeps,
  actorId: number,
  input: { id: number; archived: boolean },
  meta: SessionMeta = {},
) {
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    await findProgramme(trx, input.id);
    return setArchivedFlag(
      trx,
      now,
      { table: "programmes", id: input.id, archived: input.archived },
      { actorUserId: actorId, ip: meta.ip, details: (row) => ({ name: row.name }) },
    );
  });
  const students = input.archived
    ? await countRows(
        deps.db.selectFrom("users").where("role", "=", "student").where("is_active", "=", 1).where("programme_id", "=", input.id),
      )
    : 0;
  const said = !input.archived ? "said.restored" : students ? "said.archivedWithStudents" : "said.archived";
  return { message: text.t(said, { name: row.name, count: students }), programme: toOffice(row) };
}

/** The syllabus PDF (checked by content, at most 10 MB); a new one replaces the old. */
export async function storeSyllabus(deps: AppDeps, actorId: number, id: number, file: unknown, meta: SessionMeta = {}) {
  const current = await findProgramme(deps.db, id);
  const checked = await requiredPdf(file, {
    field: "syllabus",
    label: text.t("syllabus.label"),
    maxBytes: SYLLABUS_MAX_BYTES,
    missing: text.t("rule.syllabus"),
  });
  const files = fileStore(deps.env);
  const now = deps.now();
  await storeThenRecord(files, "documents", "pdf", checked.bytes, (stored) =>
    deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("programmes")
        .set({ syllabus_file: stored, syllabus_name: checked.originalName, updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
      await audit(trx, now, {
        actorUserId: actorId,
        action: "programme.syllabus",
        entityType: "programme",
        entityId: id,
        details: { name: current.name, file: checked.originalName },
        ip: meta.ip,
      });
    }),
  );
  await files.remove("documents", [current.syllabus_file]);
  return { message: text.t("said.syllabus", { name: current.name }), programme: toOffice(await findProgramme(deps.db, id)) };
}

/** The syllabus of a listed programme, for download (public). */
export async function syllabusOf(deps: Pick<AppDeps, "db" | "env">, slug: string) {
  const row = await deps.db
    .selectFrom("programmes")
    .select(["syllabus_file", "syllabus_name", "slug"])
    .where("slug", "=", slug)
    .where("archived", "=", 0)
    .executeTakeFirst();
  if (!row?.syllabus_file) throw new AppError("NOT_FOUND", text.t("notFound"));
  return {
    area: "documents" as const,
    file: row.syllabus_file,
    name: row.syllabus_name ?? `${row.slug}-syllabus.pdf`,
  };
}
