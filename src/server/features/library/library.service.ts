/**
 * The library's catalogue (issue 18; docs/studies/library.md): printed books, lent a copy at a time, and
 * e-resources (a PDF kept like applicants' documents, or an https link), for every student or one
 * programme's. The office adds, edits and archives entries; students search what they may borrow or read,
 * and download an e-resource's PDF only when it is listed and meant for them. Loans are loans.service.ts.
 */
import { type Kysely, type Selectable, sql } from "kysely";
import type { BooksTable, Database, User } from "../../../../db/schema.ts";
import { library as text } from "../../../shared/i18n/library.ts";
import { INTL_LOCALE } from "../../../shared/i18n/locales.ts";
import { currentLocale } from "../../../shared/i18n/translate.ts";
import { isOffice } from "../../../shared/roles.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import {
  type BookForm,
  type CatalogueQuery,
  ERESOURCE_MAX_BYTES,
  type EresourceFields,
  type ItemCreateInput,
  type ItemListQuery,
  type ItemUpdateInput,
  LOAN_DAYS,
  LOAN_MAX_DAYS,
  loanStanding,
} from "../../../shared/schemas/library.ts";
import type { AppDeps } from "../../deps.ts";
import { setArchivedFlag } from "../../platform/archive.ts";
import { audit, changedFields } from "../../platform/audit.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { heldForChange, holdValue, rowVersion } from "../../platform/row-lock.ts";
import { anyColumnContains, containsPattern, likeEscaped } from "../../platform/search.ts";
import { requiredPdf, storeThenRecord } from "../../platform/uploads.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { instituteToday } from "../settings/settings.service.ts";

type DB = Kysely<Database>;
export type Book = Selectable<BooksTable>;

export const itemNotFound = () => new AppError("NOT_FOUND", text.t("rule.notFound"));

/** A calendar day in the request's language: 25 Nov 2026, २५ नव॰ २०२६. */
export const dayText = (day: string) =>
  new Intl.DateTimeFormat(INTL_LOCALE[currentLocale()], { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** Copies of the book out on loan now: one statement for a whole page (book_loans_book index). */
const ON_LOAN = sql<number>`(select count(*) from book_loans as l where l.book_id = books.id and l.returned_at is null)`;

/** Where an e-resource is read: its PDF through the server (authorised each time), or its link. */
const sourceOf = (b: Pick<Book, "id" | "kind" | "stored_name" | "url">) =>
  b.kind !== "eresource"
    ? { source: null, url: null }
    : b.stored_name
      ? { source: "file" as const, url: `/api/library/eresources/${b.id}/file` }
      : { source: "link" as const, url: b.url };

type ListedRow = Book & { on_loan: number; programme_name: string | null };

/** What both sides show of an entry. */
const toItem = (b: ListedRow) => {
  const onLoan = Number(b.on_loan);
  return {
    id: b.id,
    kind: b.kind,
    title: b.title,
    author: b.author,
    isbn: b.isbn,
    publisher: b.publisher,
    year: b.year,
    category: b.category,
    shelf: b.shelf,
    /** books: copies held, on loan and on the shelf */
    copies: b.kind === "book" ? b.copies : null,
    onLoan: b.kind === "book" ? onLoan : null,
    available: b.kind === "book" ? Math.max(0, b.copies - onLoan) : null,
    programmeId: b.programme_id,
    programmeName: b.programme_name,
    ...sourceOf(b),
    fileName: b.file_name,
    sizeBytes: b.size_bytes,
  };
};
/** An entry's version for its edit form: what the form edits and whether it is listed (not its loans). */
const itemVersion = (b: Book) =>
  rowVersion([
    b.title,
    b.author,
    b.isbn,
    b.publisher,
    b.year,
    b.category,
    b.shelf,
    b.copies,
    b.programme_id,
    b.url,
    b.stored_name,
    b.archived,
  ]);

/** The office's view adds what only it needs. */
const toOfficeItem = (b: ListedRow) => ({ ...toItem(b), archived: b.archived === 1, updatedAt: b.updated_at, version: itemVersion(b) });

type Base = ReturnType<typeof fromBooks>;
const fromBooks = (db: DB) => db.selectFrom("books");

/** The search box: title, author or ISBN (typed with or without hyphens). */
function searched(base: Base, search: string): Base {
  if (!search) return base;
  const bare = search.replace(/[\s-]/g, "");
  return base.where((eb) =>
    eb.or([
      anyColumnContains(["books.title", "books.author", "books.isbn"], search),
      ...(/^\d{3,12}[\dXx]?$/.test(bare) && bare !== search ? [likeEscaped("books.isbn", containsPattern(bare.toUpperCase()))] : []),
    ]),
  );
}

function byAvailability(base: Base, availability: "all" | "available" | "out"): Base {
  if (availability === "all") return base;
  return base
    .where("books.kind", "=", "book")
    .where(availability === "available" ? sql<boolean>`books.copies > ${ON_LOAN}` : sql<boolean>`books.copies <= ${ON_LOAN}`);
}

/** One page of entries in title order, each with its copies on loan and its programme's name. */
async function pageOf(base: Base, page: number, limit: number) {
  const rows = base
    .leftJoin("programmes", "programmes.id", "books.programme_id")
    .selectAll("books")
    .select(["programmes.name as programme_name", ON_LOAN.as("on_loan")])
    .orderBy(sql`lower(books.title)`)
    .orderBy("books.id");
  const found = await pageWithTotal(base, rows, { page, limit });
  return { rows: found.rows as ListedRow[], pagination: found.pagination };
}

// ————— the office —————

/** The counters above the office's catalogue, its filters' choices and the issue form's default due date. */
export async function libraryOverview(deps: Pick<AppDeps, "db" | "now">) {
  const today = await instituteToday(deps);
  const [counts, categories, programmes] = await Promise.all([
    sql<{ titles: number; copies: number; on_loan: number; overdue: number }>`
      select
        (select count(*) from books where archived = 0) as titles,
        (select coalesce(sum(copies), 0) from books where archived = 0 and kind = 'book') as copies,
        (select count(*) from book_loans where returned_at is null) as on_loan,
        (select count(*) from book_loans where returned_at is null and due_on < ${today}) as overdue`
      .execute(deps.db)
      .then((r) => r.rows[0]!),
    deps.db
      .selectFrom("books")
      .select("category")
      .distinct()
      .where("category", "is not", null)
      .where("archived", "=", 0)
      .orderBy("category")
      .execute(),
    deps.db.selectFrom("programmes").select(["id", "name"]).where("archived", "=", 0).orderBy("sort_order").orderBy("name").execute(),
  ]);
  const onLoan = Number(counts.on_loan);
  return {
    counts: {
      titles: Number(counts.titles),
      copiesAvailable: Math.max(0, Number(counts.copies) - onLoan),
      onLoan,
      overdue: Number(counts.overdue),
    },
    categories: categories.map((c) => c.category!),
    programmes,
    today,
    defaultDueOn: addDays(today, LOAN_DAYS),
    latestDueOn: addDays(today, LOAN_MAX_DAYS),
  };
}

/** The office's catalogue: searched and filtered by the server, a page at a time. */
export async function listItems(deps: Pick<AppDeps, "db">, query: ItemListQuery) {
  let base = fromBooks(deps.db).where("books.archived", "=", query.status === "archived" ? 1 : 0);
  if (query.kind !== "all") base = base.where("books.kind", "=", query.kind);
  if (query.category) base = base.where("books.category", "=", query.category);
  base = byAvailability(searched(base, query.search), query.availability);
  const { rows, pagination } = await pageOf(base, query.page, query.limit);
  return { items: rows.map(toOfficeItem), pagination };
}

async function findItem(db: DB, id: number): Promise<ListedRow> {
  const row = await fromBooks(db)
    .leftJoin("programmes", "programmes.id", "books.programme_id")
    .selectAll("books")
    .select(["programmes.name as programme_name", ON_LOAN.as("on_loan")])
    .where("books.id", "=", id)
    .executeTakeFirst();
  if (!row) throw itemNotFound();
  return row as ListedRow;
}

/** One entry per ISBN: a second copy of a title is a copy, not a new entry. */
async function assertIsbnFree(db: DB, isbn: string | undefined, exceptId?: number) {
  if (!isbn) return;
  await holdValue(db, "books.isbn", isbn);
  const other = await db.selectFrom("books").select(["id", "title"]).where("isbn", "=", isbn).executeTakeFirst();
  if (other && other.id !== exceptId) throw fieldError("CONFLICT", "isbn", text.t("rule.isbnTaken", { title: other.title }));
}

async function assertProgramme(db: DB, programmeId: number | null) {
  if (programmeId === null) return;
  const found = await db.selectFrom("programmes").select("id").where("id", "=", programmeId).executeTakeFirst();
  if (!found) throw fieldError("BAD_REQUEST", "programmeId", text.t("rule.programme"));
}

/** The columns every entry has, from its form. */
const described = (form: Omit<BookForm, "copies" | "shelf">) => ({
  title: form.title,
  author: form.author ?? null,
  isbn: form.isbn ?? null,
  publisher: form.publisher ?? null,
  year: form.year,
  category: form.category ?? null,
});

/** Each stored column's form field, for the activity log's "changed" list. */
const FIELD_OF: Partial<Record<keyof Book, string>> = {
  title: "title",
  author: "author",
  isbn: "isbn",
  publisher: "publisher",
  year: "year",
  category: "category",
  copies: "copies",
  shelf: "shelf",
  programme_id: "programmeId",
  url: "url",
};

async function recordNew(
  deps: AppDeps,
  actorId: number,
  values: Omit<Book, "id" | "archived" | "created_at" | "updated_at">,
  meta: SessionMeta,
) {
  const now = deps.now();
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    await assertIsbnFree(trx, values.isbn ?? undefined);
    await assertProgramme(trx, values.programme_id);
    const row = await trx
      .insertInto("books")
      .values({ ...values, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "book.create",
      entityType: "book",
      entityId: row.id,
      details: { title: row.title, kind: row.kind },
      ip: meta.ip,
    });
    return row;
  });
  const item = await findItem(deps.db, row.id);
  return {
    message: text.t(row.kind === "book" ? "said.bookAdded" : "said.eresourceAdded", { title: row.title }),
    item: toOfficeItem(item),
  };
}

/** A printed book, or an e-resource that is a link. */
export async function createItem(deps: AppDeps, actorId: number, input: ItemCreateInput, meta: SessionMeta = {}) {
  const none = { stored_name: null, file_name: null, size_bytes: null };
  if (input.kind === "book")
    return recordNew(
      deps,
      actorId,
      { kind: "book", ...described(input), copies: input.copies!, shelf: input.shelf ?? null, programme_id: null, url: null, ...none },
      meta,
    );
  return recordNew(
    deps,
    actorId,
    { kind: "eresource", ...described(input), copies: 1, shelf: null, programme_id: input.programmeId, url: input.url, ...none },
    meta,
  );
}

const checkedPdf = (file: unknown) =>
  requiredPdf(file, { field: "file", label: text.t("form.file"), maxBytes: ERESOURCE_MAX_BYTES, missing: text.t("rule.file") });

/** An e-resource that is a PDF (multipart upload: content-checked, at most ERESOURCE_MAX_BYTES). */
export async function addEresourceFile(deps: AppDeps, actorId: number, fields: EresourceFields, file: unknown, meta: SessionMeta = {}) {
  await assertProgramme(deps.db, fields.programmeId);
  await assertIsbnFree(deps.db, fields.isbn);
  const checked = await checkedPdf(file);
  return storeThenRecord(fileStore(deps.env), "documents", "pdf", checked.bytes, (stored) =>
    recordNew(
      deps,
      actorId,
      {
        kind: "eresource",
        ...described(fields),
        copies: 1,
        shelf: null,
        programme_id: fields.programmeId,
        url: null,
        stored_name: stored,
        file_name: checked.originalName,
        size_bytes: checked.bytes.length,
      },
      meta,
    ),
  );
}

/** A new PDF for an e-resource (a link becomes a PDF); the old file goes once the row no longer names it. */
export async function replaceEresourceFile(deps: AppDeps, actorId: number, id: number, file: unknown, meta: SessionMeta = {}) {
  const current = await findItem(deps.db, id);
  if (current.kind !== "eresource") throw itemNotFound();
  const checked = await checkedPdf(file);
  const files = fileStore(deps.env);
  const now = deps.now();
  // The row is swapped only from the file it named when read (compare and set), so of two replacements at
  // once each removes exactly the file it replaced, and none is left on disk unnamed; a lost race reads again.
  const replaced = await storeThenRecord(files, "documents", "pdf", checked.bytes, async (stored) => {
    for (;;) {
      const swapped = await deps.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("books").select("stored_name").where("id", "=", id).executeTakeFirst();
        if (!row) throw itemNotFound();
        const before = row.stored_name;
        const { numUpdatedRows } = await trx
          .updateTable("books")
          .set({
            stored_name: stored,
            file_name: checked.originalName,
            size_bytes: checked.bytes.length,
            url: null,
            updated_at: now.toISOString(),
          })
          .where("id", "=", id)
          .where("stored_name", before === null ? "is" : "=", before)
          .executeTakeFirst();
        if (numUpdatedRows === 0n) return null;
        await audit(trx, now, {
          actorUserId: actorId,
          action: "book.update",
          entityType: "book",
          entityId: id,
          details: { title: current.title, changed: ["file"], file: checked.originalName },
          ip: meta.ip,
        });
        return { before };
      });
      if (swapped) return swapped.before;
    }
  });
  await files.remove("documents", [replaced]);
  return { message: text.t("said.fileReplaced", { title: current.title }), item: toOfficeItem(await findItem(deps.db, id)) };
}

/**
 * Saves an entry. A book keeps at least as many copies as are on loan. An e-resource given a link becomes
 * that link (its PDF is removed); one without a link keeps its PDF.
 */
export async function updateItem(deps: AppDeps, actorId: number, input: ItemUpdateInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const { row, dropFile } = await deps.db.transaction().execute(async (trx) => {
    // Held on PostgreSQL until the save ends (the entry's own row: the nullable side of findItem's join cannot be).
    await trx.selectFrom("books").select("id").where("id", "=", input.id).$call(heldForChange(trx)).executeTakeFirst();
    const current = await findItem(trx, input.id);
    // Two people editing one entry: the second save would undo the first without a word (walk 16b: copies 3 → 1).
    if (input.version !== undefined && input.version !== itemVersion(current))
      throw new AppError("CONFLICT", text.t("rule.changedMeanwhile"));
    if (current.kind !== input.kind) throw new AppError("BAD_REQUEST", text.t("rule.kind"));
    await assertIsbnFree(trx, input.isbn, input.id);
    let next: Partial<Book>;
    let dropFile: string | null = null;
    if (input.kind === "book") {
      const onLoan = Number(current.on_loan);
      if (input.copies! < onLoan) throw fieldError("BAD_REQUEST", "copies", text.t("rule.copiesOnLoan", { count: onLoan }));
      next = { ...described(input), copies: input.copies!, shelf: input.shelf ?? null };
    } else {
      await assertProgramme(trx, input.programmeId);
      if (!input.url && !current.stored_name) throw fieldError("BAD_REQUEST", "url", text.t("rule.url"));
      next = { ...described(input), programme_id: input.programmeId };
      if (input.url) {
        next = { ...next, url: input.url, stored_name: null, file_name: null, size_bytes: null };
        dropFile = current.stored_name;
      }
    }
    const changed = changedFields(next, current)
      .filter((k) => FIELD_OF[k])
      .map((k) => FIELD_OF[k]!);
    const row = await trx
      .updateTable("books")
      .set({ ...next, updated_at: now.toISOString() })
      .where("id", "=", input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "book.update",
      entityType: "book",
      entityId: input.id,
      details: { title: row.title, changed },
      ip: meta.ip,
    });
    return { row, dropFile };
  });
  await fileStore(deps.env).remove("documents", [dropFile]);
  return { message: text.t("said.saved", { title: row.title }), item: toOfficeItem(await findItem(deps.db, row.id)) };
}

/** Archived: off the students' catalogue and not lent; a book with copies on loan is received back first. */
export async function setItemArchived(deps: AppDeps, actorId: number, input: { id: number; archived: boolean }, meta: SessionMeta = {}) {
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await findItem(trx, input.id);
    const onLoan = Number(current.on_loan);
    if (input.archived && current.kind === "book" && onLoan > 0)
      throw new AppError("CONFLICT", text.t("rule.archiveOnLoan", { title: current.title, count: onLoan }));
    return setArchivedFlag(
      trx,
      now,
      { table: "books", id: input.id, archived: input.archived },
      { actorUserId: actorId, ip: meta.ip, details: (row) => ({ title: row.title }) },
    );
  });
  return {
    message: text.t(input.archived ? "said.archived" : "said.restored", { title: row.title }),
    item: toOfficeItem(await findItem(deps.db, row.id)),
  };
}

// ————— students —————

/** What a student may see: listed books, and listed e-resources for every student or for their programme. */
function visibleTo(base: Base, programmeId: number | null): Base {
  return base
    .where("books.archived", "=", 0)
    .where((eb) =>
      eb.or([
        eb("books.kind", "=", "book"),
        eb("books.programme_id", "is", null),
        ...(programmeId === null ? [] : [eb("books.programme_id", "=", programmeId)]),
      ]),
    );
}

const programmeOf = async (db: DB, userId: number) =>
  (await db.selectFrom("users").select("programme_id").where("id", "=", userId).executeTakeFirst())?.programme_id ?? null;

/** The student's catalogue: what they may borrow (with copies on the shelf) or read. */
export async function studentCatalogue(deps: Pick<AppDeps, "db">, userId: number, query: CatalogueQuery) {
  let base = visibleTo(fromBooks(deps.db), await programmeOf(deps.db, userId));
  if (query.kind !== "all") base = base.where("books.kind", "=", query.kind);
  base = byAvailability(searched(base, query.search), query.availability);
  const { rows, pagination } = await pageOf(base, query.page, query.limit);
  return { items: rows.map(toItem), pagination };
}

/**
 * An e-resource's PDF for download: the office always; a student only while it is listed and meant for
 * every student or for their programme. Anyone else is told it does not exist.
 */
export async function eresourceFile(deps: Pick<AppDeps, "db" | "env">, viewer: Pick<User, "id" | "role">, id: number) {
  const row = await deps.db
    .selectFrom("books")
    .select(["stored_name", "file_name", "archived", "programme_id", "title"])
    .where("id", "=", id)
    .where("kind", "=", "eresource")
    .executeTakeFirst();
  if (!row?.stored_name) throw itemNotFound();
  // Anyone but the office is a reader (an unknown role too): only listed e-resources meant for them.
  if (!isOffice(viewer.role)) {
    if (row.archived === 1) throw itemNotFound();
    if (row.programme_id !== null && row.programme_id !== (await programmeOf(deps.db, viewer.id))) throw itemNotFound();
  }
  return { area: "documents" as const, file: row.stored_name, name: row.file_name ?? `${row.title}.pdf` };
}

/**
 * The student dashboard's library block (the lead's integration): books on loan now, those due within
 * three days (DUE_SOON_DAYS, soonest first) and how many are overdue, on `today` (YYYY-MM-DD, the institute's day). One
 * query through the book_loans_user index (user_id, returned_at, due_on).
 */
export async function libraryFor(db: DB, userId: number, today: string) {
  const rows = await db
    .selectFrom("book_loans")
    .innerJoin("books", "books.id", "book_loans.book_id")
    .select(["books.title", "book_loans.due_on"])
    .where("book_loans.user_id", "=", userId)
    .where("book_loans.returned_at", "is", null)
    .orderBy("book_loans.due_on")
    .execute();
  return {
    onLoan: rows.length,
    dueSoon: rows.filter((r) => loanStanding(r.due_on, today) === "dueSoon").map((r) => ({ title: r.title, dueOn: r.due_on })),
    overdue: rows.filter((r) => loanStanding(r.due_on, today) === "overdue").length,
  };
}
