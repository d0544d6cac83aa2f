import { beforeEach, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import { parseCsv } from "../../platform/csv.ts";
import { callerFor, createTestDeps, createUser, type TestDeps, testApp } from "../../testing.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";
import { cancelReceipt, collectionsTotal, recordPayment, standings } from "./payments.service.ts";
import {
  collectionPresets,
  DUES_CSV_HEADER,
  duesByStudent,
  feeFigures,
  instalmentDues,
  RECEIPTS_CSV_HEADER,
  sameSpanLastMonth,
} from "./reports.service.ts";

let deps: TestDeps;
let bba: number;
let bcom: number;

const person = async (role: "admin" | "staff" | "student", extra: Record<string, unknown> = {}) => {
  const user = await createUser(deps, { role, ...extra });
  const token = await createSession(deps, user.id);
  return { id: user.id, token, call: callerFor(deps, await resolveSession(deps, token)) };
};
type Person = Awaited<ReturnType<typeof person>>;

interface Raised {
  programme?: number;
  term?: number;
  number?: number;
  amount: number;
  dueOn: string;
  lateFee?: number;
  grace?: number;
}

/** Raises instalments for a student (as the plans' "raise" would), returning their ids. */
async function raise(userId: number, items: Raised[]) {
  const rows = await deps.db
    .insertInto("fee_instalments")
    .values(
      items.map((i, n) => ({
        user_id: userId,
        programme_id: i.programme ?? bba,
        term: i.term ?? 1,
        number: i.number ?? n + 1,
        amount_paise: i.amount,
        due_on: i.dueOn,
        late_fee_paise: i.lateFee ?? 0,
        grace_days: i.grace ?? 0,
        created_at: deps.now().toISOString(),
      })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

beforeEach(async () => {
  await loadAllCatalogues();
  deps = await createTestDeps();
  const programmes = await deps.db.selectFrom("programmes").select(["id", "name"]).execute();
  bba = programmes.find((p) => p.name === "BBA")!.id;
  bcom = programmes.find((p) => p.name !== "BBA")!.id;
});

describe("what is owed, set-based (issue 19)", () => {
  test("the SQL of the dues agrees with the ledger's `standing` on random instalments, concessions, payments and days", async () => {
    const student = await createUser(deps, { role: "student", student_id: "STU0901" });
    const other = await createUser(deps, { role: "student", student_id: "STU0902" });
    const base = "2026-06-01";
    const day = fc.integer({ min: 0, max: 120 }).map((d) => addDays(base, d));
    const instalment = fc.record({
      owner: fc.boolean(),
      amount: fc.oneof(fc.integer({ min: 0, max: 50_000_00 }), fc.constant(10_000_00)),
      dueOn: day,
      lateFee: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_00 })),
      grace: fc.integer({ min: 0, max: 15 }),
      // a withdrawn concession (issue 19, helper 4) no longer counts, in SQL as in the ledger
      concessions: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 15_000_00 }), withdrawn: fc.boolean() }), { maxLength: 3 }),
      payments: fc.array(
        fc.record({
          amount: fc.oneof(fc.integer({ min: 1, max: 20_000_00 }), fc.constant(5_000_00)),
          paidOn: day,
          status: fc.constantFrom(
            "confirmed" as const,
            "confirmed" as const,
            "pending" as const,
            "rejected" as const,
            "cancelled" as const,
          ),
        }),
        { maxLength: 4 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(instalment, { minLength: 1, maxLength: 6 }), day, async (items, today) => {
        await deps.db.deleteFrom("fee_payments").execute();
        await deps.db.deleteFrom("fee_concessions").execute();
        await deps.db.deleteFrom("fee_instalments").execute();
        const at = deps.now().toISOString();
        for (const [n, i] of items.entries()) {
          const owner = i.owner ? student.id : other.id;
          const { id } = await deps.db
            .insertInto("fee_instalments")
            .values({
              user_id: owner,
              programme_id: bba,
              term: 1,
              number: n + 1,
              amount_paise: i.amount,
              due_on: i.dueOn,
              late_fee_paise: i.lateFee,
              grace_days: i.grace,
              created_at: at,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          for (const c of i.concessions)
            await deps.db
              .insertInto("fee_concessions")
              .values({ instalment_id: id, amount_paise: c.amount, reason: "test", created_at: at, withdrawn_at: c.withdrawn ? at : null })
              .execute();
          for (const p of i.payments)
            await deps.db
              .insertInto("fee_payments")
              .values({
                instalment_id: id,
                user_id: owner,
                amount_paise: p.amount,
                mode: "cash",
                paid_on: p.paidOn,
                status: p.status,
                created_at: at,
              })
              .execute();
        }
        const ledger = await standings(deps.db, today, (q) => q);
        const sql = new Map((await instalmentDues(deps.db, today).execute()).map((r) => [r.id, Number(r.outstanding)]));
        for (const s of ledger) expect([s.instalment.id, sql.get(s.instalment.id)]).toEqual([s.instalment.id, s.standing.outstanding]);

        // Each student's row adds up the ledger's outstanding; overdue is what is owed on instalments past their day.
        const rows = await duesByStudent(deps.db, today, { search: "", programme: null }, "all").execute();
        for (const owner of [student.id, other.id]) {
          const owed = ledger.filter((s) => s.instalment.user_id === owner && s.standing.outstanding > 0);
          const row = rows.find((r) => r.user_id === owner);
          if (owed.length === 0) {
            expect(row).toBeUndefined();
            continue;
          }
          expect({
            outstanding: Number(row!.outstanding),
            overdue: Number(row!.overdue),
            instalments: Number(row!.instalments),
            oldest: row!.oldest_due,
          }).toEqual({
            outstanding: owed.reduce((a, s) => a + s.standing.outstanding, 0),
            overdue: owed.filter((s) => s.standing.status === "overdue").reduce((a, s) => a + s.standing.outstanding, 0),
            instalments: owed.length,
            oldest: owed.map((s) => s.instalment.due_on).sort()[0]!,
          });
        }
      }),
      { numRuns: 150 },
    );
    // 150 rounds of writes and two queries each: ~2.8 s on PostgreSQL alone, more beside the rest of the suite.
  }, 30_000);
});

describe("the dues list (issue 19)", () => {
  let staff: Person;
  let students: Record<"asha" | "ravi" | "meera" | "kiran" | "paid" | "later", Person>;

  beforeEach(async () => {
    staff = await person("staff");
    // Today is 2026-11-22 in the institute (Asia/Kolkata).
    students = {
      asha: await person("student", { name: "Asha Patil", student_id: "STU0101" }),
      ravi: await person("student", { name: "Ravi Kumar", student_id: "STU0102" }),
      meera: await person("student", { name: "Meera Joshi", student_id: "STU0103" }),
      kiran: await person("student", { name: "Kiran Rao", student_id: "STU0104" }),
      paid: await person("student", { name: "Paid Up", student_id: "STU0105" }),
      later: await person("student", { name: "Later Lal", student_id: "STU0106" }),
    };
    // Asha: one overdue since 1 Nov (late fee ₹500 after 5 grace days), one due in February.
    await raise(students.asha.id, [
      { amount: 9_000_00, dueOn: "2026-11-01", lateFee: 500_00, grace: 5 },
      { amount: 9_000_00, dueOn: "2027-02-01" },
    ]);
    // Ravi: overdue since 15 Nov, half paid.
    const [ravis] = await raise(students.ravi.id, [{ amount: 6_000_00, dueOn: "2026-11-15" }]);
    await recordPayment(deps, staff.id, { instalmentId: ravis!, amount: 3_000_00, mode: "cash", paidOn: "2026-11-10" });
    // Meera: due in five days.
    await raise(students.meera.id, [{ amount: 4_000_00, dueOn: "2026-11-27" }]);
    // Kiran: overdue since 20 Nov in B.Com.
    await raise(students.kiran.id, [{ programme: bcom, amount: 7_500_50, dueOn: "2026-11-20" }]);
    // Paid up: nothing owed (a concession covers half, a payment the rest).
    const [paids] = await raise(students.paid.id, [{ amount: 2_000_00, dueOn: "2026-11-05" }]);
    await deps.db
      .insertInto("fee_concessions")
      .values({ instalment_id: paids!, amount_paise: 1_000_00, reason: "Merit", created_at: deps.now().toISOString() })
      .execute();
    await recordPayment(deps, staff.id, {
      instalmentId: paids!,
      amount: 1_000_00,
      mode: "upi",
      reference: "123456789012",
      paidOn: "2026-11-04",
    });
    // Later: due in March.
    await raise(students.later.id, [{ amount: 5_000_00, dueOn: "2027-03-01" }]);
  });

  test("overdue first, then by the oldest due day; each row's programme, terms, instalments, totals and standing", async () => {
    const list = await staff.call.feeReports.dues({});
    expect(list.today).toBe("2026-11-22");
    expect(list.dues.map((d) => d.student.studentId)).toEqual(["STU0101", "STU0102", "STU0104", "STU0103", "STU0106"]);
    const [asha, ravi, kiran, meera, later] = list.dues;
    expect(asha).toMatchObject({
      programme: "BBA",
      terms: [{ programme: "BBA", termUnit: "year", term: 1 }],
      instalments: 2,
      outstanding: 18_500_00,
      overdue: 9_500_00,
      oldestDue: "2026-11-01",
      standing: "overdue",
      lastReminder: null,
    });
    expect(asha!.items.map((i) => [i.dueOn, i.outstanding, i.overdue])).toEqual([
      ["2026-11-01", 9_500_00, true],
      ["2027-02-01", 9_000_00, false],
    ]);
    expect(ravi).toMatchObject({ outstanding: 3_000_00, overdue: 3_000_00, standing: "overdue" });
    expect(kiran!.programme).not.toBe("BBA");
    expect(meera).toMatchObject({ standing: "soon", overdue: 0 });
    expect(later).toMatchObject({ standing: "later" });
    expect(list.totals).toEqual({
      students: 5,
      overdueStudents: 3,
      outstanding: 18_500_00 + 3_000_00 + 7_500_50 + 4_000_00 + 5_000_00,
      overdue: 9_500_00 + 3_000_00 + 7_500_50,
    });
    expect(list.pagination).toMatchObject({ totalItems: 5, totalPages: 1, currentPage: 1 });
  });

  test("filters by standing and programme, searches by name or Student ID, pages on the server; totals follow the filter", async () => {
    const overdue = await staff.call.feeReports.dues({ status: "overdue" });
    expect(overdue.dues.map((d) => d.student.studentId)).toEqual(["STU0101", "STU0102", "STU0104"]);
    expect(overdue.totals).toMatchObject({ students: 3, overdueStudents: 3 });
    expect((await staff.call.feeReports.dues({ status: "soon" })).dues.map((d) => d.student.studentId)).toEqual(["STU0103"]);
    const inBba = await staff.call.feeReports.dues({ programme: String(bba) });
    expect(inBba.dues.map((d) => d.student.studentId)).toEqual(["STU0101", "STU0102", "STU0103", "STU0106"]);
    expect((await staff.call.feeReports.dues({ programme: bcom, status: "overdue" })).totals).toEqual({
      students: 1,
      overdueStudents: 1,
      outstanding: 7_500_50,
      overdue: 7_500_50,
    });
    expect((await staff.call.feeReports.dues({ search: "meera" })).dues.map((d) => d.student.name)).toEqual(["Meera Joshi"]);
    expect((await staff.call.feeReports.dues({ search: "stu0102" })).dues.map((d) => d.student.name)).toEqual(["Ravi Kumar"]);
    // A search's % is a character, not a wildcard.
    expect((await staff.call.feeReports.dues({ search: "%" })).dues).toEqual([]);
    const page2 = await staff.call.feeReports.dues({ limit: 2, page: 2 });
    expect(page2.dues.map((d) => d.student.studentId)).toEqual(["STU0104", "STU0103"]);
    expect(page2.pagination).toEqual({ totalItems: 5, totalPages: 3, currentPage: 2, limit: 2 });
    // A page past the end still knows the totals.
    const beyond = await staff.call.feeReports.dues({ limit: 2, page: 9 });
    expect([beyond.dues, beyond.totals.students, beyond.totals.overdueStudents, beyond.pagination.totalPages]).toEqual([[], 5, 3, 3]);
    expect((await staff.call.feeReports.dues({ search: "nobody" })).totals).toEqual({
      students: 0,
      overdueStudents: 0,
      outstanding: 0,
      overdue: 0,
    });
    expect((await staff.call.feeReports.programmes()).programmes.map((p) => p.id).sort()).toEqual([bba, bcom].sort());
    await expect(staff.call.feeReports.dues({ status: "late" as "all" })).rejects.toThrow("Choose one of the list's filters.");
    await expect(staff.call.feeReports.dues({ programme: "abc" })).rejects.toThrow("Choose a programme from the list.");
  });

  test("a payment or a cancelled receipt moves the student in or out of the list", async () => {
    const { receipt } = await recordPayment(deps, staff.id, {
      instalmentId: (await staff.call.feeReports.dues({ search: "meera" })).dues[0]!.items[0]!.id,
      amount: 4_000_00,
      mode: "cash",
      paidOn: "2026-11-22",
    });
    expect((await staff.call.feeReports.dues({ search: "meera" })).dues).toEqual([]);
    await cancelReceipt(deps, staff.id, receipt.id, "Cheque bounced");
    expect((await staff.call.feeReports.dues({ search: "meera" })).dues[0]).toMatchObject({ outstanding: 4_000_00 });
  });

  test("the dues as CSV (walk 32a): every student of the filtered list, the list's totals, in English, audited", async () => {
    const app = testApp(deps);
    const res = await app.request("/api/fees/reports/dues.csv?status=overdue", { headers: { authorization: `Bearer ${staff.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="fee-dues-2026-11-22.csv"');
    const [header, ...rows] = parseCsv(await res.text()).map((r) => r.cells);
    expect(header).toEqual([...DUES_CSV_HEADER]);
    const list = await staff.call.feeReports.dues({ status: "overdue" });
    expect(rows.map((r) => r[0])).toEqual(list.dues.map((d) => d.student.studentId as string));
    // (the third column, the programme's name; the fourth the terms owed: walk 33c)
    expect(rows[0]![3]).toBe("Year 1");
    expect(rows[0]!.filter((_, column) => column !== 2 && column !== 3)).toEqual([
      "STU0101",
      "Asha Patil",
      "2",
      "18500.00",
      "9500.00",
      "2026-11-01",
      "Overdue",
      "Active",
    ]);
    const sum = (column: number) => rows.reduce((total, r) => total + Math.round(Number(r[column]) * 100), 0);
    expect([sum(5), sum(6)]).toEqual([list.totals.outstanding, list.totals.overdue]);
    const log = await deps.db.selectFrom("audit_log").select("details").where("action", "=", "fee.dues_export").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details)).toMatchObject({ on: "2026-11-22", rows: 3, status: "overdue" });
    expect(
      (await app.request("/api/fees/reports/dues.csv?status=late", { headers: { authorization: `Bearer ${staff.token}` } })).status,
    ).toBe(400);
  });

  test("a student owing in two programmes (moved on with arrears): each term named with its programme, on the list and in the CSV (walk 33d)", async () => {
    await deps.db.updateTable("programmes").set({ fee_period: "semester" }).where("id", "=", bcom).execute();
    const moved = await person("student", { name: "Moved Student", student_id: "STU0190", programme_id: bcom });
    const other = (await deps.db.selectFrom("programmes").select("name").where("id", "=", bcom).executeTakeFirstOrThrow()).name;
    await raise(moved.id, [
      { amount: 1_000_00, dueOn: "2026-10-01", term: 1 },
      { amount: 1_000_00, dueOn: "2026-10-15", term: 2 },
      { programme: bcom, amount: 2_000_00, dueOn: "2026-11-10", term: 1 },
    ]);
    const row = (await staff.call.feeReports.dues({ search: "STU0190" })).dues[0]!;
    expect(row.programme).toBe("BBA");
    expect(row.terms).toEqual([
      { programme: "BBA", termUnit: "year", term: 1 },
      { programme: "BBA", termUnit: "year", term: 2 },
      { programme: other, termUnit: "semester", term: 1 },
    ]);
    const res = await testApp(deps).request("/api/fees/reports/dues.csv?search=STU0190", {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const [, cells] = parseCsv(await res.text()).map((r) => r.cells);
    expect(cells!.slice(0, 4)).toEqual(["STU0190", "Moved Student", "BBA", `BBA Year 1; BBA Year 2; ${other} Semester 1`]);
  });

  test("the pages, and the dashboard's figures, share one computation of who owes until the next write (walk 31b)", async () => {
    // The receipts' e-mails sent first: their delivery, a write, would come between the two pages.
    await deps.mail.deliverDue();
    const first = await staff.call.feeReports.dues({ limit: 2 });
    const second = await staff.call.feeReports.dues({ limit: 2, page: 2 });
    // The same remembered totals: the whole institute's dues were worked out once for both pages.
    expect(second.totals).toBe(first.totals);
    expect(second.dues.map((d) => d.student.studentId)).toEqual(["STU0104", "STU0103"]);
    const figures = await feeFigures(deps);
    expect([figures.outstanding, figures.overdue, figures.overdueStudents]).toEqual([
      first.totals.outstanding,
      first.totals.overdue,
      first.totals.overdueStudents,
    ]);
    // A payment is a write: the next page is worked out afresh, with it.
    await recordPayment(deps, staff.id, {
      instalmentId: second.dues[1]!.items[0]!.id,
      amount: 4_000_00,
      mode: "cash",
      paidOn: "2026-11-22",
    });
    const after = await staff.call.feeReports.dues({ limit: 2, page: 2 });
    expect(after.totals).not.toBe(first.totals);
    expect(after.totals.students).toBe(4);
    expect((await feeFigures(deps)).outstanding).toBe(first.totals.outstanding - 4_000_00);
  });
});

describe("collections (issue 19)", () => {
  let staff: Person;
  let ids: number[];
  const DAY = 86_400_000;

  beforeEach(async () => {
    staff = await person("staff");
    const asha = await person("student", { name: 'Asha "AP" Patil, Jr', student_id: "STU0201" });
    const ravi = await person("student", { name: "=HYPERLINK(1)", student_id: "STU0202" });
    ids = [
      ...(await raise(asha.id, [
        { amount: 9_000_00, dueOn: "2026-12-01" },
        { amount: 9_000_00, dueOn: "2027-02-01" },
      ])),
      ...(await raise(ravi.id, [{ programme: bcom, amount: 5_000_50, dueOn: "2026-12-01" }])),
    ];
  });

  /** Receipts on 20, 21 (two, one later cancelled) and 22 Nov 2026, and one on 1 Dec. */
  async function collect() {
    deps.advance(-2 * DAY);
    await recordPayment(deps, staff.id, { instalmentId: ids[0]!, amount: 4_000_00, mode: "cash", paidOn: "2026-11-20" });
    deps.advance(DAY);
    await recordPayment(deps, staff.id, {
      instalmentId: ids[2]!,
      amount: 5_000_50,
      mode: "upi",
      reference: "111122223333",
      paidOn: "2026-11-21",
    });
    const { receipt } = await recordPayment(deps, staff.id, {
      instalmentId: ids[1]!,
      amount: 1_000_00,
      mode: "cheque",
      reference: "000123",
      paidOn: "2026-11-21",
    });
    deps.advance(DAY);
    await recordPayment(deps, staff.id, {
      instalmentId: ids[0]!,
      amount: 5_000_00,
      mode: "bank",
      reference: "NEFT-42",
      paidOn: "2026-11-22",
    });
    await cancelReceipt(deps, staff.id, receipt.id, "Cheque bounced, resubmitted");
    deps.advance(9 * DAY);
    await recordPayment(deps, staff.id, { instalmentId: ids[1]!, amount: 2_000_00, mode: "cash", paidOn: "2026-12-01" });
    deps.advance(-9 * DAY);
  }

  test("the dashboard's fee figures agree with the collections and the dues list; a reported transfer waits to be confirmed (stop 48)", async () => {
    await collect();
    // Last month's same days (1–22 October): one receipt; after the 22nd it does not count.
    deps.advance(-30 * DAY);
    await recordPayment(deps, staff.id, { instalmentId: ids[1]!, amount: 500_00, mode: "cash", paidOn: "2026-10-23" });
    deps.advance(30 * DAY);
    const [asha] = await deps.db.selectFrom("users").select("id").where("student_id", "=", "STU0201").execute();
    await deps.db
      .insertInto("fee_payments")
      .values({
        instalment_id: ids[1]!,
        user_id: asha!.id,
        amount_paise: 1_000_00,
        mode: "upi",
        reference: "999988887777",
        paid_on: "2026-11-22",
        status: "pending",
        created_at: deps.now().toISOString(),
      })
      .execute();
    const figures = await feeFigures(deps);
    const dues = await staff.call.feeReports.dues({});
    expect(figures).toEqual({
      collected: await collectionsTotal(deps.db, "2026-11-01", "2026-11-22"),
      collectedBefore: 0,
      outstanding: dues.totals.outstanding,
      overdue: dues.totals.overdue,
      overdueStudents: dues.totals.overdueStudents,
      toConfirm: 1,
    });
    // 4,000 + 5,000.50 + 5,000 (the cancelled cheque does not count, nor the 1 December receipt).
    expect(figures.collected).toBe(14_000_50);
    expect(figures.outstanding).toBeGreaterThan(0);
    // On the dashboard, in the reader's money.
    const { fees } = await staff.call.dashboard.stats();
    expect(fees).toMatchObject({ collectedThisMonth: 14_000_50, toConfirm: 1, outstanding: dues.totals.outstanding });
    expect(fees.collectedChange).toMatchObject({ value: null, label: "+₹14,000.50" });
  });

  test("the same days of last month, cut at its last day", () => {
    expect(sameSpanLastMonth("2026-11-22")).toEqual({ from: "2026-10-01", to: "2026-10-22" });
    expect(sameSpanLastMonth("2026-03-31")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(sameSpanLastMonth("2028-03-30")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(sameSpanLastMonth("2027-01-15")).toEqual({ from: "2026-12-01", to: "2026-12-15" });
  });

  test("by day, programme and mode, each adding up to collectionsTotal; cancelled receipts do not count", async () => {
    await collect();
    const c = await staff.call.feeReports.collections({ from: "2026-11-01", to: "2026-11-30" });
    expect(c.range).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(c.total).toBe(await collectionsTotal(deps.db, "2026-11-01", "2026-11-30"));
    expect(c.total).toBe(4_000_00 + 5_000_50 + 5_000_00);
    expect(c.receipts).toBe(3);
    expect(c.byDay).toEqual([
      { day: "2026-11-20", receipts: 1, amount: 4_000_00 },
      { day: "2026-11-21", receipts: 1, amount: 5_000_50 },
      { day: "2026-11-22", receipts: 1, amount: 5_000_00 },
    ]);
    expect(c.byProgramme.map((p) => [p.id, p.amount])).toEqual([
      [bba, 9_000_00],
      [bcom, 5_000_50],
    ]);
    expect(c.byMode).toEqual([
      { mode: "upi", receipts: 1, amount: 5_000_50 },
      { mode: "bank", receipts: 1, amount: 5_000_00 },
      { mode: "cash", receipts: 1, amount: 4_000_00 },
    ]);
    const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);
    for (const groups of [c.byDay, c.byProgramme, c.byMode]) expect(sum(groups)).toBe(c.total);
    expect(c.csvUrl).toBe("/api/fees/reports/receipts.csv?from=2026-11-01&to=2026-11-30");
  });

  test("counted by the day the money was paid (walk 32a): a payment entered after its day counts on that day, in the file too", async () => {
    await collect();
    // Paid on 30 November, entered on 1 December (India): its receipt is issued in December.
    deps.advance(9 * DAY);
    await recordPayment(deps, staff.id, { instalmentId: ids[1]!, amount: 500_00, mode: "cash", paidOn: "2026-11-30" });
    deps.advance(-9 * DAY);
    const november = { from: "2026-11-01", to: "2026-11-30" };
    const issued = await staff.call.feeReports.collections(november);
    const paid = await staff.call.feeReports.collections({ ...november, by: "paid" });
    expect([issued.by, paid.by]).toEqual(["issued", "paid"]);
    expect(issued.total).toBe(4_000_00 + 5_000_50 + 5_000_00);
    expect(paid.total).toBe(issued.total + 500_00);
    expect(paid.byDay.at(-1)).toEqual({ day: "2026-11-30", receipts: 1, amount: 500_00 });
    const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);
    for (const groups of [paid.byDay, paid.byProgramme, paid.byMode]) expect(sum(groups)).toBe(paid.total);
    expect(paid.receipts).toBe(4);
    // December by the day issued has it; by the day paid it does not (the other one there was paid on 1 December).
    const december = { from: "2026-12-01", to: "2026-12-31" };
    expect((await staff.call.feeReports.collections(december)).total).toBe(2_000_00 + 500_00);
    expect((await staff.call.feeReports.collections({ ...december, by: "paid" })).total).toBe(2_000_00);
    // The file of the same receipts, named so, audited with its basis.
    expect(paid.csvUrl).toBe("/api/fees/reports/receipts.csv?from=2026-11-01&to=2026-11-30&by=paid");
    const res = await testApp(deps).request(paid.csvUrl, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="fee-receipts-paid-2026-11-01-to-2026-11-30.csv"');
    const rows = parseCsv(await res.text())
      .slice(1)
      .map((r) => r.cells);
    // The cancelled one is listed, marked, as in every receipts file; the valid ones add up to the total.
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r[12] === "Valid").reduce((a, r) => a + Math.round(Number(r[10]) * 100), 0)).toBe(paid.total);
    const log = await deps.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "fee.collections_export")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details)).toMatchObject({ from: "2026-11-01", to: "2026-11-30", rows: 5, by: "paid" });
    await expect(staff.call.feeReports.collections({ ...november, by: "entered" as "paid" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    // Blank is the default, as a blank range is.
    expect((await staff.call.feeReports.collections({ ...november, by: "" as "paid" })).by).toBe("issued");
  });

  test("for any range, every grouping adds up to collectionsTotal", async () => {
    await collect();
    const day = fc.integer({ min: 0, max: 40 }).map((d) => addDays("2026-11-01", d));
    await fc.assert(
      fc.asyncProperty(day, day, async (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const c = await staff.call.feeReports.collections({ from, to });
        const total = await collectionsTotal(deps.db, from, to);
        expect([c.total, c.byDay.reduce((s, d) => s + d.amount, 0)]).toEqual([total, total]);
        expect(c.byProgramme.reduce((s, d) => s + d.amount, 0)).toBe(total);
        expect(c.byMode.reduce((s, d) => s + d.amount, 0)).toBe(total);
        expect(c.receipts).toBe(c.byMode.reduce((s, d) => s + d.receipts, 0));
      }),
      { numRuns: 40 },
    );
  });

  test("the default range is this month so far in the institute's time zone; presets today, month, financial year and the last one", async () => {
    // 2026-11-30T20:00Z is already 1 December in India.
    deps.advance(Date.parse("2026-11-30T20:00:00Z") - deps.now().getTime());
    const c = await staff.call.feeReports.collections({});
    expect(c.today).toBe("2026-12-01");
    expect(c.range).toEqual({ from: "2026-12-01", to: "2026-12-01" });
    expect(c.presets).toEqual({
      today: { from: "2026-12-01", to: "2026-12-01" },
      month: { from: "2026-12-01", to: "2026-12-01" },
      year: { from: "2026-04-01", to: "2026-12-01" },
      lastYear: { from: "2025-04-01", to: "2026-03-31" },
    });
    expect(collectionPresets("2027-03-15").year).toEqual({ from: "2026-04-01", to: "2027-03-15" });
    expect(collectionPresets("2027-04-01").year).toEqual({ from: "2027-04-01", to: "2027-04-01" });
    // On 1 April, the year just ended, whole (walk 32a); a leap year's 366 days are within the range's limit.
    expect(collectionPresets("2027-04-01").lastYear).toEqual({ from: "2026-04-01", to: "2027-03-31" });
    expect((await staff.call.feeReports.collections({ from: "2023-04-01", to: "2024-03-31" })).range).toEqual({
      from: "2023-04-01",
      to: "2024-03-31",
    });
  });

  test("a range must be two real days in order, at most 366 days apart", async () => {
    await expect(staff.call.feeReports.collections({ from: "2026-11-30", to: "2026-11-01" })).rejects.toThrow(
      "The last day must be on or after the first day.",
    );
    await expect(staff.call.feeReports.collections({ from: "2026-02-30", to: "2026-03-01" })).rejects.toThrow(
      "Enter the first day as a date",
    );
    await expect(staff.call.feeReports.collections({ from: "2026-11-01" })).rejects.toThrow("Enter both the first and the last day.");
    await expect(staff.call.feeReports.collections({ from: "2025-04-01", to: "2026-04-02" })).rejects.toThrow("Choose at most 366 days");
    expect((await staff.call.feeReports.collections({ from: "2026-04-01", to: "2027-03-31" })).range.to).toBe("2027-03-31");
  });

  test("the receipts of a range as CSV: every receipt in number order, cancelled ones marked, quoted safely, the range in the name; audited", async () => {
    await deps.db.updateTable("programmes").set({ fee_period: "semester" }).where("id", "=", bcom).execute();
    await collect();
    const app = testApp(deps);
    const res = await app.request("/api/fees/reports/receipts.csv?from=2026-11-01&to=2026-11-30", {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="fee-receipts-2026-11-01-to-2026-11-30.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark first, for Excel.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder().decode(bytes);
    expect(body).toContain('"Asha ""AP"" Patil, Jr"');
    // A cell that looks like a formula is written as text.
    expect(body).toContain("'=HYPERLINK(1)");
    const [header, ...rows] = parseCsv(body).map((r) => r.cells);
    expect(header).toEqual([...RECEIPTS_CSV_HEADER]);
    expect(rows.map((r) => [r[0], r[1], r[2], r[7], r[10], r[11], r[12]])).toEqual([
      ["RCP/2026-27/000001", "2026-11-20", "STU0201", "Cash", "4000.00", "0.00", "Valid"],
      ["RCP/2026-27/000002", "2026-11-21", "STU0202", "UPI", "5000.50", "0.00", "Valid"],
      ["RCP/2026-27/000003", "2026-11-21", "STU0201", "Cheque", "1000.00", "0.00", "Cancelled"],
      ["RCP/2026-27/000004", "2026-11-22", "STU0201", "Bank transfer", "5000.00", "0.00", "Valid"],
    ]);
    expect(rows[2]!.slice(13)).toEqual(["2026-11-22", "Cheque bounced, resubmitted"]);
    // A UPI transaction's 12-digit UTR stays text in Excel, not 1.23457E+11 (walk 32a).
    expect(rows[1]![8]).toMatch(/^="\d{12}"$/);
    // The term as the student reads it, after the programme's fee period (QA3 9): BBA by the year, the other by the semester.
    const bcomName = (await deps.db.selectFrom("programmes").select("name").where("id", "=", bcom).executeTakeFirstOrThrow()).name;
    expect(rows.slice(0, 2).map((r) => r.slice(4, 7))).toEqual([
      ["BBA", "Year 1", "1"],
      [bcomName, "Semester 1", "1"],
    ]);
    // The issued receipts add up to the collections.
    const issued = rows.filter((r) => r[12] === "Valid").reduce((s, r) => s + Math.round(Number(r[10]) * 100), 0);
    expect(issued).toBe(await collectionsTotal(deps.db, "2026-11-01", "2026-11-30"));
    const logged = await deps.db
      .selectFrom("audit_log")
      .select(["action", "details", "actor_user_id"])
      .where("action", "=", "fee.collections_export")
      .execute();
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.details)).toEqual({ from: "2026-11-01", to: "2026-11-30", rows: 4 });

    // A bad range is refused with the field's message; a student may not download it.
    const bad = await app.request("/api/fees/reports/receipts.csv?from=2026-11-30&to=2026-11-01", {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, errors: { to: ["The last day must be on or after the first day."] } });
    const student = await person("student", { student_id: "STU0299" });
    const refused = await app.request("/api/fees/reports/receipts.csv", { headers: { authorization: `Bearer ${student.token}` } });
    expect(refused.status).toBe(403);
  });

  test("a receipt that paid a late fee carries it apart in the CSV; a receipt issued before that was kept has it blank", async () => {
    const meera = await person("student", { name: "Meera Late", student_id: "STU0203" });
    const [overdue] = await raise(meera.id, [{ amount: 3_000_00, dueOn: "2026-11-01", lateFee: 250_00, grace: 5 }]);
    // In two parts: the first pays the fee, the second the late fee.
    await recordPayment(deps, staff.id, { instalmentId: overdue!, amount: 3_000_00, mode: "cash", paidOn: "2026-11-22" });
    const { receipt } = await recordPayment(deps, staff.id, { instalmentId: overdue!, amount: 250_00, mode: "cash", paidOn: "2026-11-22" });
    const read = await staff.call.fees.receipt({ id: receipt.id });
    expect([read.amount, read.lateFee]).toEqual([250_00, 250_00]);
    // The collections say what of the money paid late fees.
    expect((await staff.call.feeReports.collections({ from: "2026-11-01", to: "2026-11-30" })).lateFees).toBe(250_00);
    await deps.db.updateTable("fee_receipts").set({ late_fee_paise: null }).where("id", "!=", receipt.id).execute();
    const res = await testApp(deps).request("/api/fees/reports/receipts.csv?from=2026-11-01&to=2026-11-30", {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const [, ...rows] = parseCsv(await res.text()).map((r) => r.cells);
    expect(rows.map((r) => [r[3], r[10], r[11]])).toEqual([
      ["Meera Late", "3000.00", ""],
      ["Meera Late", "250.00", "250.00"],
    ]);
  });
});
