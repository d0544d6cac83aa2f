import { beforeEach, describe, expect, test } from "bun:test";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { fileStore } from "../../platform/file-store.ts";
import { storeFile } from "../../platform/uploads.ts";
import { pngBytes } from "../../test-files.ts";
import { callerFor, createTestDeps, createUser, statementsOf, type TestDeps, testApp } from "../../testing.ts";
import { updateStudentRecord } from "../accounts/accounts.repository.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";
import { pendingPayments } from "./desk.service.ts";
import { submitUpiPayment } from "./payments.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let programmeId: number;

const person = async (role: "admin" | "staff" | "student", extra: Record<string, unknown> = {}) => {
  const user = await createUser(deps, { role, ...extra });
  const token = await createSession(deps, user.id);
  return { id: user.id, token, call: callerFor(deps, await resolveSession(deps, token)) };
};
type Person = Awaited<ReturnType<typeof person>>;
let staff: Person;
let admin: Person;
let asha: Person;
let ravi: Person;

async function studentNamed(name: string, studentId: string, extra: Record<string, unknown> = {}) {
  const p = await person("student", { name, student_id: studentId, ...extra });
  await updateStudentRecord(deps.db, p.id, { programme_id: programmeId }, deps.now().toISOString());
  return p;
}

/** Raises instalments for a student (what the fee plans' "raise" does), in paise. */
async function raise(userId: number, amounts: number[], dueOn = "2026-12-15", lateFee = 0) {
  const rows = await deps.db
    .insertInto("fee_instalments")
    .values(
      amounts.map((amount, i) => ({
        user_id: userId,
        programme_id: programmeId,
        term: 1,
        number: i + 1,
        amount_paise: amount,
        due_on: dueOn,
        late_fee_paise: lateFee,
        grace_days: 0,
        created_at: deps.now().toISOString(),
      })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

const req = (method: string, p: string, token?: string) =>
  app.request(p, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

const CASH = (instalmentId: number, amount: string) => ({
  instalmentId,
  amount,
  mode: "cash",
  reference: "",
  paidOn: "2026-11-22",
  note: "",
});

beforeEach(async () => {
  await loadAllCatalogues();
  deps = await createTestDeps();
  app = testApp(deps);
  programmeId = (await deps.db.selectFrom("programmes").select("id").where("slug", "=", "bba").executeTakeFirstOrThrow()).id;
  staff = await person("staff", { name: "Meera Staff" });
  admin = await person("admin", { name: "Arun Admin" });
  asha = await studentNamed("Asha Patil", "STU0101");
  ravi = await studentNamed("Ravi Kumar", "STU0102");
});

describe("to confirm: the UPI transfers students reported (issue 19)", () => {
  test("oldest first, with what is still due; searched by name, Student ID or UTR; paginated on the server", async () => {
    const [ashaFirst] = await raise(asha.id, [9_000_00]);
    const [raviFirst] = await raise(ravi.id, [5_000_00]);
    const shot = await storeFile(fileStore(deps.env), "documents", "png", await pngBytes());
    await submitUpiPayment(deps, ravi.id, {
      instalmentId: raviFirst!,
      amount: 5_000_00,
      reference: "111122223333",
      paidOn: "2026-11-21",
      screenshotFile: shot,
    });
    deps.advance(60_000);
    await submitUpiPayment(deps, asha.id, { instalmentId: ashaFirst!, amount: 4_000_50, reference: "444455556666", paidOn: "2026-11-22" });

    const all = await staff.call.feeDesk.pending({});
    expect(all.pagination).toMatchObject({ totalItems: 2, currentPage: 1 });
    expect(all.payments.map((p) => p.student.name)).toEqual(["Ravi Kumar", "Asha Patil"]);
    expect(all.payments[0]).toMatchObject({
      student: { id: ravi.id, name: "Ravi Kumar", studentId: "STU0102" },
      instalment: { id: raviFirst, programme: "BBA", term: 1, number: 1, dueOn: "2026-12-15" },
      amount: 5_000_00,
      outstanding: 5_000_00,
      reference: "111122223333",
      paidOn: "2026-11-21",
      screenshotUrl: expect.stringMatching(/^\/api\/fees\/payments\/\d+\/screenshot$/),
    });
    expect(all.payments[1]).toMatchObject({ amount: 4_000_50, outstanding: 9_000_00, screenshotUrl: null });

    for (const [search, names] of [
      ["asha", ["Asha Patil"]],
      ["stu0102", ["Ravi Kumar"]],
      ["44445555", ["Asha Patil"]],
      ["nobody", []],
      ["%", []],
    ] as const) {
      const found = await staff.call.feeDesk.pending({ search });
      expect({ search, names: found.payments.map((p) => p.student.name) }).toEqual({ search, names: [...names] });
    }
    const second = await staff.call.feeDesk.pending({ limit: 1, page: 2 });
    expect(second.payments.map((p) => p.student.name)).toEqual(["Asha Patil"]);
    expect(second.pagination).toMatchObject({ totalItems: 2, totalPages: 2, currentPage: 2 });
  });

  test("a page costs the same number of queries whether it holds one payment or ten (no query per row)", async () => {
    const count = async () => (await statementsOf(deps, (d) => pendingPayments(d, { page: 1, limit: 10, search: "" }))).statements;
    const [first] = await raise(asha.id, [1_000_00]);
    await submitUpiPayment(deps, asha.id, { instalmentId: first!, amount: 1_000_00, reference: "100000000001", paidOn: "2026-11-22" });
    await count(); // the first call also reads the settings (then kept until they change)
    const one = await count();
    for (let i = 0; i < 9; i++) {
      const s = await studentNamed(`Student ${i}`, `STU02${i}0`);
      const [inst] = await raise(s.id, [1_000_00]);
      await submitUpiPayment(deps, s.id, { instalmentId: inst!, amount: 1_000_00, reference: `10000000010${i}`, paidOn: "2026-11-22" });
    }
    expect((await pendingPayments(deps, { page: 1, limit: 10, search: "" })).payments).toHaveLength(10);
    expect(await count()).toBe(one);
  });

  test("confirm issues the receipt; a second office member confirming the same payment is told someone else decided it", async () => {
    const [first] = await raise(asha.id, [9_000_00]);
    const { payment } = await submitUpiPayment(deps, asha.id, {
      instalmentId: first!,
      amount: 9_000_00,
      reference: "123456789012",
      paidOn: "2026-11-21",
    });
    const [a, b] = await Promise.allSettled([
      staff.call.feeDesk.confirm({ id: payment.id }),
      admin.call.feeDesk.confirm({ id: payment.id }),
    ]);
    const outcomes = [a, b].map((r) => r!.status).sort();
    expect(outcomes).toEqual(["fulfilled", "rejected"]);
    const won = [a, b].find((r) => r!.status === "fulfilled") as PromiseFulfilledResult<{
      message: string;
      receipt: { id: number; number: string };
    }>;
    expect(won.value).toEqual({
      message: "Payment confirmed: receipt RCP/2026-27/000001.",
      receipt: { id: expect.any(Number), number: "RCP/2026-27/000001" },
    });
    const lost = [a, b].find((r) => r!.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: "CONFLICT", message: "This payment was already confirmed or rejected by someone else." });
    expect(await deps.db.selectFrom("fee_receipts").select("number").execute()).toEqual([{ number: "RCP/2026-27/000001" }]);
    expect((await staff.call.feeDesk.pending({})).payments).toEqual([]);
    // Rejecting it now is refused too, and an unknown payment is a 404.
    await expect(staff.call.feeDesk.reject({ id: payment.id, reason: "Not found" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(staff.call.feeDesk.confirm({ id: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("reject needs the reason; the payment leaves the list and the rejection is audited", async () => {
    const [first] = await raise(asha.id, [9_000_00]);
    const { payment } = await submitUpiPayment(deps, asha.id, {
      instalmentId: first!,
      amount: 100_00,
      reference: "123456789012",
      paidOn: "2026-11-21",
    });
    await expect(staff.call.feeDesk.reject({ id: payment.id, reason: "   " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Give the reason (it is kept with the record).",
    });
    expect(await staff.call.feeDesk.reject({ id: payment.id, reason: "No such UTR in the statement" })).toEqual({
      message: "Payment rejected; the student is told why.",
    });
    const row = await deps.db.selectFrom("fee_payments").selectAll().where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "rejected", reject_reason: "No such UTR in the statement", decided_by: staff.id });
    expect((await staff.call.feeDesk.pending({})).payments).toEqual([]);
    const log = await deps.db.selectFrom("audit_log").select(["action", "actor_user_id", "details"]).execute();
    const rejected = log.find((l) => l.action === "fee.payment_reject");
    expect(rejected).toMatchObject({ actor_user_id: staff.id });
    // It names the instalment as the other fee entries do (payments.service instalmentAuditDetails).
    const programme = await deps.db
      .selectFrom("programmes")
      .select(["name", "fee_period"])
      .where("id", "=", programmeId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(rejected!.details)).toEqual({
      studentId: "STU0101",
      amount: 100_00,
      reference: "123456789012",
      reason: "No such UTR in the statement",
      programme: programme.name,
      termUnit: programme.fee_period,
      term: 1,
      number: 1,
    });
  });
});

describe("the screenshot is the office's to open (issue 19)", () => {
  test("staff and admins get the picture; the student who sent it, another student and guests do not", async () => {
    const [first] = await raise(asha.id, [9_000_00]);
    const bytes = await pngBytes();
    const shot = await storeFile(fileStore(deps.env), "documents", "png", bytes);
    const { payment } = await submitUpiPayment(deps, asha.id, {
      instalmentId: first!,
      amount: 100_00,
      reference: "123456789012",
      paidOn: "2026-11-21",
      screenshotFile: shot,
    });
    const url = `/api/fees/payments/${payment.id}/screenshot`;
    for (const who of [staff, admin]) {
      const res = await req("GET", url, who.token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    }
    expect((await req("GET", url, asha.token)).status).toBe(403);
    expect((await req("GET", url, ravi.token)).status).toBe(403);
    expect((await req("GET", url)).status).toBe(401);
    // A payment without a screenshot, an unknown one, and a made-up id are all "not found".
    const [other] = await raise(ravi.id, [9_000_00]);
    const bare = await submitUpiPayment(deps, ravi.id, {
      instalmentId: other!,
      amount: 100_00,
      reference: "123456789013",
      paidOn: "2026-11-21",
    });
    expect((await req("GET", `/api/fees/payments/${bare.payment.id}/screenshot`, staff.token)).status).toBe(404);
    expect((await req("GET", "/api/fees/payments/999999/screenshot", staff.token)).status).toBe(404);
    expect((await req("GET", "/api/fees/payments/abc/screenshot", staff.token)).status).toBe(400);
  });
});

describe("recording a payment (issue 19)", () => {
  test("finding the student: the exact Student ID first, then by name; blank is refused", async () => {
    await studentNamed("Ashok Rao", "STU0199", { is_active: 0 });
    const byId = await staff.call.feeDesk.students({ search: "stu0101" });
    expect(byId.students).toEqual([{ id: asha.id, name: "Asha Patil", studentId: "STU0101", programme: "BBA", term: 1, active: true }]);
    const byName = await staff.call.feeDesk.students({ search: "ash" });
    expect(byName.students.map((s) => [s.name, s.active])).toEqual([
      ["Asha Patil", true],
      ["Ashok Rao", false],
    ]);
    const exactFirst = await staff.call.feeDesk.students({ search: "STU0199" });
    expect(exactFirst.students[0]?.name).toBe("Ashok Rao");
    expect((await staff.call.feeDesk.students({ search: "STU01", limit: 2 })).pagination).toMatchObject({ totalItems: 3, totalPages: 2 });
    await expect(staff.call.feeDesk.students({ search: " " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Enter a Student ID or a name to look for.",
    });
    // Office accounts are never found.
    expect((await staff.call.feeDesk.students({ search: "Meera" })).students).toEqual([]);
  });

  test("the student's instalments with where each stands, and any transfer waiting; a non-student is not found", async () => {
    const [first, second] = await raise(asha.id, [9_000_00, 4_500_50], "2026-11-01", 250_00);
    await staff.call.feeDesk.record(CASH(first!, "4000"));
    await submitUpiPayment(deps, asha.id, { instalmentId: second!, amount: 1_000_00, reference: "123456789012", paidOn: "2026-11-22" });
    const ledger = await staff.call.feeDesk.instalments({ userId: asha.id });
    expect(ledger.today).toBe("2026-11-22");
    expect(ledger.student).toEqual({ id: asha.id, name: "Asha Patil", studentId: "STU0101", programme: "BBA", active: true });
    expect(ledger.instalments).toEqual([
      expect.objectContaining({
        id: first,
        programme: "BBA",
        term: 1,
        number: 1,
        amount: 9_000_00,
        lateFee: 250_00,
        total: 9_250_00,
        paid: 4_000_00,
        outstanding: 5_250_00,
        status: "overdue",
        pending: 0,
      }),
      expect.objectContaining({ id: second, number: 2, outstanding: 4_750_50, pending: 1_000_00 }),
    ]);
    await expect(staff.call.feeDesk.instalments({ userId: staff.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("cash needs no reference; cheque, DD, bank transfer and UPI do; rupees typed are kept in paise", async () => {
    const [first] = await raise(asha.id, [9_000_00]);
    for (const mode of ["cheque", "dd", "bank", "upi"]) {
      const refused = await staff.call.feeDesk.record({ ...CASH(first!, "100"), mode }).catch((e) => e);
      expect({ mode, code: refused.code, message: refused.message }).toEqual({
        mode,
        code: "BAD_REQUEST",
        message: "Enter the transaction reference (UTR, cheque or DD number).",
      });
    }
    const cash = await staff.call.feeDesk.record({ ...CASH(first!, "1,250.50"), note: "Paid at the counter" });
    expect(cash).toEqual({
      message: "Payment recorded: receipt RCP/2026-27/000001.",
      receipt: { id: expect.any(Number), number: "RCP/2026-27/000001" },
    });
    const cheque = await staff.call.feeDesk.record({ ...CASH(first!, "₹2000"), mode: "cheque", reference: "CHQ 004512, SBI" });
    expect(cheque.receipt.number).toBe("RCP/2026-27/000002");
    const rows = await deps.db.selectFrom("fee_payments").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.amount_paise, r.mode, r.reference, r.note, r.status, r.created_by])).toEqual([
      [1_250_50, "cash", null, "Paid at the counter", "confirmed", staff.id],
      [2_000_00, "cheque", "CHQ 004512, SBI", null, "confirmed", staff.id],
    ]);
    const log = await deps.db.selectFrom("audit_log").select("action").where("action", "like", "fee.%").execute();
    expect(log.map((l) => l.action)).toEqual(["fee.payment_record", "fee.payment_record"]);
  });

  test("a UTR is recorded once, as the student's report is (eleventh walk: the desk made two receipts of one transfer)", async () => {
    const [first, second] = await raise(asha.id, [9_000_00, 9_000_00]);
    await staff.call.feeDesk.record({ ...CASH(first!, "1000"), mode: "upi", reference: "612345678901" });
    const refused = await staff.call.feeDesk.record({ ...CASH(second!, "500"), mode: "upi", reference: "612345678901" }).catch((e) => e);
    expect({ code: refused.code, message: refused.message, fields: refused.cause?.fieldErrors }).toEqual({
      code: "CONFLICT",
      message:
        "This UTR is already on a fee payment: recorded, or waiting under To confirm. A transfer is recorded once: check the number.",
      fields: { reference: [expect.stringContaining("This UTR is already on a fee payment")] },
    });
    // A cheque's number is not a UTR: two cheques of one number (two banks) are the office's to judge.
    await staff.call.feeDesk.record({ ...CASH(first!, "100"), mode: "cheque", reference: "004512" });
    await staff.call.feeDesk.record({ ...CASH(second!, "100"), mode: "cheque", reference: "004512" });
    expect(await deps.db.selectFrom("fee_receipts").select("number").execute()).toHaveLength(3);
  });

  test("an amount above what is due, nothing, a bad amount and a day in the future are refused, naming the field", async () => {
    const [first] = await raise(asha.id, [4_500_50]);
    const fieldsOf = async (input: Record<string, unknown>) => {
      const err = await staff.call.feeDesk.record(input as never).catch((e) => e);
      return { code: err.code, message: err.message };
    };
    expect(await fieldsOf(CASH(first!, "4500.51"))).toEqual({
      code: "BAD_REQUEST",
      message: "The amount is more than what is due on this instalment (₹4,500.50).",
    });
    expect(await fieldsOf(CASH(first!, "0"))).toEqual({ code: "BAD_REQUEST", message: "The amount must be more than zero." });
    expect(await fieldsOf(CASH(first!, "12.345"))).toEqual({
      code: "BAD_REQUEST",
      message: "Enter the amount in rupees, for example 12500 or 12500.50.",
    });
    expect(await fieldsOf({ ...CASH(first!, "100"), paidOn: "2026-11-23" })).toEqual({
      code: "BAD_REQUEST",
      message: "Enter the day the money was paid (not in the future).",
    });
    expect(await fieldsOf({ ...CASH(first!, "100"), paidOn: "2026-02-30" })).toMatchObject({ code: "BAD_REQUEST" });
    expect(await fieldsOf({ ...CASH(first!, "100"), mode: "gold" })).toEqual({
      code: "BAD_REQUEST",
      message: "Choose how the money was paid.",
    });
    expect(await fieldsOf(CASH(999_999, "100"))).toMatchObject({ code: "NOT_FOUND" });
    // Paid in full: nothing more can be recorded.
    await staff.call.feeDesk.record(CASH(first!, "4500.50"));
    expect(await fieldsOf(CASH(first!, "1"))).toEqual({ code: "CONFLICT", message: "Nothing is due on this instalment." });
    expect(await deps.db.selectFrom("fee_receipts").select("number").execute()).toHaveLength(1);
  });

  test("the tRPC adapter gives the form its field errors (data.fieldErrors)", async () => {
    const [first] = await raise(asha.id, [1_000_00]);
    const res = await app.request("/api/trpc/feeDesk.record", {
      method: "POST",
      headers: { authorization: `Bearer ${staff.token}`, "content-type": "application/json" },
      body: JSON.stringify({ ...CASH(first!, "2000"), mode: "upi" }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.data.fieldErrors).toEqual({ reference: ["Enter the transaction reference (UTR, cheque or DD number)."] });
    const above = await app.request("/api/trpc/feeDesk.record", {
      method: "POST",
      headers: { authorization: `Bearer ${staff.token}`, "content-type": "application/json" },
      body: JSON.stringify(CASH(first!, "2000")),
    });
    expect((await above.json()).error.data.fieldErrors).toEqual({
      amount: ["The amount is more than what is due on this instalment (₹1,000)."],
    });
  });
});

describe("recording beside a UPI transfer the student reported (decision 023, third round)", () => {
  test("at most what is left beside the waiting transfer is recorded, with the reason; once it is decided, the rest", async () => {
    const [first] = await raise(asha.id, [9_000_00]);
    const { payment } = await submitUpiPayment(deps, asha.id, {
      instalmentId: first!,
      amount: 4_000_00,
      reference: "402156789012",
      paidOn: "2026-11-22",
    });
    const waiting =
      "A UPI payment of ₹4,000 the student reported for this instalment is waiting on the To confirm tab: record at most ₹5,000 now, or confirm or reject that payment first.";
    const refused = await staff.call.feeDesk.record(CASH(first!, "9000")).catch((e) => e);
    expect({ code: refused.code, message: refused.message }).toEqual({ code: "BAD_REQUEST", message: waiting });
    // The form gets it on the amount (the HTTP adapter the screen calls).
    const res = await app.request("/api/trpc/feeDesk.record", {
      method: "POST",
      headers: { authorization: `Bearer ${staff.token}`, "content-type": "application/json" },
      body: JSON.stringify(CASH(first!, "5000.01")),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.data.fieldErrors).toEqual({ amount: [waiting] });
    // What is left beside it is recorded; then nothing more until the transfer is decided.
    await staff.call.feeDesk.record(CASH(first!, "5000"));
    const covered = await staff.call.feeDesk.record(CASH(first!, "1")).catch((e) => e);
    expect(covered.message).toBe(
      "What is due on this instalment is covered by a UPI payment of ₹4,000 the student reported, waiting on the To confirm tab: confirm or reject that payment first.",
    );
    // The transfer is confirmed as reported (before, the cash recorded first made its confirmation refuse it).
    expect((await staff.call.feeDesk.confirm({ id: payment.id })).receipt.number).toBe("RCP/2026-27/000002");
    const [settled] = (await staff.call.feeDesk.instalments({ userId: asha.id })).instalments;
    expect(settled).toMatchObject({ paid: 9_000_00, outstanding: 0, pending: 0 });
  });

  test("a concession takes up no more than what is left beside the waiting transfer either (its confirmation would then be refused)", async () => {
    const [first] = await raise(asha.id, [9_000_00]);
    await submitUpiPayment(deps, asha.id, { instalmentId: first!, amount: 4_000_00, reference: "402156789014", paidOn: "2026-11-22" });
    const give = (amount: string) =>
      staff.call.feePlans.giveConcession({ instalmentId: first!, kind: "concession", amount, reason: "Hardship" });
    const refused = await give("5000.01").catch((e) => e);
    expect({ code: refused.code, message: refused.message }).toEqual({
      code: "BAD_REQUEST",
      message:
        "The concession can be at most ₹5,000: a UPI payment of ₹4,000 the student reported for this instalment is waiting on the To confirm tab; confirm or reject it first to concede more.",
    });
    await give("5000");
    const covered = await give("1").catch((e) => e);
    expect({ code: covered.code, message: covered.message }).toEqual({
      code: "CONFLICT",
      message:
        "What is due on this instalment is covered by a UPI payment of ₹4,000 the student reported, waiting on the To confirm tab: confirm or reject that payment first.",
    });
  });

  test("a rejected transfer no longer holds anything back", async () => {
    const [first] = await raise(asha.id, [9_000_00]);
    const { payment } = await submitUpiPayment(deps, asha.id, {
      instalmentId: first!,
      amount: 9_000_00,
      reference: "402156789013",
      paidOn: "2026-11-22",
    });
    await expect(staff.call.feeDesk.record(CASH(first!, "100"))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await staff.call.feeDesk.reject({ id: payment.id, reason: "Not in the bank statement" });
    expect((await staff.call.feeDesk.record(CASH(first!, "9000"))).receipt.number).toBe("RCP/2026-27/000001");
  });
});

describe("receipts (issue 19)", () => {
  test("newest first; searched by number, name or Student ID; active or cancelled; by financial year", async () => {
    const [a1] = await raise(asha.id, [9_000_00]);
    const [r1] = await raise(ravi.id, [9_000_00]);
    await staff.call.feeDesk.record(CASH(a1!, "1000"));
    await staff.call.feeDesk.record({ ...CASH(r1!, "2000"), mode: "bank", reference: "NEFT-77" });
    const third = await staff.call.feeDesk.record(CASH(a1!, "3000"));
    // A receipt of the next financial year.
    deps.advance(140 * 86_400_000);
    const fourth = await admin.call.feeDesk.record({ ...CASH(r1!, "500"), paidOn: "2027-04-10" });
    expect(fourth.receipt.number).toBe("RCP/2027-28/000001");

    const all = await staff.call.feeDesk.receipts({});
    // The financial year the institute is in today, the clock moved past April above (its Cancel warns of a closed
    // year's receipt: walk 32a).
    expect(all.currentYear).toBe("2027-28");
    expect(all.receipts.map((r) => r.number)).toEqual([
      "RCP/2027-28/000001",
      "RCP/2026-27/000003",
      "RCP/2026-27/000002",
      "RCP/2026-27/000001",
    ]);
    expect(all.years).toEqual(["2027-28", "2026-27"]);
    expect(all.receipts[2]).toMatchObject({
      number: "RCP/2026-27/000002",
      financialYear: "2026-27",
      amount: 2_000_00,
      mode: "bank",
      reference: "NEFT-77",
      paidOn: "2026-11-22",
      issuedOn: "2026-11-22",
      student: { id: ravi.id, name: "Ravi Kumar", studentId: "STU0102" },
      instalment: { programme: "BBA", term: 1, number: 1 },
      cancelled: null,
    });

    await staff.call.feeDesk.cancelReceipt({ id: third.receipt.id, reason: "Entered twice" });
    const numbers = async (query: Record<string, unknown>) => (await staff.call.feeDesk.receipts(query)).receipts.map((r) => r.number);
    expect(await numbers({ search: "000002" })).toEqual(["RCP/2026-27/000002"]);
    expect(await numbers({ search: "asha" })).toEqual(["RCP/2026-27/000003", "RCP/2026-27/000001"]);
    expect(await numbers({ search: "STU0102" })).toEqual(["RCP/2027-28/000001", "RCP/2026-27/000002"]);
    expect(await numbers({ status: "cancelled" })).toEqual(["RCP/2026-27/000003"]);
    expect(await numbers({ status: "active", year: "2026-27" })).toEqual(["RCP/2026-27/000002", "RCP/2026-27/000001"]);
    expect(await numbers({ year: "2027-28" })).toEqual(["RCP/2027-28/000001"]);
    const page = await staff.call.feeDesk.receipts({ limit: 3, page: 2 });
    expect(page.receipts.map((r) => r.number)).toEqual(["RCP/2026-27/000001"]);
    expect(page.pagination).toMatchObject({ totalItems: 4, totalPages: 2, currentPage: 2 });
    // A search's pages: the page's receipts are found among the search's, not among all (walk 31b's ids first).
    const found = await staff.call.feeDesk.receipts({ search: "asha", limit: 1, page: 2 });
    expect([found.receipts.map((r) => r.number), found.pagination.totalItems]).toEqual([["RCP/2026-27/000001"], 2]);
    await expect(staff.call.feeDesk.receipts({ year: "2026" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(staff.call.feeDesk.receipts({ status: "void" as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  test("cancelling needs the reason, keeps the number (shown with who cancelled and why), and the next receipt takes the next number", async () => {
    const [first] = await raise(asha.id, [4_500_50]);
    const { receipt } = await staff.call.feeDesk.record(CASH(first!, "4500.50"));
    await expect(staff.call.feeDesk.cancelReceipt({ id: receipt.id, reason: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Give the reason (it is kept with the record).",
    });
    expect(await admin.call.feeDesk.cancelReceipt({ id: receipt.id, reason: "Wrong student" })).toEqual({
      message: "Receipt RCP/2026-27/000001 is cancelled; its number stays used.",
    });
    await expect(staff.call.feeDesk.cancelReceipt({ id: receipt.id, reason: "again" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This receipt is already cancelled.",
    });
    await expect(staff.call.feeDesk.cancelReceipt({ id: 999_999, reason: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [cancelled] = (await staff.call.feeDesk.receipts({})).receipts;
    expect(cancelled).toMatchObject({
      number: "RCP/2026-27/000001",
      cancelled: { at: deps.now().toISOString(), by: "Arun Admin", reason: "Wrong student" },
    });
    // The money no longer counts: the instalment is due again in full, and the next receipt is number 2.
    const ledger = await staff.call.feeDesk.instalments({ userId: asha.id });
    expect(ledger.instalments[0]).toMatchObject({ paid: 0, outstanding: 4_500_50 });
    const again = await staff.call.feeDesk.record(CASH(first!, "4500.50"));
    expect(again.receipt.number).toBe("RCP/2026-27/000002");
  });
});
