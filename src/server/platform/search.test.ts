import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { indexedContains, isPostgres } from "../../../db/connection.ts";
import { TEXT_INDEXES } from "../../../migrations/2026-11-22T0100-text-search.ts";
import { ADMISSION_SEARCH_COLUMNS } from "../features/admissions/admissions.service.ts";
import { CONTACT_SEARCH_COLUMNS } from "../features/contacts/contacts.service.ts";
import { STUDENT_SEARCH_COLUMNS } from "../features/students/students.service.ts";
import { createTestDeps, createUser, indexNames, type TestDeps } from "../testing.ts";
import { newestFirstPage } from "./paging.ts";
import { anyColumnContains, apostropheForms, phoneDigits, searchWords, textContains } from "./search.ts";

let deps: TestDeps;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

/** Text that exercises LIKE's and FTS5's special characters as well as ordinary names. */
const WORDS = [
  "Asha",
  "Sharma",
  "SHARMILA",
  "o'Brien",
  "D’Souza",
  'say "hi"',
  "100%",
  "a_b",
  "x*y",
  "NEAR",
  "AND",
  "OR",
  "-minus",
  "(paren)",
  "Kumar",
  "pune",
  "Mumbai",
];

beforeAll(async () => {
  deps = await createTestDeps();
  for (let i = 0; i < 60; i++) {
    const pick = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length]!;
    await deps.db
      .insertInto("contact_inquiries")
      .values({
        name: `${pick(1)} ${pick(2)}`,
        email: `v${i}@example.test`,
        // Ten-digit mobiles, every other one stored as typed with a space.
        phone: i % 3 ? (i % 2 ? `98220 ${String(i).padStart(5, "0")}` : `98220${String(i).padStart(5, "0")}`) : null,
        subject: pick(3),
        message: `${pick(4)} and ${pick(5)}`,
        status: "new",
        ip: null,
        created_at: at(i % 20),
        updated_at: at(i % 20),
      })
      .execute();
  }
});

const ids = async (where: ReturnType<typeof textContains>) =>
  (await deps.db.selectFrom("contact_inquiries").select("id").where(where).orderBy("id").execute()).map((r) => r.id);

describe("text search", () => {
  test("the lists search the columns their text index was made over", () => {
    expect(ADMISSION_SEARCH_COLUMNS).toEqual([...TEXT_INDEXES.admissions]);
    expect(STUDENT_SEARCH_COLUMNS).toEqual([...TEXT_INDEXES.users]);
    expect(CONTACT_SEARCH_COLUMNS).toEqual([...TEXT_INDEXES.contact_inquiries]);
  });

  test("terms of three characters or more use the index; shorter ones fall back to LIKE", async () => {
    if (isPostgres(deps.db)) {
      // PostgreSQL (issue 21): LIKE itself uses a trigram index per searched column; there is no separate index query.
      expect(indexedContains(deps.db, "contact_inquiries", "sha")).toBeNull();
      const names = await indexNames(deps.db);
      for (const column of TEXT_INDEXES.contact_inquiries) expect(names).toContain(`contact_inquiries_${column}_trgm`);
      return;
    }
    expect(indexedContains(deps.db, "contact_inquiries", "sha")).not.toBeNull();
    expect(indexedContains(deps.db, "contact_inquiries", "sh")).toBeNull();
    expect(indexedContains(deps.db, "gallery_images", "sharma")).toBeNull(); // no index on that table
  });

  test("the search finds the rows where every word of the term is in some column (through the index or LIKE), whatever the term", async () => {
    const rows = await deps.db.selectFrom("contact_inquiries").selectAll().orderBy("id").execute();
    /** The rule, in plain JavaScript: each word (ASCII case folded) in one of the columns, or a phone number's digits. */
    const expected = (term: string) => {
      const digits = phoneDigits(term);
      const words = digits === null ? term.trim().split(/\s+/).filter(Boolean).slice(0, 8) : [term.trim()];
      return rows
        .filter((row) => {
          const values = CONTACT_SEARCH_COLUMNS.map((c) => String(row[c as keyof typeof row] ?? "").toLowerCase());
          const inSome = (word: string) => values.some((v) => v.includes(word.toLowerCase()));
          // A word with an apostrophe is found written either way (straight or curly).
          const anyForm = (word: string) => apostropheForms(word).some(inSome);
          const byWords = (words.length ? words : [term]).every(anyForm);
          return byWords || (digits !== null && (row.phone ?? "").replace(/[ +-]/g, "").includes(digits));
        })
        .map((row) => row.id);
    };
    const fromText = fc.oneof(
      fc
        .constantFrom(...WORDS)
        .chain((w) => fc.tuple(fc.nat(w.length), fc.nat(w.length)).map(([a, b]) => w.slice(Math.min(a, b), Math.max(a, b) + 3))),
      fc.string({ minLength: 1, maxLength: 8 }),
      fc.constantFrom(
        "d'souza",
        "D’SOUZA",
        "o’brien",
        "O‘Brien",
        "’",
        "'",
        '"',
        '""',
        "%",
        "_",
        "*",
        "sha*",
        "NEAR(a b)",
        "a OR b",
        "' or 1=1 --",
        "SHARMA",
        "ar ",
        "v1@",
        "9810",
      ),
      fc.constantFrom(
        "Asha Sharma",
        "sharma asha",
        "kumar pune",
        "Mumbai  AND",
        "981 00",
        "+91 98100",
        "98-1-00",
        "98220 00011",
        "9822000010",
        "9822000011",
        "98220 00010",
        "+91 98220-00013",
        "098220 00014",
        "98220 00",
      ),
    );
    await fc.assert(
      fc.asyncProperty(fromText, async (term) => {
        expect(await ids(textContains(deps.db, "contact_inquiries", CONTACT_SEARCH_COLUMNS, term))).toEqual(expected(term));
      }),
      { numRuns: 300 },
    );
    // LIKE alone (a term under three characters, or no index) follows the same rule.
    expect(await ids(anyColumnContains(["contact_inquiries.name"], "Asha Sharma"))).toEqual(
      rows.filter((r) => r.name.toLowerCase().includes("asha sharma")).map((r) => r.id),
    );
  });

  test("a name with an apostrophe is found whichever apostrophe it was stored with and searched with", async () => {
    expect(apostropheForms("Sharma")).toEqual(["Sharma"]);
    expect(apostropheForms("D’Souza")).toEqual(["D’Souza", "D'Souza"]);
    expect(apostropheForms("D'Souza")).toEqual(["D'Souza", "D’Souza"]);
    expect(apostropheForms("O‘Brien")).toEqual(["O‘Brien", "O'Brien", "O’Brien"]);
    const curly = await ids(textContains(deps.db, "contact_inquiries", CONTACT_SEARCH_COLUMNS, "d’souza"));
    const straight = await ids(textContains(deps.db, "contact_inquiries", CONTACT_SEARCH_COLUMNS, "D'Souza"));
    const obrien = await ids(textContains(deps.db, "contact_inquiries", CONTACT_SEARCH_COLUMNS, "O’BRIEN"));
    expect(curly.length).toBeGreaterThan(0);
    expect(straight).toEqual(curly);
    expect(obrien.length).toBeGreaterThan(0);
    expect(obrien).toEqual(await ids(textContains(deps.db, "contact_inquiries", CONTACT_SEARCH_COLUMNS, "o'brien")));
    // The lists searched with LIKE alone (books, fees, exams…) read both too.
    const columns = CONTACT_SEARCH_COLUMNS.map((c) => `contact_inquiries.${c}`);
    expect(await ids(anyColumnContains(columns, "d'souza"))).toEqual(curly);
    expect(await ids(anyColumnContains(columns, "D’Souza"))).toEqual(curly);
  });

  test("a name's words may stand in different columns; a phone number is found however it is spaced (thirteenth walk)", () => {
    expect(searchWords("  Rahul   Kumar ")).toEqual(["Rahul", "Kumar"]);
    expect(phoneDigits("98220 12345")).toBe("9822012345");
    expect(phoneDigits("+91 98220-12345")).toBe("9822012345");
    expect(phoneDigits("098220 12345")).toBe("9822012345");
    expect(phoneDigits("919822012345")).toBe("9822012345");
    expect(phoneDigits("123")).toBeNull();
    expect(phoneDigits("002500")).toBeNull();
    expect(phoneDigits("2026")).toBeNull();
    expect(phoneDigits("STU0001")).toBeNull();
    expect(phoneDigits("Rahul 98220")).toBeNull();
  });

  test("the index follows inserts, edits and deletions", async () => {
    const student = await createUser(deps, { role: "student", name: "Zubeida Qureshi", email: "zq@example.test", student_id: "STU9001" });
    const find = async (term: string) =>
      (
        await deps.db
          .selectFrom("users")
          .select("id")
          .where(textContains(deps.db, "users", STUDENT_SEARCH_COLUMNS, term))
          .execute()
      ).map((r) => r.id);
    expect(await find("qureshi")).toEqual([student.id]);
    expect(await find("stu9001")).toEqual([student.id]);
    await deps.db.updateTable("users").set({ name: "Zubeida Khan" }).where("id", "=", student.id).execute();
    expect(await find("qureshi")).toEqual([]);
    expect(await find("khan")).toEqual([student.id]);
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", student.id).execute(); // not an indexed column
    expect(await find("zubeida")).toEqual([student.id]);
    await deps.db.deleteFrom("users").where("id", "=", student.id).execute();
    expect(await find("zubeida")).toEqual([]);
  });
});

describe("newest-first pages", () => {
  test("every page, ties in created_at included, holds the rows a plain ORDER BY … OFFSET gives", async () => {
    const all = (
      await deps.db.selectFrom("contact_inquiries").select("id").orderBy("created_at", "desc").orderBy("id", "desc").execute()
    ).map((r) => r.id);
    const limit = 7;
    for (let page = 1; page <= 10; page++) {
      const { items, pagination } = await newestFirstPage({
        db: deps.db,
        table: "contact_inquiries",
        base: deps.db.selectFrom("contact_inquiries"),
        cacheKey: "test:contacts",
        page,
        limit,
        toItems: (rows: { id: number }[]) => rows.map((r) => r.id),
      });
      expect(items).toEqual(all.slice((page - 1) * limit, page * limit));
      expect(pagination).toEqual({ totalItems: 60, totalPages: 9, currentPage: page, limit });
    }
  });

  test("filters and a search apply to the page and the total alike", async () => {
    const base = deps.db.selectFrom("contact_inquiries").where(textContains(deps.db, "contact_inquiries", CONTACT_SEARCH_COLUMNS, "sharm"));
    const { items, pagination } = await newestFirstPage({
      db: deps.db,
      table: "contact_inquiries",
      base,
      cacheKey: "test:sharm",
      page: 1,
      limit: 100,
      toItems: (rows: { name: string; subject: string; message: string }[]) => rows,
    });
    expect(items.length).toBe(pagination.totalItems);
    expect(items.length).toBeGreaterThan(0);
    for (const row of items) expect(`${row.name} ${row.subject} ${row.message}`.toLowerCase()).toContain("sharm");
  });
});
