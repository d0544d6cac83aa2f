import { beforeEach, describe, expect, test } from "bun:test";
import fc from "fast-check";
import type * as v from "valibot";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { addDays, fieldErrorsOf } from "../../../shared/schemas/common.ts";
import { localDate } from "../../platform/calendar.ts";
import { parseCsv } from "../../platform/csv.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { callerFor, createTestDeps, createUser, statementsOf, type TestDeps, testApp } from "../../testing.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";
import { admitCardBlock, myAdmitCard } from "../exams/admit-card.service.ts";
import { notificationText } from "../notifications/notifications.service.ts";
import { CONCESSIONS_CSV_HEADER } from "./concessions.service.ts";
import { recordPayment, standings } from "./payments.service.ts";
import { defaultDueDays, feesToRaiseHint, raiseFees, termRaisedWithout } from "./plans.service.ts";
import { myFees } from "./student-fees.service.ts";

let deps: TestDeps;
let programmeId: number;

const person = async (role: "admin" | "staff" | "student", extra: Record<string, unknown> = {}) => {
  const user = await createUser(deps, { role, ...extra });
  const token = await createSession(deps, user.id);
  return { id: user.id, token, call: callerFor(deps, await resolveSession(deps, token)) };
};
type Person = Awaited<ReturnType<typeof person>>;
let admin: Person;
let staff: Person;

/** A refused call's code, message and field errors (from the service's AppError or the schema's issues). */
async function refused(call: Promise<unknown>) {
  try {
    await call;
  } catch (err) {
    const e = err as { code: string; message: string; cause?: { fieldErrors?: Record<string, string[]>; issues?: v.BaseIssue<unknown>[] } };
    const fieldErrors = e.cause?.fieldErrors ?? (e.cause?.issues ? fieldErrorsOf(e.cause.issues) : {});
    return { code: e.code, message: e.message, fieldErrors };
  }
  throw new Error("expected the call to be refused");
}

async function addProgramme(values: {
  name: string;
  fee: number | null;
  period: "year" | "semester";
  instalments: number;
  months?: number;
}) {
  const at = deps.now().toISOString();
  return (
    await deps.db
      .insertInto("programmes")
      .values({
        slug: values.name.toLowerCase().replace(/\W+/g, "-"),
        name: values.name,
        level: "ug",
        duration_months: values.months ?? 36,
        fee_period: values.period,
        fee_paise: values.fee,
        instalments: values.instalments,
        seats: null,
        university: null,
        eligibility: null,
        summary: null,
        syllabus_file: null,
        syllabus_name: null,
        sort_order: 0,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

let studentCounter = 0;
/** Students of a programme's term, inserted in one statement (no password: they never sign in here). */
async function students(programme: number, term: number, count: number, active: 0 | 1 = 1) {
  const at = deps.now().toISOString();
  const rows = Array.from({ length: count }, () => {
    studentCounter += 1;
    return {
      role: "student" as const,
      name: `Learner ${studentCounter}`,
      email: `learner${studentCounter}@example.test`,
      password_hash: null,
      student_id: `STU9${String(studentCounter).padStart(4, "0")}`,
      programme_id: programme,
      current_term: term,
      is_active: active,
      created_at: at,
      updated_at: at,
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500)
    ids.push(
      ...(
        await deps.db
          .insertInto("users")
          .values(rows.slice(i, i + 500))
          .returning("id")
          .execute()
      ).map((r) => r.id),
    );
  return ids;
}

const instalmentsOf = (userId: number) =>
  deps.db
    .selectFrom("fee_instalments")
    .select(["programme_id", "term", "number", "amount_paise", "due_on", "late_fee_paise", "grace_days"])
    .where("user_id", "=", userId)
    .orderBy("number")
    .execute();
const auditOf = (action: string) =>
  deps.db.selectFrom("audit_log").select(["details", "entity_id", "entity_type"]).where("action", "=", action).orderBy("id").execute();

beforeEach(async () => {
  await loadAllCatalogues();
  deps = await createTestDeps();
  testApp(deps); // the request's language source, for inLocale
  // A semester programme paid in three parts: ₹10,000.01 does not divide evenly.
  programmeId = await addProgramme({ name: "Bachelor of Testing", fee: 10_000_01, period: "semester", instalments: 3 });
  admin = await person("admin");
  staff = await person("staff");
});

/** A plan saved by someone else since the form was opened (stop 48). */
const SAVED_MEANWHILE = {
  code: "CONFLICT",
  message: expect.stringContaining("Someone else saved the plan of Bachelor of Testing after you opened the form"),
};

describe("fee plans (issue 19)", () => {
  test("without a plan a programme's instalments are spread evenly over the term; each listed programme shows its amounts and active students per term", async () => {
    expect(defaultDueDays({ instalments: 2, fee_period: "year" })).toEqual([0, 182]);
    expect(defaultDueDays({ instalments: 3, fee_period: "semester" })).toEqual([0, 60, 121]);
    expect(defaultDueDays({ instalments: 1, fee_period: "year" })).toEqual([0]);
    expect(defaultDueDays({ instalments: 12, fee_period: "year" })).toEqual([0, 30, 60, 91, 121, 152, 182, 212, 243, 273, 304, 334]);
    await students(programmeId, 1, 3);
    await students(programmeId, 2, 1);
    await students(programmeId, 1, 2, 0); // inactive: not counted
    const { programmes, pagination } = await staff.call.feePlans.list({ search: "testing" });
    expect(pagination.totalItems).toBe(1);
    expect(programmes[0]).toMatchObject({
      id: programmeId,
      name: "Bachelor of Testing",
      feePaise: 10_000_01,
      feePeriod: "semester",
      instalments: 3,
      terms: 6,
      amounts: [3_333_35, 3_333_33, 3_333_33],
      plan: { days: [0, 60, 121], lateFee: 0, graceDays: 0, saved: false, stale: false },
      students: [
        { term: 1, count: 3 },
        { term: 2, count: 1 },
      ],
    });
    // The whole catalogue, a page at a time, archived programmes left out.
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("name", "=", "Arts").execute();
    const page = await staff.call.feePlans.list({ limit: 10, page: 3 });
    expect(page.pagination).toMatchObject({ totalItems: 24, totalPages: 3, currentPage: 3 });
    expect(page.programmes).toHaveLength(4);
  });

  test("an archived programme with active students stays in the list, marked, so their next term can be raised; archiving says they keep it (walk 30a)", async () => {
    await students(programmeId, 1, 1);
    const archived = await admin.call.programmes.setArchived({ id: programmeId, archived: true });
    expect(archived.message).toBe(
      "Bachelor of Testing is archived: no longer listed or offered. Its 1 active student keeps it, and Fee plans still lists it for them.",
    );
    const listed = (await staff.call.feePlans.list({ search: "testing" })).programmes;
    expect(listed.map((p) => [p.name, p.archived])).toEqual([["Bachelor of Testing", true]]);
    // Without active students it goes, as any archived programme.
    await deps.db.updateTable("users").set({ is_active: 0 }).where("programme_id", "=", programmeId).execute();
    expect((await staff.call.feePlans.list({ search: "testing" })).programmes).toEqual([]);
    const empty = await addProgramme({ name: "Diploma in Nothing Yet", fee: 1_000_00, period: "year", instalments: 1 });
    expect((await admin.call.programmes.setArchived({ id: empty, archived: true })).message).toBe(
      "Diploma in Nothing Yet is archived: no longer listed or offered.",
    );
  });

  test("two administrators saving one plan: the second, from the version both opened, is refused; the first stands (stop 48)", async () => {
    const opened = (await staff.call.feePlans.list({ search: "testing" })).programmes[0]!.version;
    expect(opened).toBe("default");
    // A due day is digits, as every whole number (walk 16a): "0x1e" is not day 30.
    expect(
      (await refused(admin.call.feePlans.save({ programmeId, days: ["0", "0x1e", "90"], lateFee: "", graceDays: "2e0" }))).fieldErrors,
    ).toMatchObject({
      "days.1": [expect.any(String)],
      graceDays: [expect.any(String)],
    });
    // The first save from the default plan stands; a second form opened on the default is refused.
    const first = { programmeId, version: opened, days: ["0", "45", "90"], lateFee: "250", graceDays: "7" };
    await admin.call.feePlans.save(first);
    expect(await refused(admin.call.feePlans.save({ ...first, days: [0, 30, 60] }))).toMatchObject(SAVED_MEANWHILE);
    expect((await staff.call.feePlans.list({ search: "testing" })).programmes[0]!.plan.days).toEqual([0, 45, 90]);
  });

  test("a plan's version is what its form edits, not when it was saved: two saves in one clock tick still refuse the stale form (stop 48)", async () => {
    await admin.call.feePlans.save({ programmeId, days: ["0", "45", "90"], lateFee: "250", graceDays: "7" });
    // Both open the saved plan; the clock does not move between the saves (as two saves in one millisecond).
    const opened = (await staff.call.feePlans.list({ search: "testing" })).programmes[0]!.version;
    await admin.call.feePlans.save({ programmeId, version: opened, days: ["0", "60", "120"], lateFee: "250", graceDays: "7" });
    expect(
      await refused(admin.call.feePlans.save({ programmeId, version: opened, days: [0, 45, 90], lateFee: "300", graceDays: 7 })),
    ).toMatchObject(SAVED_MEANWHILE);
    const [now] = (await staff.call.feePlans.list({ search: "testing" })).programmes;
    expect(now!.plan).toMatchObject({ days: [0, 60, 120], lateFee: 250_00, graceDays: 7 });
    // Saved again as it is, the plan keeps its version: a colleague's form opened on it still saves.
    await admin.call.feePlans.save({ programmeId, version: now!.version, days: [0, 60, 120], lateFee: "250", graceDays: "7" });
    const same = (await staff.call.feePlans.list({ search: "testing" })).programmes[0]!;
    expect(same.version).toBe(now!.version);
    await admin.call.feePlans.save({ programmeId, version: now!.version, days: [0, 60, 120], lateFee: "300", graceDays: "7" });
    expect((await staff.call.feePlans.list({ search: "testing" })).programmes[0]!.plan.lateFee).toBe(300_00);
  });

  test("an administrator saves a plan (one due day per instalment, going up, 0–365; late fee in rupees; grace 0–60), audited; staff may only read", async () => {
    const saved = await admin.call.feePlans.save({ programmeId, days: ["0", "45", "90"], lateFee: "250.50", graceDays: "7" });
    expect(saved.message).toBe("The fee plan of Bachelor of Testing is saved. Fees already raised keep their dates.");
    expect(saved.plan).toMatchObject({ days: [0, 45, 90], lateFee: 250_50, graceDays: 7, saved: true, stale: false });
    const [listed] = (await staff.call.feePlans.list({ search: "testing" })).programmes;
    expect(listed!.plan).toMatchObject({ days: [0, 45, 90], lateFee: 250_50, graceDays: 7, saved: true });
    const [entry] = await auditOf("fee.plan_save");
    expect([entry!.entity_type, Number(entry!.entity_id)]).toEqual(["programme", programmeId]);
    expect(JSON.parse(entry!.details)).toEqual({ programme: "Bachelor of Testing", days: [0, 45, 90], lateFee: 250_50, graceDays: 7 });
    // Saving again replaces it.
    await admin.call.feePlans.save({ programmeId, days: [10, 20, 30], lateFee: "", graceDays: 0 });
    expect((await staff.call.feePlans.list({ search: "testing" })).programmes[0]!.plan).toMatchObject({ days: [10, 20, 30], lateFee: 0 });

    expect(await refused(admin.call.feePlans.save({ programmeId, days: [0, 90], lateFee: "0", graceDays: 0 }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Bachelor of Testing is paid in 3 instalments: give 3 due days.",
      fieldErrors: { days: ["Bachelor of Testing is paid in 3 instalments: give 3 due days."] },
    });
    expect((await refused(admin.call.feePlans.save({ programmeId, days: [0, 90, 60], lateFee: "0", graceDays: 0 }))).fieldErrors).toEqual({
      days: ["The due days must go up: each instalment falls due after the one before."],
    });
    expect((await refused(admin.call.feePlans.save({ programmeId, days: [0, 90, 90], lateFee: "0", graceDays: 0 }))).fieldErrors).toEqual({
      days: ["The due days must go up: each instalment falls due after the one before."],
    });
    expect((await refused(admin.call.feePlans.save({ programmeId, days: [0, 90, 366], lateFee: "0", graceDays: 0 }))).fieldErrors).toEqual({
      "days.2": ["Enter a whole number of days from 0 to 365 after the term starts."],
    });
    expect((await refused(admin.call.feePlans.save({ programmeId, days: [0, "x", 100], lateFee: "0", graceDays: 0 }))).fieldErrors).toEqual(
      {
        "days.1": ["Enter a whole number of days from 0 to 365 after the term starts."],
      },
    );
    expect(
      (await refused(admin.call.feePlans.save({ programmeId, days: [0, 30, 60], lateFee: "12.345", graceDays: "61" }))).fieldErrors,
    ).toEqual({
      lateFee: ["Enter the late fee in rupees, for example 500 (0 for none)."],
      graceDays: ["Grace days must be a whole number from 0 to 60."],
    });
    expect(await refused(admin.call.feePlans.save({ programmeId: 999_999, days: [0], lateFee: "0", graceDays: 0 }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await refused(staff.call.feePlans.save({ programmeId, days: [0, 30, 60], lateFee: "0", graceDays: 0 }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await auditOf("fee.plan_save")).toHaveLength(2);
  });

  test("a plan whose programme changed its number of instalments is marked stale and cannot be raised from", async () => {
    await admin.call.feePlans.save({ programmeId, days: [0, 45, 90], lateFee: "0", graceDays: 0 });
    await deps.db.updateTable("programmes").set({ instalments: 2 }).where("id", "=", programmeId).execute();
    expect((await staff.call.feePlans.list({ search: "testing" })).programmes[0]!.plan).toMatchObject({ stale: true, days: [0, 45, 90] });
    expect(await refused(staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-12-01" }))).toEqual({
      code: "CONFLICT",
      message: "Bachelor of Testing is now paid in 2 instalments but its plan has 3 due days: update the plan first.",
      fieldErrors: {},
    });
  });
});

describe("raising a term's fees", () => {
  test("every active student of the programme and term gets the plan's instalments: amounts adding up to the fee, due on the start day plus the plan's days, its late fee and grace", async () => {
    await admin.call.feePlans.save({ programmeId, days: [0, 30, 75], lateFee: "500", graceDays: 5 });
    const [a, b] = await students(programmeId, 1, 2);
    const [elsewhere] = await students(programmeId, 2, 1);
    const [inactive] = await students(programmeId, 1, 1, 0);
    const other = await addProgramme({ name: "Other Programme", fee: 5_000_00, period: "year", instalments: 1 });
    const [outsider] = await students(other, 1, 1);

    const preview = await staff.call.feePlans.raisePreview({ programmeId, term: 1 });
    expect(preview).toMatchObject({
      students: 2,
      already: 0,
      toRaise: 2,
      instalments: [
        { number: 1, amount: 3_333_35, day: 0 },
        { number: 2, amount: 3_333_33, day: 30 },
        { number: 3, amount: 3_333_33, day: 75 },
      ],
      lateFee: 500_00,
      graceDays: 5,
    });

    const answer = await staff.call.feePlans.raise({ programmeId, term: "1", startOn: "2026-12-20" });
    expect(answer).toEqual({ message: "Fees raised for 2 students of Bachelor of Testing, Semester 1.", raised: 2, already: 0 });
    for (const id of [a!, b!]) {
      const rows = await instalmentsOf(id);
      expect(rows).toEqual([
        {
          programme_id: programmeId,
          term: 1,
          number: 1,
          amount_paise: 3_333_35,
          due_on: "2026-12-20",
          late_fee_paise: 500_00,
          grace_days: 5,
        },
        {
          programme_id: programmeId,
          term: 1,
          number: 2,
          amount_paise: 3_333_33,
          due_on: "2027-01-19",
          late_fee_paise: 500_00,
          grace_days: 5,
        },
        {
          programme_id: programmeId,
          term: 1,
          number: 3,
          amount_paise: 3_333_33,
          due_on: "2027-03-05",
          late_fee_paise: 500_00,
          grace_days: 5,
        },
      ]);
      expect(rows.reduce((sum, r) => sum + r.amount_paise, 0)).toBe(10_000_01);
    }
    for (const id of [elsewhere!, inactive!, outsider!]) expect(await instalmentsOf(id)).toEqual([]);
    const [entry] = await auditOf("fee.raise");
    expect(JSON.parse(entry!.details)).toMatchObject({
      programme: "Bachelor of Testing",
      termUnit: "semester",
      term: 1,
      startOn: "2026-12-20",
      students: 2,
      already: 0,
    });
    // The raised instalments are what the ledger reads.
    const ledger = await standings(deps.db, "2026-12-01", (q) =>
      q.where("fee_instalments.user_id", "=", a!).orderBy("fee_instalments.number"),
    );
    expect(ledger.map((s) => [s.standing.total, s.standing.status])).toEqual([
      [3_333_35, "due"],
      [3_333_33, "due"],
      [3_333_33, "due"],
    ]);
  });

  test("the students raised are told what they now owe in the portal; those already raised, or elsewhere, are not (walk 16c)", async () => {
    const [a, b] = await students(programmeId, 1, 2);
    const [elsewhere] = await students(programmeId, 2, 1);
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-12-01" });
    const [c] = await students(programmeId, 1, 1);
    deps.advance(60_000);
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-12-01" });
    const told = await deps.db
      .selectFrom("notifications")
      .select(["recipient_user_id", "kind", "params", "link"])
      .where("kind", "=", "fee.raised")
      .orderBy("recipient_user_id")
      .execute();
    expect(told.map((n) => n.recipient_user_id)).toEqual([a!, b!, c!]);
    expect(told.map((n) => n.recipient_user_id)).not.toContain(elsewhere!);
    const params = JSON.parse(told[0]!.params!);
    expect(params).toEqual({ programme: "Bachelor of Testing", amount: "₹10,000.01", termUnit: expect.any(String), term: 1 });
    expect(told[0]!.link).toBe("/student/fees");
    const asA = callerFor(deps, await resolveSession(deps, await createSession(deps, a!)));
    const [item] = (await asA.notifications.list({})).notifications;
    // Named with its term, so that the next term's notice is told apart (walk 17), in the reader's words.
    const term = params.termUnit === "year" ? "Year 1" : "Semester 1";
    expect(item).toMatchObject({ title: `Your fees for Bachelor of Testing, ${term}: ₹10,000.01` });
    expect(inLocale("hi", () => notificationText("fee.raised", params)).title).toBe(
      `Bachelor of Testing, ${params.termUnit === "year" ? "वर्ष 1" : "सेमेस्टर 1"} का आपका शुल्क: ₹10,000.01`,
    );
    // A notice told before its term was kept says it as it did.
    expect(notificationText("fee.raised", { programme: "BBA", amount: "₹100" }).title).toBe("Your fees for BBA: ₹100");
  });

  test("a term that started before its fees were raised: an instalment already due counts its grace from today, so no late fee is charged at once (walk 16c)", async () => {
    await admin.call.feePlans.save({ programmeId, days: [0, 30, 75], lateFee: "500", graceDays: 5 });
    const [a] = await students(programmeId, 1, 1);
    const today = localDate(deps.now(), "Asia/Kolkata");
    const startOn = addDays(today, -10);
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn });
    const rows = await instalmentsOf(a!);
    // Due on its day (it is overdue), its grace running from today; the later ones as the plan says.
    expect(rows.map((r) => [r.due_on, r.grace_days])).toEqual([
      [startOn, 15],
      [addDays(startOn, 30), 5],
      [addDays(startOn, 75), 5],
    ]);
    const first = async (day: string) =>
      (await standings(deps.db, day, (q) => q.where("fee_instalments.user_id", "=", a!).orderBy("fee_instalments.number")))[0]!.standing;
    expect(await first(today)).toMatchObject({ lateFee: 0, status: "overdue" });
    expect(await first(addDays(today, 5))).toMatchObject({ lateFee: 0 });
    expect(await first(addDays(today, 6))).toMatchObject({ lateFee: 500_00 });
  });

  test("raising again is safe: nobody is charged twice, a student who joined since is charged, and the answer says how many", async () => {
    const [a] = await students(programmeId, 1, 3);
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-12-01" });
    const again = await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2027-01-01" });
    expect(again).toEqual({
      message:
        "Nobody to raise fees for: every active student of Bachelor of Testing, Semester 1 already has this term's instalments, or there is none.",
      raised: 0,
      already: 3,
    });
    // Their dates did not move.
    expect((await instalmentsOf(a!)).map((r) => r.due_on)).toEqual(["2026-12-01", "2027-01-30", "2027-04-01"]);
    const [late] = await students(programmeId, 1, 1);
    // Whoever adds the late joiner is told their term was raised before them (stop 53); the others are not.
    expect(await termRaisedWithout(deps.db, late!)).toEqual({ programme: "Bachelor of Testing", termUnit: "semester", term: 1 });
    expect(await termRaisedWithout(deps.db, a!)).toBeNull();
    const [secondTerm] = await students(programmeId, 2, 1);
    expect(await termRaisedWithout(deps.db, secondTerm!)).toBeNull();
    // A year on: the raised batch has moved to term 2 with its term-1 instalments; a new term-1 student is told
    // nothing until this year's term 1 is raised (stop 53's review).
    const batch = await deps.db.selectFrom("fee_instalments").select("user_id").distinct().execute();
    const moved = batch.map((b) => b.user_id);
    await deps.db.updateTable("users").set({ current_term: 2 }).where("id", "in", moved).execute();
    const [nextYear] = await students(programmeId, 1, 1);
    expect(await termRaisedWithout(deps.db, nextYear!)).toBeNull();
    await deps.db.updateTable("users").set({ current_term: 1 }).where("id", "in", moved).execute();
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", nextYear!).execute();
    expect(await staff.call.feePlans.raisePreview({ programmeId, term: 1 })).toMatchObject({ students: 4, already: 3, toRaise: 1 });
    const third = await admin.call.feePlans.raise({ programmeId, term: 1, startOn: "2027-01-01" });
    expect(third).toEqual({
      message:
        "Fees raised for 1 student of Bachelor of Testing, Semester 1. 3 students already had this term's instalments and were left as they were.",
      raised: 1,
      already: 3,
    });
    expect(await instalmentsOf(late!)).toHaveLength(3);
    expect(await termRaisedWithout(deps.db, late!)).toBeNull();
    expect(await deps.db.selectFrom("fee_instalments").select("id").execute()).toHaveLength(12);
    // Only the raises that charged someone are in the activity log.
    expect((await auditOf("fee.raise")).map((e) => JSON.parse(e.details).students)).toEqual([3, 1]);
  });

  test("the raise-again hint beside an act already made: a failed read is logged and leaves the hint out", async () => {
    const broken = await createTestDeps();
    await broken.db.destroy();
    expect(await feesToRaiseHint(broken, 1)).toBeNull();
    expect(broken.logLines.some((l) => l.includes("the raise-again hint could not be read"))).toBe(true);
  });

  test("a fee on request, a term beyond the programme, a bad start day and students are refused", async () => {
    const onRequest = await addProgramme({ name: "Doctoral Studies", fee: null, period: "year", instalments: 2 });
    await students(onRequest, 1, 2);
    expect(await refused(staff.call.feePlans.raise({ programmeId: onRequest, term: 1, startOn: "2026-12-01" }))).toEqual({
      code: "CONFLICT",
      message: 'Doctoral Studies\'s fee is "on request": set its fee in Programmes before raising fees.',
      fieldErrors: {},
    });
    expect(await refused(staff.call.feePlans.raisePreview({ programmeId: onRequest, term: 1 }))).toMatchObject({ code: "CONFLICT" });
    expect(await refused(staff.call.feePlans.raise({ programmeId, term: 7, startOn: "2026-12-01" }))).toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { term: ["Bachelor of Testing has 6 terms: choose one of them."] },
    });
    expect((await refused(staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-02-30" }))).fieldErrors).toEqual({
      startOn: ["Enter the day the term starts."],
    });
    expect((await refused(staff.call.feePlans.raise({ programmeId, term: "", startOn: "2026-12-01" }))).fieldErrors).toEqual({
      term: ["Choose the term."],
    });
    const learner = await person("student", { programme_id: programmeId, current_term: 1 });
    expect(await refused(learner.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-12-01" }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await refused(learner.call.feePlans.list({}))).toMatchObject({ code: "FORBIDDEN" });
    expect(await deps.db.selectFrom("fee_instalments").select("id").execute()).toEqual([]);
  });

  test("for any fee and number of instalments, each student's instalments add up to the fee exactly", async () => {
    const [only] = await students(programmeId, 1, 1);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 50_00_000_00 }), fc.integer({ min: 1, max: 12 }), async (fee, n) => {
        await deps.db.deleteFrom("fee_instalments").execute();
        await deps.db.updateTable("programmes").set({ fee_paise: fee, instalments: n }).where("id", "=", programmeId).execute();
        const { raised } = await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-12-01" });
        const rows = await instalmentsOf(only!);
        expect([raised, rows.length]).toEqual([1, n]);
        expect(rows.reduce((sum, r) => sum + r.amount_paise, 0)).toBe(fee);
        expect(rows.every((r, i) => i === 0 || r.due_on > rows[i - 1]!.due_on)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  test("a term of thousands of students is raised in one statement", async () => {
    // The time it takes is the benchmark's business; here, that the statements do not grow with the students.
    const raise = async (term: number) => {
      const { result, statements } = await statementsOf(deps, (d) => raiseFees(d, staff.id, { programmeId, term, startOn: "2026-12-01" }));
      return { raised: result.raised, statements };
    };
    await students(programmeId, 2, 3);
    await students(programmeId, 3, 3_000);
    const few = await raise(2);
    const many = await raise(3);
    expect([few.raised, many.raised]).toEqual([3, 3_000]);
    expect(many.statements).toBe(few.statements);
    const { n } = await deps.db
      .selectFrom("fee_instalments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("term", "=", 3)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(9_000);
  });
});

describe("concessions and scholarships", () => {
  async function raisedStudent() {
    const learner = await person("student", { programme_id: programmeId, current_term: 1, student_id: "STU0777", name: "Meena Patil" });
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-11-01" });
    const rows = await standings(deps.db, "2026-11-22", (q) => q.where("fee_instalments.user_id", "=", learner.id).orderBy("number"));
    return { learner, instalments: rows.map((r) => r.instalment.id) };
  }
  const outstandingOf = async (instalmentId: number) =>
    (await standings(deps.db, "2026-11-22", (q) => q.where("fee_instalments.id", "=", instalmentId)))[0]!.standing;

  test("the office gives one against an instalment with a reason: what is owed goes down, the list shows who and why, and it is audited", async () => {
    const { learner, instalments } = await raisedStudent();
    const given = await staff.call.feePlans.giveConcession({
      instalmentId: instalments[0]!,
      kind: "scholarship",
      amount: "1,000.35",
      reason: "Merit scholarship 2026",
    });
    expect(given.message).toBe("Scholarship of ₹1,000.35 given to Meena Patil.");
    // The student is told, in the portal and by e-mail, with the office's reason (walk 16c: nothing was said).
    const note = await deps.db
      .selectFrom("notifications")
      .select(["title", "message"])
      .where("recipient_user_id", "=", learner.id)
      .where("kind", "=", "fee.concession")
      .executeTakeFirstOrThrow();
    expect(note).toEqual({
      title: "Your fees are reduced by ₹1,000.35",
      message: "The office reduced what you owe by ₹1,000.35: “Merit scholarship 2026”. See Fees for what is still to pay.",
    });
    const mail = await deps.db
      .selectFrom("email_outbox")
      .select(["subject", "template"])
      .where("template", "=", "student_alert")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain("Your fees are reduced by ₹1,000.35");
    expect(await outstandingOf(instalments[0]!)).toMatchObject({ concession: 1_000_35, outstanding: 2_333_00 });
    await admin.call.feePlans.giveConcession({
      instalmentId: instalments[1]!,
      kind: "concession",
      amount: "500",
      reason: "Sibling concession",
    });

    const list = await staff.call.feePlans.concessions({});
    expect(list.pagination.totalItems).toBe(2);
    expect(list.concessions.map((c) => [c.kind, c.amount, c.reason, c.student.studentId, c.instalment.number])).toEqual([
      ["concession", 500_00, "Sibling concession", "STU0777", 2],
      ["scholarship", 1_000_35, "Merit scholarship 2026", "STU0777", 1],
    ]);
    expect(list.concessions[1]).toMatchObject({
      givenBy: expect.stringMatching(/^Admin|^Student/),
      instalment: { programme: "Bachelor of Testing", term: 1 },
      withdrawn: null,
    });
    expect((await staff.call.feePlans.concessions({ search: "merit" })).concessions.map((c) => c.reason)).toEqual([
      "Merit scholarship 2026",
    ]);
    // Each instalment says what lowered it, on the student's Fees page and at the desk (walk 33c: "Concession" for both).
    const reduced = (await myFees(deps, learner.id)).instalments.map((i) => i.reducedBy);
    expect(reduced).toEqual(["scholarship", "concession", null]);
    expect((await staff.call.feePlans.concessions({ limit: 1, page: 2 })).concessions.map((c) => c.reason)).toEqual([
      "Merit scholarship 2026",
    ]);

    const [entry] = await auditOf("fee.concession");
    expect([entry!.entity_type, Number(entry!.entity_id)]).toEqual(["student", learner.id]);
    expect(JSON.parse(entry!.details)).toEqual({
      studentId: "STU0777",
      kind: "scholarship",
      amount: 1_000_35,
      reason: "Merit scholarship 2026",
      programme: "Bachelor of Testing",
      termUnit: "semester",
      term: 1,
      number: 1,
    });
  });

  test("no more than what is still to pay on the instalment (nor than its own amount), and a reason is required", async () => {
    const { instalments } = await raisedStudent();
    await recordPayment(deps, staff.id, { instalmentId: instalments[0]!, amount: 3_000_00, mode: "cash", paidOn: "2026-11-20" });
    // Commas only group digits (stop 48): "3,3,3" is not ₹333.
    const commas = await refused(
      staff.call.feePlans.giveConcession({ instalmentId: instalments[0]!, kind: "concession", amount: "3,3,3", reason: "Hardship" }),
    );
    expect([commas.code, Object.keys(commas.fieldErrors ?? {})]).toEqual(["BAD_REQUEST", ["amount"]]);
    expect(
      await refused(
        staff.call.feePlans.giveConcession({ instalmentId: instalments[0]!, kind: "concession", amount: "333.36", reason: "Hardship" }),
      ),
    ).toEqual({
      code: "BAD_REQUEST",
      message: "The concession can be at most ₹333.35: what is still to pay on this instalment, not counting a late fee.",
      fieldErrors: { amount: ["The concession can be at most ₹333.35: what is still to pay on this instalment, not counting a late fee."] },
    });
    await staff.call.feePlans.giveConcession({ instalmentId: instalments[0]!, kind: "concession", amount: "333.35", reason: "Hardship" });
    expect(await outstandingOf(instalments[0]!)).toMatchObject({ outstanding: 0, status: "paid" });
    expect(
      await refused(staff.call.feePlans.giveConcession({ instalmentId: instalments[0]!, kind: "concession", amount: "1", reason: "More" })),
    ).toMatchObject({ code: "CONFLICT", message: "Nothing is left to pay on this instalment, so there is nothing to concede." });
    // A late fee makes more owed than the instalment itself; a concession still stops at the instalment's amount.
    await deps.db
      .updateTable("fee_instalments")
      .set({ late_fee_paise: 200_00, due_on: "2026-10-01" })
      .where("id", "=", instalments[1]!)
      .execute();
    expect(await outstandingOf(instalments[1]!)).toMatchObject({ lateFee: 200_00, outstanding: 3_533_33 });
    expect(
      (
        await refused(
          staff.call.feePlans.giveConcession({ instalmentId: instalments[1]!, kind: "concession", amount: "3533.33", reason: "Waiver" }),
        )
      ).message,
    ).toBe("The concession can be at most ₹3,333.33: what is still to pay on this instalment, not counting a late fee.");
    expect(
      (await refused(staff.call.feePlans.giveConcession({ instalmentId: instalments[1]!, kind: "gift", amount: "0", reason: " " })))
        .fieldErrors,
    ).toEqual({
      kind: ["Choose concession or scholarship."],
      amount: ["The amount must be more than zero."],
      reason: ["Give the reason for the concession (it is kept with the record)."],
    });
    expect(
      await refused(staff.call.feePlans.giveConcession({ instalmentId: 999_999, kind: "concession", amount: "1", reason: "x" })),
    ).toMatchObject({
      code: "NOT_FOUND",
    });
    const learner = await person("student");
    expect(
      await refused(learner.call.feePlans.giveConcession({ instalmentId: instalments[1]!, kind: "concession", amount: "1", reason: "x" })),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect(await refused(learner.call.feePlans.concessions({}))).toMatchObject({ code: "FORBIDDEN" });
  });

  test("a concession is withdrawn, never deleted: with a reason, audited; it no longer counts and cannot be withdrawn twice", async () => {
    const { learner, instalments } = await raisedStudent();
    const { concession } = await staff.call.feePlans.giveConcession({
      instalmentId: instalments[2]!,
      kind: "concession",
      amount: "1000",
      reason: "Staff ward",
    });
    expect((await refused(staff.call.feePlans.withdrawConcession({ id: concession.id, reason: "" }))).fieldErrors).toEqual({
      reason: ["Give the reason for withdrawing it (it is kept with the record)."],
    });
    const answer = await staff.call.feePlans.withdrawConcession({ id: concession.id, reason: "Given to the wrong student" });
    expect(answer.message).toBe("The concession of ₹1,000 to Meena Patil is withdrawn.");
    expect(await outstandingOf(instalments[2]!)).toMatchObject({ concession: 0, outstanding: 3_333_33 });
    const [row] = (await staff.call.feePlans.concessions({ status: "withdrawn" })).concessions;
    expect(row).toMatchObject({ reason: "Staff ward", withdrawn: { reason: "Given to the wrong student" } });
    expect((await staff.call.feePlans.concessions({ status: "active" })).concessions).toEqual([]);
    expect(await deps.db.selectFrom("fee_concessions").select("id").execute()).toHaveLength(1);
    const [entry] = await auditOf("fee.concession_withdraw");
    expect([Number(entry!.entity_id), JSON.parse(entry!.details)]).toEqual([
      learner.id,
      {
        studentId: "STU0777",
        kind: "concession",
        amount: 1_000_00,
        reason: "Given to the wrong student",
        given: "Staff ward",
        programme: "Bachelor of Testing",
        termUnit: "semester",
        term: 1,
        number: 3,
      },
    ]);
    expect(await refused(staff.call.feePlans.withdrawConcession({ id: concession.id, reason: "Again" }))).toMatchObject({
      code: "CONFLICT",
      message: "This concession is already withdrawn.",
    });
    expect(await refused(staff.call.feePlans.withdrawConcession({ id: 999_999, reason: "x" }))).toMatchObject({ code: "NOT_FOUND" });
  });

  test("the list downloads as CSV (stop 61's left item): its search and status, every row, in English, audited", async () => {
    const { instalments } = await raisedStudent();
    await staff.call.feePlans.giveConcession({
      instalmentId: instalments[0]!,
      kind: "scholarship",
      amount: "1,000.35",
      reason: "Merit, 2026",
    });
    const { concession } = await staff.call.feePlans.giveConcession({
      instalmentId: instalments[1]!,
      kind: "concession",
      amount: "500",
      reason: "Sibling concession",
    });
    await admin.call.feePlans.withdrawConcession({ id: concession.id, reason: "=Wrong student" });
    const app = testApp(deps);
    const download = (query: string, token = staff.token) =>
      app.request(`/api/fees/reports/concessions.csv${query}`, { headers: { authorization: `Bearer ${token}` } });
    const res = await download("");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="fee-concessions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(await res.text()).map((r) => r.cells);
    expect(header).toEqual([...CONCESSIONS_CSV_HEADER]);
    // Newest first, as the list; times on the institute's clock, whole rupees and paise, and a formula never run.
    expect(rows.map((r) => r.slice(1))).toEqual([
      [
        "Concession",
        "500.00",
        "Sibling concession",
        expect.any(String),
        "STU0777",
        "Meena Patil",
        "Bachelor of Testing",
        "Semester 1",
        "2",
        expect.any(String),
        "Withdrawn",
        expect.any(String),
        expect.any(String),
        "'=Wrong student",
      ],
      [
        "Scholarship",
        "1000.35",
        "Merit, 2026",
        expect.any(String),
        "STU0777",
        "Meena Patil",
        "Bachelor of Testing",
        "Semester 1",
        "1",
        expect.any(String),
        "In force",
        "",
        "",
        "",
      ],
    ]);
    expect(rows[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // The list's filters: what is in force only, and a search.
    expect(
      parseCsv(await (await download("?status=active")).text())
        .slice(1)
        .map((r) => r.cells[1]),
    ).toEqual(["Scholarship"]);
    expect(
      parseCsv(await (await download("?search=sibling")).text())
        .slice(1)
        .map((r) => r.cells[3]),
    ).toEqual(["Sibling concession"]);
    const log = await deps.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "fee.concessions_export")
      .orderBy("id")
      .execute();
    expect(JSON.parse(log[0]!.details)).toMatchObject({ rows: 2, inForce: 1_000_35, status: "all", search: "" });
    expect(log).toHaveLength(3);
    expect((await download("?status=gone")).status).toBe(400);
    const learner = await person("student", { programme_id: programmeId, student_id: "STU0778" });
    expect((await download("", learner.token)).status).toBe(403);
  });
});

describe("the fee settings", () => {
  test("a save over a colleague's since the form was filled is refused, nothing changed; with the new version it saves", async () => {
    const filled = await admin.call.feePlans.settings();
    const values = { upiVpa: "", upiPayeeName: "", admitCardNeedsFeesClear: false, remindDaysBefore: 3, remindDaysAfter: 7 };
    const theirs = await admin.call.feePlans.saveSettings({ ...values, upiVpa: "institute@okaxis", version: filled.version });
    // Another tab, filled before: its save would put the UPI ID back to blank.
    const refusal = await refused(admin.call.feePlans.saveSettings({ ...values, remindDaysAfter: 10, version: filled.version }));
    expect(refusal).toMatchObject({ code: "CONFLICT" });
    expect(refusal.message).toStartWith("Someone else saved the fee settings after you opened this page");
    expect((await admin.call.feePlans.settings()).settings).toMatchObject({ upiVpa: "institute@okaxis", remindDaysAfter: 7 });
    const mine = await admin.call.feePlans.saveSettings({
      ...values,
      upiVpa: "institute@okaxis",
      remindDaysAfter: 10,
      version: theirs.version,
    });
    expect(mine.settings).toMatchObject({ upiVpa: "institute@okaxis", remindDaysAfter: 10 });
  });

  test("administrators read and save the fees group (one schema), audited with what changed; staff are refused", async () => {
    expect((await admin.call.feePlans.settings()).settings).toEqual({
      upiVpa: "",
      upiPayeeName: "",
      admitCardNeedsFeesClear: false,
      remindDaysBefore: 3,
      remindDaysAfter: 7,
    });
    const saved = await admin.call.feePlans.saveSettings({
      upiVpa: " institute@okaxis ",
      upiPayeeName: "Institute of Distance Education",
      admitCardNeedsFeesClear: true,
      remindDaysBefore: 3,
      remindDaysAfter: 10,
    });
    expect(saved).toEqual({
      message: "The fee settings are saved.",
      settings: {
        upiVpa: "institute@okaxis",
        upiPayeeName: "Institute of Distance Education",
        admitCardNeedsFeesClear: true,
        remindDaysBefore: 3,
        remindDaysAfter: 10,
      },
      version: expect.any(String),
    });
    const [entry] = await auditOf("fee.settings");
    expect(entry!.entity_type).toBe("settings");
    expect(JSON.parse(entry!.details)).toEqual({ changed: ["upiVpa", "upiPayeeName", "admitCardNeedsFeesClear", "remindDaysAfter"] });
    expect(
      (
        await refused(
          admin.call.feePlans.saveSettings({
            upiVpa: "not a vpa",
            upiPayeeName: "",
            admitCardNeedsFeesClear: false,
            remindDaysBefore: 61,
            remindDaysAfter: 1.5,
          }),
        )
      ).fieldErrors,
    ).toEqual({
      upiVpa: ["Enter the UPI ID (VPA) like institute@okaxis, or leave it blank."],
      remindDaysBefore: ["Days must be a whole number from 0 to 60."],
      remindDaysAfter: ["Days must be a whole number from 0 to 60."],
    });
    expect(await refused(staff.call.feePlans.settings())).toMatchObject({ code: "FORBIDDEN" });
    expect(
      await refused(
        staff.call.feePlans.saveSettings({
          upiVpa: "",
          upiPayeeName: "",
          admitCardNeedsFeesClear: false,
          remindDaysBefore: 1,
          remindDaysAfter: 1,
        }),
      ),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect((await admin.call.feePlans.settings()).settings.upiVpa).toBe("institute@okaxis");
    // Saving what is already stored writes nothing and logs nothing.
    await admin.call.feePlans.saveSettings(saved.settings);
    expect(await auditOf("fee.settings")).toHaveLength(1);
  });
});

describe("the admit card waits for the fees to be clear where the institute says so", () => {
  const EN_BLOCKED =
    "Your admit card will be available once your fees are clear: every instalment raised, including any not yet due. Still to pay: ";
  const setRule = (on: boolean) =>
    admin.call.feePlans.saveSettings({
      upiVpa: "",
      upiPayeeName: "",
      admitCardNeedsFeesClear: on,
      remindDaysBefore: 3,
      remindDaysAfter: 7,
    });

  test("the block names what is still to pay, in the request's language, an earlier term's arrears included; nothing owed or the rule off hold nothing back", async () => {
    const learner = await person("student", { programme_id: programmeId, current_term: 1 });
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-11-01" });
    expect(await admitCardBlock(deps, learner.id)).toBeNull(); // the rule is off
    await setRule(true);
    expect((await admitCardBlock(deps, learner.id))?.message).toBe(`${EN_BLOCKED}₹10,000.01.`);
    expect((await inLocale("hi", () => admitCardBlock(deps, learner.id)))?.message).toBe(
      "आपका शुल्क चुकता होने पर आपका प्रवेश पत्र उपलब्ध होगा: अब तक लगाई गई हर किस्त, उन किस्तों सहित जिनकी तारीख अभी नहीं आई। अभी बकाया: ₹10,000.01।",
    );
    // Each instalment still to pay, with its due day: the first is overdue, the two not yet due hold the card too (walk
    // 33c read only a total).
    const blocked = await myAdmitCard(deps, learner.id);
    expect(blocked).toMatchObject({ status: "blocked", message: `${EN_BLOCKED}₹10,000.01.` });
    expect(blocked.status === "blocked" && blocked.owed.map((i) => [i.term, i.number, i.outstanding, i.overdue])).toEqual([
      [1, 1, 3_333_35, true],
      [1, 2, 3_333_33, false],
      [1, 3, 3_333_33, false],
    ]);
    // Paid (and conceded) in full: the card is no longer held back.
    const rows = await standings(deps.db, "2026-11-22", (q) => q.where("fee_instalments.user_id", "=", learner.id).orderBy("number"));
    await recordPayment(deps, staff.id, { instalmentId: rows[0]!.instalment.id, amount: 3_333_35, mode: "cash", paidOn: "2026-11-02" });
    await recordPayment(deps, staff.id, { instalmentId: rows[1]!.instalment.id, amount: 3_333_33, mode: "cash", paidOn: "2026-11-02" });
    expect((await admitCardBlock(deps, learner.id))?.message).toBe(`${EN_BLOCKED}₹3,333.33.`);
    await staff.call.feePlans.giveConcession({
      instalmentId: rows[2]!.instalment.id,
      kind: "scholarship",
      amount: "3333.33",
      reason: "Merit",
    });
    expect(await admitCardBlock(deps, learner.id)).toBeNull();
    // An earlier term's arrears count after moving on (QA3 3: the card was printed at once), with the Fees page's figure.
    const moved = await person("student", { programme_id: programmeId, current_term: 1 });
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-11-01" });
    await deps.db.updateTable("users").set({ current_term: 2 }).where("id", "=", moved.id).execute();
    expect((await admitCardBlock(deps, moved.id))?.message).toBe(`${EN_BLOCKED}₹10,000.01.`);
    expect((await myFees(deps, moved.id)).totalOutstanding).toBe(10_000_01);
    // A student without a programme or instalments owes nothing.
    const loner = await person("student");
    expect(await admitCardBlock(deps, loner.id)).toBeNull();
  });
});

/** A student of another programme (or none) cannot reach these procedures at all; the office's reads name only what they ask for. */
describe("object-level", () => {
  test("a student reaches no concession, plan or preview, whatever id they send", async () => {
    const { id } = await person("student", { programme_id: programmeId, current_term: 1 });
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-11-01" });
    const [instalment] = await deps.db.selectFrom("fee_instalments").select("id").where("user_id", "=", id).execute();
    const { concession } = await staff.call.feePlans.giveConcession({
      instalmentId: instalment!.id,
      kind: "concession",
      amount: "1",
      reason: "x",
    });
    const self = callerFor(deps, await resolveSession(deps, await createSession(deps, id)));
    for (const call of [
      self.feePlans.concessions({}),
      self.feePlans.withdrawConcession({ id: concession.id, reason: "mine" }),
      self.feePlans.raisePreview({ programmeId, term: 1 }),
      self.feePlans.settings(),
    ])
      expect(await refused(call)).toMatchObject({ code: "FORBIDDEN" });
    expect(await deps.db.selectFrom("fee_concessions").select("withdrawn_at").execute()).toEqual([{ withdrawn_at: null }]);
  });
});
