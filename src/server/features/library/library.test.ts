import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { sql } from "kysely";
import { isPostgres } from "../../../../db/connection.ts";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import { loanStanding, normaliseIsbn } from "../../../shared/schemas/library.ts";
import { dataPaths } from "../../platform/storage.ts";
import { executableBytes, fileOf, pdfBytes } from "../../test-files.ts";
import { atOnce, callerFor, createTestDeps, createUser, indexNames, type TestDeps, testApp } from "../../testing.ts";
import { startLibraryReminders } from "../../workers.ts";
import { updateStudentRecord } from "../accounts/accounts.repository.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";
import { libraryFor } from "./library.service.ts";
import { reminderGap, sendOverdueReminders } from "./loans.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let programmeId: number;
let otherProgrammeId: number;

const person = async (role: "admin" | "staff" | "student", extra: Record<string, unknown> = {}) => {
  const user = await createUser(deps, { role, ...extra });
  const token = await createSession(deps, user.id);
  return { id: user.id, token, call: callerFor(deps, await resolveSession(deps, token)) };
};
type Person = Awaited<ReturnType<typeof person>>;
let staff: Person;
let asha: Person; // programme A
let ravi: Person; // programme A
let meera: Person; // programme B

async function studentOf(programme: number, studentId: string, extra: Record<string, unknown> = {}) {
  const p = await person("student", { student_id: studentId, name: `Student ${studentId}`, ...extra });
  await updateStudentRecord(deps.db, p.id, { programme_id: programme }, deps.now().toISOString());
  return p;
}

const BOOK = {
  kind: "book" as const,
  title: "Principles of Accounting",
  author: "R. L. Gupta",
  isbn: "978-0-306-40615-7",
  publisher: "Sultan Chand",
  year: "2019",
  category: "Commerce",
  copies: "2",
  shelf: "C-12",
};

const req = (method: string, path: string, token?: string, body?: BodyInit) =>
  app.request(path, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, body });

/** A PDF e-resource through the office's multipart upload. */
async function uploadEresource(
  token: string,
  fields: Record<string, string>,
  bytes: Uint8Array<ArrayBuffer> = pdfBytes(),
  name = "notes.pdf",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", fileOf(bytes, name, "application/pdf"));
  return req("POST", "/api/library/eresources", token, form);
}

const auditActions = async () => (await deps.db.selectFrom("audit_log").select("action").orderBy("id").execute()).map((r) => r.action);

beforeEach(async () => {
  await loadAllCatalogues();
  deps = await createTestDeps();
  app = testApp(deps);
  const at = deps.now().toISOString();
  const add = async (name: string, slug: string) =>
    (
      await deps.db
        .insertInto("programmes")
        .values({
          slug,
          name,
          level: "ug",
          duration_months: 36,
          fee_period: "semester",
          fee_paise: null,
          seats: null,
          university: null,
          eligibility: null,
          summary: null,
          syllabus_file: null,
          syllabus_name: null,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  programmeId = await add("Bachelor of Commerce (test)", "bcom-test");
  otherProgrammeId = await add("Bachelor of Arts (test)", "ba-test");
  staff = await person("staff");
  asha = await studentOf(programmeId, "STU0201");
  ravi = await studentOf(programmeId, "STU0202");
  meera = await studentOf(otherProgrammeId, "STU0203");
});

describe("ISBN", () => {
  test("10 and 13 digits with their check digit; hyphens and spaces dropped; X only last in ISBN-10", () => {
    expect(normaliseIsbn("978-0-306-40615-7")).toBe("9780306406157");
    expect(normaliseIsbn("0 306 40615 2")).toBe("0306406152");
    expect(normaliseIsbn("0-8044-2957-x")).toBe("080442957X");
    expect(normaliseIsbn("978-0-306-40615-8")).toBe("check");
    expect(normaliseIsbn("0306406153")).toBe("check");
    expect(normaliseIsbn("12345")).toBe("format");
    expect(normaliseIsbn("97803064061X7")).toBe("format");
  });

  test("the form refuses a wrong ISBN on its field and one already in the catalogue", async () => {
    await expect(staff.call.library.create({ ...BOOK, isbn: "978-0-306-40615-8" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This ISBN's check digit does not match: please check it for a typing mistake.",
    });
    await expect(staff.call.library.create({ ...BOOK, isbn: "ISBN 12" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { item } = await staff.call.library.create(BOOK);
    expect(item.isbn).toBe("9780306406157");
    await expect(staff.call.library.create({ ...BOOK, title: "Another", isbn: "9780306406157" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This ISBN is already in the library as Principles of Accounting: add copies to that entry instead.",
    });
  });
});

describe("the catalogue", () => {
  test("books and e-resources: added, searched by title, author or ISBN (with hyphens), filtered, paginated and counted", async () => {
    const accounting = (await staff.call.library.create(BOOK)).item;
    const law = (
      await staff.call.library.create({ ...BOOK, title: "Business Law", author: "N. D. Kapoor", isbn: "", category: "Law", copies: "1" })
    ).item;
    await staff.call.library.create({
      kind: "eresource",
      title: "Open Textbook of Economics",
      author: "",
      isbn: "",
      publisher: "",
      year: "",
      category: "Economics",
      programmeId: null,
      url: "https://example.org/economics",
    });
    expect(accounting).toMatchObject({ kind: "book", copies: 2, available: 2, onLoan: 0, shelf: "C-12", year: 2019, archived: false });

    const items = (q: Record<string, unknown> = {}) => staff.call.library.items({ page: 1, limit: 10, ...q });
    expect((await items()).items.map((i) => i.title)).toEqual(["Business Law", "Open Textbook of Economics", "Principles of Accounting"]);
    expect((await items({ search: "kapoor" })).items.map((i) => i.title)).toEqual(["Business Law"]);
    expect((await items({ search: "0-306-40615" })).items.map((i) => i.title)).toEqual(["Principles of Accounting"]);
    expect((await items({ kind: "eresource" })).items.map((i) => i.title)).toEqual(["Open Textbook of Economics"]);
    expect((await items({ category: "Law" })).items.map((i) => i.title)).toEqual(["Business Law"]);
    const page2 = await items({ limit: 2, page: 2 });
    expect(page2.items.map((i) => i.title)).toEqual(["Principles of Accounting"]);
    expect(page2.pagination).toEqual({ totalItems: 3, totalPages: 2, currentPage: 2, limit: 2 });

    await staff.call.library.issue({ bookId: law.id, studentId: "stu0201", dueOn: "" });
    expect((await items({ availability: "out" })).items.map((i) => i.title)).toEqual(["Business Law"]);
    expect((await items({ availability: "available" })).items.map((i) => i.title)).toEqual(["Principles of Accounting"]);

    const overview = await staff.call.library.overview();
    expect(overview.counts).toEqual({ titles: 3, copiesAvailable: 2, onLoan: 1, overdue: 0 });
    expect(overview.categories).toEqual(["Commerce", "Economics", "Law"]);
    expect(overview).toMatchObject({ today: "2026-11-22", defaultDueOn: "2026-12-06" });
    expect(overview.programmes.map((p) => p.name)).toContain("Bachelor of Arts (test)");
  });

  test("a link e-resource must be https; a PDF one is checked by content and size, stored, and listed with its download path", async () => {
    const link = {
      kind: "eresource" as const,
      title: "Web",
      author: "",
      isbn: "",
      publisher: "",
      year: "",
      category: "",
      programmeId: null,
    };
    await expect(staff.call.library.create({ ...link, url: "http://example.org" })).rejects.toMatchObject({
      message: "Only secure https:// addresses can be shared with students.",
    });
    const notPdf = await uploadEresource(staff.token, { title: "Program" }, executableBytes(), "notes.pdf");
    expect(notPdf.status).toBe(400);
    expect((await notPdf.json()).errors.file).toBeDefined();
    const huge = new Uint8Array(25 * 1024 * 1024 + 10);
    huge.set(pdfBytes());
    expect((await uploadEresource(staff.token, { title: "Huge" }, huge)).status).toBe(413);
    // A real-sized PDF (2 MB) is within the e-resources' body limit (it was held to the 1 MB JSON limit).
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(pdfBytes());
    big.set(new TextEncoder().encode("\n%%EOF\n"), big.length - 8);
    const bigUpload = await uploadEresource(staff.token, { title: "Big notes" }, big);
    expect(bigUpload.status).toBe(201);
    await deps.db.deleteFrom("books").execute();
    expect((await uploadEresource(staff.token, { title: "" })).status).toBe(400);
    expect((await uploadEresource(staff.token, { title: "X", programmeId: "999999" })).status).toBe(400);
    expect(await deps.db.selectFrom("books").select("id").execute()).toEqual([]);

    const res = await uploadEresource(staff.token, {
      title: "Cost Accounting Notes",
      category: "Commerce",
      programmeId: String(programmeId),
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.message).toBe("The e-resource Cost Accounting Notes was added.");
    expect(data.item).toMatchObject({
      kind: "eresource",
      source: "file",
      fileName: "notes.pdf",
      programmeName: "Bachelor of Commerce (test)",
      url: `/api/library/eresources/${data.item.id}/file`,
      copies: null,
      available: null,
    });
    const row = await deps.db.selectFrom("books").selectAll().where("id", "=", data.item.id).executeTakeFirstOrThrow();
    expect(existsSync(`${dataPaths(deps.env.dataDir).documents}/${row.stored_name}`)).toBe(true);
    // Only the office uploads.
    expect((await uploadEresource(asha.token, { title: "Mine" })).status).toBe(403);
  }, 60_000); // moves 27 MB of uploads through the app (a 25 MB refusal, a 2 MB PDF): 29 s on one slow afternoon (stop 62)

  test("two people editing one entry: a save from a form filled before a colleague's is refused and undoes nothing; a loan meanwhile is no change (walk 16b)", async () => {
    const { item: book } = await staff.call.library.create(BOOK);
    const opened = book.version;
    await staff.call.library.update({ ...BOOK, id: book.id, version: opened, copies: "3" });
    await expect(staff.call.library.update({ ...BOOK, id: book.id, version: opened, shelf: "R2" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Someone else changed this entry after you opened the form"),
    });
    const { item: now } = await staff.call.library.update({ ...BOOK, id: book.id, copies: "3" });
    expect(now.copies).toBe(3);
    await staff.call.library.issue({ bookId: book.id, studentId: "STU0201", dueOn: null });
    const saved = await staff.call.library.update({ ...BOOK, id: book.id, version: now.version, copies: "3", shelf: "R2" });
    expect(saved.item).toMatchObject({ copies: 3, shelf: "R2", onLoan: 1 });
  });

  test("edits: copies never below those on loan; a PDF replaced or turned into a link (its file removed); archive and restore", async () => {
    const { item: book } = await staff.call.library.create(BOOK);
    await staff.call.library.issue({ bookId: book.id, studentId: "STU0201", dueOn: null });
    await staff.call.library.issue({ bookId: book.id, studentId: "STU0202", dueOn: null });
    await expect(staff.call.library.update({ ...BOOK, id: book.id, copies: "1" })).rejects.toMatchObject({
      message: "2 copies are on loan: the library must keep at least 2.",
    });
    const saved = await staff.call.library.update({ ...BOOK, id: book.id, copies: "3", shelf: "" });
    expect(saved.item).toMatchObject({ copies: 3, onLoan: 2, available: 1, shelf: null });
    await expect(staff.call.library.setArchived({ id: book.id, archived: true })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "2 copies of Principles of Accounting are on loan: receive them back before archiving the book.",
    });
    await expect(
      staff.call.library.update({ ...BOOK, id: book.id, kind: "eresource", programmeId: null, url: "https://x.example" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });

    const up = await (await uploadEresource(staff.token, { title: "Notes" })).json();
    const id = up.data.item.id as number;
    const docs = dataPaths(deps.env.dataDir).documents;
    const first = (await deps.db.selectFrom("books").select("stored_name").where("id", "=", id).executeTakeFirstOrThrow()).stored_name!;
    const form = new FormData();
    form.append("file", fileOf(pdfBytes(), "notes-v2.pdf", "application/pdf"));
    const replaced = await req("POST", `/api/library/eresources/${id}/file`, staff.token, form);
    expect(replaced.status).toBe(200);
    expect((await replaced.json()).data.item.fileName).toBe("notes-v2.pdf");
    expect(existsSync(`${docs}/${first}`)).toBe(false);
    const second = (await deps.db.selectFrom("books").select("stored_name").where("id", "=", id).executeTakeFirstOrThrow()).stored_name!;
    // Two replacements at once: each removes the file it replaced, so no file is left that no row names.
    const before = new Set(readdirSync(docs));
    const upload = (name: string) => {
      const body = new FormData();
      body.append("file", fileOf(pdfBytes(), name, "application/pdf"));
      return req("POST", `/api/library/eresources/${id}/file`, staff.token, body);
    };
    expect((await Promise.all([upload("notes-v3.pdf"), upload("notes-v4.pdf")])).map((r) => r.status)).toEqual([200, 200]);
    const latest = (await deps.db.selectFrom("books").select("stored_name").where("id", "=", id).executeTakeFirstOrThrow()).stored_name!;
    expect(readdirSync(docs).filter((name) => !before.has(name))).toEqual([latest]);
    expect(existsSync(`${docs}/${second}`)).toBe(false);
    const eresource = { title: "Notes", author: "", isbn: "", publisher: "", year: "", category: "", programmeId: null };
    // Without an address, the PDF stays; with one, it becomes a link.
    expect((await staff.call.library.update({ ...eresource, id, kind: "eresource", url: "" })).item.source).toBe("file");
    const linked = await staff.call.library.update({ ...eresource, id, kind: "eresource", url: "https://example.org/notes" });
    expect(linked.item).toMatchObject({ source: "link", url: "https://example.org/notes", fileName: null });
    expect(existsSync(`${docs}/${latest}`)).toBe(false);
    await expect(staff.call.library.update({ ...eresource, id, kind: "eresource", url: "" })).rejects.toMatchObject({
      message: "Enter the full web address, starting with https://",
    });

    expect((await staff.call.library.setArchived({ id, archived: true })).item.archived).toBe(true);
    expect((await staff.call.library.items({ page: 1, limit: 10, status: "archived" })).items.map((i) => i.id)).toEqual([id]);
    expect((await staff.call.library.setArchived({ id, archived: false })).message).toBe("Notes is back in the library.");
    expect(await auditActions()).toEqual([
      "book.create",
      "book.issue",
      "book.issue",
      "book.update",
      "book.create",
      "book.update",
      "book.update",
      "book.update",
      "book.update",
      "book.update",
      "book.archive",
      "book.restore",
    ]);
  });
});

describe("loans", () => {
  test("two desks lending the last copy at once: one loan, the other told it is out (on PostgreSQL too)", async () => {
    const { item } = await staff.call.library.create({ ...BOOK, copies: "1" });
    const lent = await Promise.allSettled([
      staff.call.library.issue({ bookId: item.id, studentId: "STU0201", dueOn: null }),
      staff.call.library.issue({ bookId: item.id, studentId: "STU0202", dueOn: null }),
    ]);
    expect(lent.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const out = await deps.db
      .selectFrom("book_loans")
      .select("id")
      .where("book_id", "=", item.id)
      .where("returned_at", "is", null)
      .execute();
    expect(out).toHaveLength(1);
  });

  test("two desks receiving one book back at once: one return in the log, the other told it is back (race audit 3)", async () => {
    const { item } = await staff.call.library.create({ ...BOOK, copies: "1" });
    const { loan } = await staff.call.library.issue({ bookId: item.id, studentId: "STU0201", dueOn: null });
    const back = () => staff.call.library.returnLoan({ id: loan.id });
    const settled = await atOnce(deps.db, [back, back]);
    expect(settled.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const logged = await deps.db.selectFrom("audit_log").select("id").where("action", "=", "book.return").execute();
    expect(logged).toHaveLength(1);
  });

  test("one ISBN entered at two desks at once: one entry, the other told it is in the library (race audit 4)", async () => {
    const add = () => staff.call.library.create({ ...BOOK, isbn: "9780306406157" });
    const settled = await atOnce(deps.db, [add, add, add]);
    expect(settled.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(settled.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await deps.db.selectFrom("books").select("id").where("isbn", "=", "9780306406157").execute()).toHaveLength(1);
  });

  test("due 14 days from the institute's today by default (not UTC's), or the day chosen; refusals name what to fix", async () => {
    const { item } = await staff.call.library.create({ ...BOOK, copies: "1" });
    // 20:00 UTC on the 22nd is 01:30 on the 23rd in India.
    deps.advance(13.5 * 3_600_000);
    await expect(staff.call.library.issue({ bookId: item.id, studentId: "STU9999", dueOn: null })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "No student has the Student ID STU9999.",
    });
    await expect(staff.call.library.issue({ bookId: item.id, studentId: "STU0201", dueOn: "2026-11-22" })).rejects.toMatchObject({
      message: "The due date cannot be before today.",
    });
    await expect(staff.call.library.issue({ bookId: item.id, studentId: "STU0201", dueOn: "2028-01-01" })).rejects.toMatchObject({
      message: "A book is lent for at most a year: choose a due date on or before 23 Nov 2027.",
    });
    await expect(staff.call.library.issue({ bookId: item.id, studentId: "STU0201", dueOn: "2026-02-30" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const issued = await staff.call.library.issue({ bookId: item.id, studentId: "stu0201", dueOn: "" });
    expect(issued.loan.dueOn).toBe("2026-12-07");
    expect(issued.message).toBe("Principles of Accounting was lent to Student STU0201 (STU0201), due back on 7 Dec 2026.");
    // One copy only: the next student is refused; the same student already holds it.
    await expect(staff.call.library.issue({ bookId: item.id, studentId: "STU0202", dueOn: null })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The only copy of Principles of Accounting is on loan.",
    });
    await staff.call.library.update({ ...BOOK, id: item.id, copies: "3" });
    await expect(staff.call.library.issue({ bookId: item.id, studentId: "STU0201", dueOn: null })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Student STU0201 (STU0201) already has a copy of Principles of Accounting, due back on 7 Dec 2026.",
    });
    // An inactive student borrows nothing.
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", ravi.id).execute();
    await expect(staff.call.library.issue({ bookId: item.id, studentId: "STU0202", dueOn: null })).rejects.toMatchObject({
      message: "Student STU0202 (STU0202) is inactive: books are lent to active students only.",
    });
    expect((await staff.call.library.issue({ bookId: item.id, studentId: "STU0203", dueOn: "2026-12-31" })).loan.dueOn).toBe("2026-12-31");
    // The office never lends to an account that is not a student's.
    await deps.db.updateTable("users").set({ student_id: "ADM0001" }).where("id", "=", staff.id).execute();
    await expect(staff.call.library.issue({ bookId: item.id, studentId: "ADM0001", dueOn: null })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    // E-resources and archived books are not lent.
    const link = await staff.call.library.create({
      kind: "eresource",
      title: "Web",
      author: "",
      isbn: "",
      publisher: "",
      year: "",
      category: "",
      programmeId: null,
      url: "https://example.org",
    });
    await expect(staff.call.library.issue({ bookId: link.item.id, studentId: "STU0202", dueOn: null })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("returned: marked with the time and who received it; out, overdue and returned lists; the student's loans and history", async () => {
    const a = (await staff.call.library.create({ ...BOOK, copies: "2" })).item;
    const b = (await staff.call.library.create({ ...BOOK, title: "Business Law", isbn: "", copies: "1" })).item;
    const c = (await staff.call.library.create({ ...BOOK, title: "Cost Accounting", isbn: "", copies: "1" })).item;
    const first = await staff.call.library.issue({ bookId: a.id, studentId: "STU0201", dueOn: "2026-11-24" });
    await staff.call.library.issue({ bookId: b.id, studentId: "STU0201", dueOn: "2026-11-30" });
    await staff.call.library.issue({ bookId: c.id, studentId: "STU0201", dueOn: "2026-12-10" });
    await staff.call.library.issue({ bookId: a.id, studentId: "STU0202", dueOn: null });
    // Three days later, the first is overdue and the second due soon.
    deps.advance(3 * 86_400_000);
    const mine = await asha.call.library.mine();
    expect(mine.today).toBe("2026-11-25");
    expect(mine.loans.map((l) => [l.title, l.dueOn, l.standing])).toEqual([
      ["Principles of Accounting", "2026-11-24", "overdue"],
      ["Business Law", "2026-11-30", "onTime"],
      ["Cost Accounting", "2026-12-10", "onTime"],
    ]);
    deps.advance(2 * 86_400_000);
    expect((await asha.call.library.mine()).loans.map((l) => l.standing)).toEqual(["overdue", "dueSoon", "onTime"]);
    expect(await libraryFor(deps.db, asha.id, "2026-11-27")).toEqual({
      onLoan: 3,
      dueSoon: [{ title: "Business Law", dueOn: "2026-11-30" }],
      overdue: 1,
    });

    const loans = (status: "out" | "overdue" | "returned" | "all", extra: Record<string, unknown> = {}) =>
      staff.call.library.loans({ page: 1, limit: 10, status, ...extra });
    expect((await loans("overdue")).loans.map((l) => [l.title, l.student.studentId])).toEqual([["Principles of Accounting", "STU0201"]]);
    expect((await loans("out")).pagination.totalItems).toBe(4);
    expect((await loans("out", { search: "STU0202" })).loans.map((l) => l.student.name)).toEqual(["Student STU0202"]);

    const back = await staff.call.library.returnLoan({ id: first.loan.id });
    expect(back.message).toBe("Principles of Accounting was received back from Student STU0201.");
    const row = await deps.db.selectFrom("book_loans").selectAll().where("id", "=", first.loan.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ returned_at: deps.now().toISOString(), received_by: staff.id });
    await expect(staff.call.library.returnLoan({ id: first.loan.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(staff.call.library.returnLoan({ id: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await loans("overdue")).pagination.totalItems).toBe(0);
    expect((await loans("returned")).loans.map((l) => [l.title, l.returnedAt])).toEqual([["Principles of Accounting", row.returned_at]]);
    expect((await loans("all", { limit: 2 })).pagination).toEqual({ totalItems: 4, totalPages: 2, currentPage: 1, limit: 2 });
    // The copy is back on the shelf; the student's history shows it.
    expect((await staff.call.library.items({ page: 1, limit: 10, search: "Principles" })).items[0]).toMatchObject({ available: 1 });
    const history = await asha.call.library.history({ page: 1, limit: 5 });
    expect(history.loans.map((l) => l.title)).toEqual(["Principles of Accounting"]);
    // Lent and returned also on the institute's clock (India), for the screens (decision 023, third round).
    const onClock = { issuedLocal: "2026-11-22T12:00", returnedLocal: "2026-11-27T12:00" };
    expect((await loans("returned")).loans[0]).toMatchObject(onClock);
    expect(history.loans[0]).toMatchObject(onClock);
    expect((await asha.call.library.mine()).loans).toHaveLength(2);
    // Another student's history and loans are not theirs.
    expect((await ravi.call.library.history({ page: 1, limit: 5 })).loans).toEqual([]);
    expect((await ravi.call.library.mine()).loans.map((l) => l.title)).toEqual(["Principles of Accounting"]);

    const audited = await deps.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "details"])
      .where("action", "in", ["book.issue", "book.return"])
      .execute();
    expect(audited).toHaveLength(5);
    expect(audited.at(-1)).toMatchObject({ action: "book.return", actor_user_id: staff.id });
    expect(JSON.parse(audited.at(-1)!.details)).toMatchObject({ title: "Principles of Accounting", studentId: "STU0201", late: true });
  });

  test("renewing (docs/studies/library.md): to 14 days from today, twice at most, never when overdue or to an earlier day; a student renews only their own", async () => {
    const a = (await staff.call.library.create({ ...BOOK, copies: "2" })).item;
    const b = (await staff.call.library.create({ ...BOOK, title: "Business Law", isbn: "", copies: "1" })).item;
    const c = (await staff.call.library.create({ ...BOOK, title: "Cost Accounting", isbn: "", copies: "1" })).item;
    const first = await staff.call.library.issue({ bookId: a.id, studentId: "STU0201", dueOn: "2026-11-25" });
    const far = await staff.call.library.issue({ bookId: b.id, studentId: "STU0201", dueOn: "2027-01-30" });
    const ravis = await staff.call.library.issue({ bookId: c.id, studentId: "STU0202", dueOn: "2026-11-23" });
    const mine = async () => (await asha.call.library.mine()).loans.map((l) => [l.title, l.renewals, l.renewable]);
    expect(await mine()).toEqual([
      ["Principles of Accounting", 0, true],
      ["Business Law", 0, false],
    ]);

    // Another student's loan is not theirs to renew: not found, as an unknown one.
    await expect(ravi.call.library.renewMine({ id: first.loan.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(asha.call.library.renewMine({ id: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Due later than a renewal would make it: refused, saying when it is due.
    await expect(asha.call.library.renewMine({ id: far.loan.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Business Law is already due back on 30 Jan 2027: renewing it today would not give it more time.",
    });

    // Today is 22 November: renewed to 6 December; again the same day gives no more time.
    const renewed = await asha.call.library.renewMine({ id: first.loan.id });
    expect(renewed).toEqual({
      message: "Principles of Accounting is now due back on 6 Dec 2026.",
      loan: { id: first.loan.id, dueOn: "2026-12-06" },
    });
    await expect(asha.call.library.renewMine({ id: first.loan.id })).rejects.toMatchObject({ code: "CONFLICT" });
    // Five days on, the office renews it a second time: 14 days from that day.
    deps.advance(5 * 86_400_000);
    expect((await staff.call.library.renew({ id: first.loan.id })).loan.dueOn).toBe("2026-12-11");
    // Renewed twice: neither the student nor the office renews it again.
    deps.advance(6 * 86_400_000);
    expect((await mine())[0]).toEqual(["Principles of Accounting", 2, false]);
    await expect(asha.call.library.renewMine({ id: first.loan.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "Principles of Accounting has been renewed 2 times already: bring it back to the library counter, where it can be lent again.",
    });
    await expect(staff.call.library.renew({ id: first.loan.id })).rejects.toMatchObject({ code: "CONFLICT" });
    // Overdue: back to the counter first, for the office too.
    await expect(ravi.call.library.renewMine({ id: ravis.loan.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Cost Accounting is past its due date: bring it back to the library counter, where it can be lent again.",
    });
    await expect(staff.call.library.renew({ id: ravis.loan.id })).rejects.toMatchObject({ code: "CONFLICT" });
    // Returned: nothing to renew.
    await staff.call.library.returnLoan({ id: ravis.loan.id });
    await expect(staff.call.library.renew({ id: ravis.loan.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Cost Accounting has already been returned.",
    });

    // The office's list shows the renewals; the stored loan says them too.
    const out = (await staff.call.library.loans({ page: 1, limit: 10, status: "out" })).loans;
    expect(out.map((l) => [l.title, l.dueOn, l.renewals, l.renewable])).toEqual([
      ["Principles of Accounting", "2026-12-11", 2, false],
      ["Business Law", "2027-01-30", 0, false],
    ]);
    const audited = await deps.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "details"])
      .where("action", "=", "book.renew")
      .orderBy("id")
      .execute();
    expect(audited.map((r) => [r.actor_user_id, JSON.parse(r.details)])).toEqual([
      [asha.id, { title: "Principles of Accounting", studentId: "STU0201", loanId: first.loan.id, due: "2026-12-06", self: true }],
      [staff.id, { title: "Principles of Accounting", studentId: "STU0201", loanId: first.loan.id, due: "2026-12-11", self: false }],
    ]);
  });

  test("standing of a loan and calendar days", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(loanStanding("2026-11-21", "2026-11-22")).toBe("overdue");
    expect(loanStanding("2026-11-22", "2026-11-22")).toBe("dueSoon");
    expect(loanStanding("2026-11-25", "2026-11-22")).toBe("dueSoon");
    expect(loanStanding("2026-11-26", "2026-11-22")).toBe("onTime");
  });
});

describe("what students see and download", () => {
  async function catalogue() {
    await staff.call.library.create({ ...BOOK, copies: "1" });
    const upload = async (title: string, programme: number | null) =>
      (await (await uploadEresource(staff.token, { title, programmeId: programme === null ? "" : String(programme) })).json()).data.item
        .id as number;
    return {
      forAll: await upload("Study Skills", null),
      forA: await upload("Ledger Practice", programmeId),
      forB: await upload("Indian Poetry", otherProgrammeId),
    };
  }

  test("the catalogue shows books and the e-resources meant for the student's programme or for everyone", async () => {
    await catalogue();
    const titles = async (p: Person, q: Record<string, unknown> = {}) =>
      (await p.call.library.catalogue({ page: 1, limit: 10, ...q })).items.map((i) => i.title);
    expect(await titles(asha)).toEqual(["Ledger Practice", "Principles of Accounting", "Study Skills"]);
    expect(await titles(meera)).toEqual(["Indian Poetry", "Principles of Accounting", "Study Skills"]);
    expect(await titles(asha, { kind: "eresource", search: "poetry" })).toEqual([]);
    expect(await titles(asha, { availability: "available" })).toEqual(["Principles of Accounting"]);
    await staff.call.library.issue({
      bookId: (await deps.db.selectFrom("books").select("id").where("kind", "=", "book").executeTakeFirstOrThrow()).id,
      studentId: "STU0203",
      dueOn: null,
    });
    expect(await titles(asha, { availability: "out" })).toEqual(["Principles of Accounting"]);
    // A student without a programme sees what is for everyone.
    const none = await person("student", { student_id: "STU0299" });
    expect(await titles(none)).toEqual(["Principles of Accounting", "Study Skills"]);
    // Students do not reach the office's procedures.
    await expect(asha.call.library.items({ page: 1, limit: 10 })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("downloads are authorised by the server: restricted and archived e-resources are a 404 to others; the office always", async () => {
    const { forAll, forA, forB } = await catalogue();
    const get = (id: number, token?: string) => req("GET", `/api/library/eresources/${id}/file`, token);
    const ok = await get(forA, asha.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/pdf");
    expect(ok.headers.get("cache-control")).toBe("private, no-store");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("content-disposition")).toContain("notes.pdf");
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(pdfBytes());
    expect((await get(forA, meera.token)).status).toBe(404);
    expect((await get(forB, asha.token)).status).toBe(404);
    expect((await get(forAll, meera.token)).status).toBe(200);
    expect((await get(forB, staff.token)).status).toBe(200);
    expect((await get(forA)).status).toBe(401);
    expect((await get(999_999, asha.token)).status).toBe(404);
    // A link has no file to download.
    const link = await staff.call.library.create({
      kind: "eresource",
      title: "Web",
      author: "",
      isbn: "",
      publisher: "",
      year: "",
      category: "",
      programmeId: null,
      url: "https://example.org",
    });
    expect((await get(link.item.id, asha.token)).status).toBe(404);
    await staff.call.library.setArchived({ id: forAll, archived: true });
    expect((await get(forAll, asha.token)).status).toBe(404);
    expect((await get(forAll, staff.token)).status).toBe(200);
    expect((await asha.call.library.catalogue({ page: 1, limit: 10 })).items.map((i) => i.title)).not.toContain("Study Skills");
    // A student moved to the other programme loses the first programme's e-resource.
    await updateStudentRecord(deps.db, asha.id, { programme_id: otherProgrammeId }, deps.now().toISOString());
    expect((await get(forA, asha.token)).status).toBe(404);
    expect((await get(forB, asha.token)).status).toBe(200);
  });
});

describe("the loans list at volume (walk 31b)", () => {
  test("all loans and the returned ones are read in their order's index, not sorted whole", async () => {
    if (isPostgres(deps.db)) {
      // PostgreSQL plans by table statistics (a seq scan wins on a few rows): the indexes are there for it.
      expect(await indexNames(deps.db)).toEqual(expect.arrayContaining(["book_loans_issued", "book_loans_returned"]));
      return;
    }
    const planOf = async (where: string, order: string) =>
      (
        await sql<{ detail: string }>`explain query plan select book_loans.id, books.title, users.name from book_loans
          inner join books on books.id = book_loans.book_id inner join users on users.id = book_loans.user_id
          ${sql.raw(where)} order by ${sql.raw(order)} limit 10 offset 20`.execute(deps.db)
      ).rows
        .map((r) => r.detail)
        .join(" | ");
    const all = await planOf("", "book_loans.issued_at desc, book_loans.id desc");
    expect(all).toContain("USING INDEX book_loans_issued");
    expect(all).not.toContain("TEMP B-TREE");
    const returned = await planOf("where book_loans.returned_at is not null", "book_loans.returned_at desc, book_loans.id desc");
    expect(returned).toContain("USING INDEX book_loans_returned");
    expect(returned).not.toContain("TEMP B-TREE");
  });
});

describe("overdue reminders", () => {
  test("in the portal and by e-mail in the student's language, less often as a book stays out; never for returned books", async () => {
    await deps.db
      .updateTable("users")
      .set({ preferences: JSON.stringify({ chosenLanguage: "hindi" }) })
      .where("id", "=", ravi.id)
      .execute();
    await deps.db
      .updateTable("users")
      .set({ preferences: JSON.stringify({ emailNotifications: false }) })
      .where("id", "=", meera.id)
      .execute();
    const a = (await staff.call.library.create({ ...BOOK, copies: "3" })).item;
    const b = (await staff.call.library.create({ ...BOOK, title: "Business Law", isbn: "", copies: "1" })).item;
    const ashaLoan = await staff.call.library.issue({ bookId: a.id, studentId: "STU0201", dueOn: "2026-11-23" });
    await staff.call.library.issue({ bookId: a.id, studentId: "STU0202", dueOn: "2026-11-23" });
    await staff.call.library.issue({ bookId: a.id, studentId: "STU0203", dueOn: "2026-11-23" });
    await staff.call.library.issue({ bookId: b.id, studentId: "STU0201", dueOn: "2026-12-20" });

    // Nothing is overdue yet.
    expect(await sendOverdueReminders(deps)).toEqual({ today: "2026-11-22", reminded: 0 });
    deps.advance(2 * 86_400_000);
    expect(await sendOverdueReminders(deps)).toEqual({ today: "2026-11-24", reminded: 3 });
    // The same day again: nothing more.
    deps.advance(3_600_000);
    expect((await sendOverdueReminders(deps)).reminded).toBe(0);

    const notes = await deps.db
      .selectFrom("notifications")
      .select(["recipient_user_id", "title", "kind", "params", "type", "link"])
      .execute();
    expect(notes.map((n) => n.recipient_user_id).sort()).toEqual([asha.id, ravi.id, meera.id].sort());
    expect(notes[0]).toMatchObject({
      kind: "library.overdue",
      type: "course",
      title: "Library book overdue: Principles of Accounting",
      link: "/student/library",
    });
    expect(JSON.parse(notes[0]!.params!)).toEqual({ title: "Principles of Accounting", due: "2026-11-23" });
    const mail = await deps.db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "text_body"])
      .where("template", "=", "student_alert")
      .execute();
    const emailOf = async (id: number) =>
      (await deps.db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
    // Meera keeps e-mail off: the portal only.
    expect(mail.map((m) => m.to_address).sort()).toEqual([await emailOf(asha.id), await emailOf(ravi.id)].sort());
    const ravisEmail = await emailOf(ravi.id);
    const hindi = mail.find((m) => m.to_address === ravisEmail)!;
    expect(hindi.subject).toBe("पुस्तकालय की पुस्तक की वापसी बाकी: Principles of Accounting");
    expect(hindi.text_body).toContain("/student/library");
    const ashasEmail = await emailOf(asha.id);
    const english = mail.find((m) => m.to_address === ashasEmail)!;
    expect(english.subject).toBe("Library book overdue: Principles of Accounting");
    expect(english.text_body).toContain("was due back on 23 Nov 2026");

    // The next day, once more; a returned book is not chased.
    await staff.call.library.returnLoan({ id: ashaLoan.loan.id });
    // Its reminder is answered: read, no longer waiting on Asha's dashboard; the others' still wait (walk 17).
    const unread = async (id: number) =>
      (await deps.db.selectFrom("notifications").select("id").where("recipient_user_id", "=", id).where("read_at", "is", null).execute())
        .length;
    expect([await unread(asha.id), await unread(ravi.id), await unread(meera.id)]).toEqual([0, 1, 1]);
    // Returned a day after its due day: the office sees it was late.
    const returned = (await staff.call.library.loans({ status: "returned" })).loans[0]!;
    expect([returned.id, returned.daysLate]).toEqual([ashaLoan.loan.id, 1]);
    // Not the next day (walk 31b: a reminder every day without end): three days after the last, in the first week.
    deps.advance(86_400_000);
    expect(await sendOverdueReminders(deps)).toEqual({ today: "2026-11-25", reminded: 0 });
    deps.advance(2 * 86_400_000);
    expect(await sendOverdueReminders(deps)).toEqual({ today: "2026-11-27", reminded: 2 });
    expect(
      (
        await deps.db.selectFrom("book_loans").select(["user_id", "reminded_on"]).where("returned_at", "is", null).orderBy("id").execute()
      ).map((l) => l.reminded_on),
    ).toEqual(["2026-11-27", "2026-11-27", null]);
  });

  test("every third day in a book's first overdue week, weekly to the end of its first month, then monthly (walk 31b)", () => {
    expect([1, 7, 8, 28, 29, 400].map(reminderGap)).toEqual([3, 3, 7, 7, 30, 30]);
  });

  test("a student with several books overdue gets one message listing them all; it is answered when the last is back (walk 31b)", async () => {
    const titles = ["Principles of Accounting", "Business Law", "Cost Accounting"];
    const loans = [];
    for (const [i, title] of titles.entries()) {
      const { item } = await staff.call.library.create({ ...BOOK, title, isbn: "" });
      loans.push((await staff.call.library.issue({ bookId: item.id, studentId: "STU0201", dueOn: `2026-11-2${3 + i}` })).loan);
    }
    // 40 days on: all three overdue, never reminded. One message, the oldest due day first.
    deps.advance(40 * 86_400_000);
    expect((await sendOverdueReminders(deps)).reminded).toBe(1);
    const [note] = await deps.db.selectFrom("notifications").select(["id", "title", "message", "kind", "data"]).execute();
    expect(note).toMatchObject({
      kind: "library.overdueBooks",
      title: "Library books overdue: 3",
      message:
        "These books were due back, the first on 23 Nov 2026: Principles of Accounting; Business Law; Cost Accounting. Please return them to the library.",
    });
    const mail = await deps.db.selectFrom("email_outbox").select("subject").where("template", "=", "student_alert").execute();
    expect(mail).toEqual([{ subject: "Library books overdue: 3" }]);
    // A month's gap now: nothing in between.
    deps.advance(29 * 86_400_000);
    expect((await sendOverdueReminders(deps)).reminded).toBe(0);
    deps.advance(86_400_000);
    expect((await sendOverdueReminders(deps)).reminded).toBe(1);
    // Two books back: the first message still asks for the third; the third back answers it.
    const readAt = async () =>
      (await deps.db.selectFrom("notifications").select("read_at").where("id", "=", note!.id).executeTakeFirstOrThrow()).read_at;
    await staff.call.library.returnLoan({ id: loans[0]!.id });
    await staff.call.library.returnLoan({ id: loans[1]!.id });
    expect(await readAt()).toBeNull();
    await staff.call.library.returnLoan({ id: loans[2]!.id });
    expect(await readAt()).not.toBeNull();
  });

  test("the server's hourly job sends them, and stops when told", async () => {
    const { item } = await staff.call.library.create(BOOK);
    await staff.call.library.issue({ bookId: item.id, studentId: "STU0201", dueOn: "2026-11-22" });
    deps.advance(86_400_000);
    const stop = startLibraryReminders(deps, 60_000, 0);
    try {
      // The round logs once its reminders are all sent: wait for that line, not the first row.
      for (let i = 0; i < 500 && !deps.logLines.join("\n").includes("overdue library reminders sent"); i++) await Bun.sleep(10);
    } finally {
      stop();
    }
    expect(await deps.db.selectFrom("notifications").select("kind").execute()).toEqual([{ kind: "library.overdue" }]);
    expect(deps.logLines.join("\n")).toContain("overdue library reminders sent");
  });
});
