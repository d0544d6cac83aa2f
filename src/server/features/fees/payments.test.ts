import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { AppError } from "../../platform/errors.ts";
import { atOnce, createTestDeps, createUser, type TestDeps } from "../../testing.ts";
import { giveConcession } from "./concessions.service.ts";
import { financialYear, lateFeeShare, receiptNumber, splitFee, standing, upiAmount } from "./ledger.ts";
import {
  cancelReceipt,
  collectionsTotal,
  confirmPayment,
  recordPayment,
  rejectPayment,
  standings,
  submitUpiPayment,
} from "./payments.service.ts";

describe("the ledger's arithmetic (issue 19)", () => {
  const base = { amount: 10_000_00, dueOn: "2026-07-15", lateFee: 500_00, graceDays: 7, concessions: [] as number[], payments: [] };

  test("due, partial, overdue and paid; a concession lowers what is owed, never below nothing", () => {
    expect(standing(base, "2026-07-01")).toMatchObject({ total: 10_000_00, outstanding: 10_000_00, status: "due" });
    expect(standing({ ...base, payments: [{ amount: 4_000_00, paidOn: "2026-07-01" }] }, "2026-07-02")).toMatchObject({
      paid: 4_000_00,
      outstanding: 6_000_00,
      status: "partial",
    });
    expect(standing({ ...base, concessions: [2_500_00] }, "2026-07-01")).toMatchObject({ concession: 2_500_00, outstanding: 7_500_00 });
    expect(standing({ ...base, concessions: [20_000_00] }, "2026-07-01")).toMatchObject({
      concession: 10_000_00,
      outstanding: 0,
      status: "paid",
    });
    expect(standing({ ...base, payments: [{ amount: 10_000_00, paidOn: "2026-07-10" }] }, "2026-09-01")).toMatchObject({
      lateFee: 0,
      outstanding: 0,
      status: "paid",
    });
  });

  test("the late fee: only after the grace days, only when not settled by then, and paying late does not remove it", () => {
    expect(standing(base, "2026-07-16")).toMatchObject({ lateFee: 0, status: "overdue" });
    expect(standing(base, "2026-07-22")).toMatchObject({ lateFee: 0, outstanding: 10_000_00 });
    expect(standing(base, "2026-07-23")).toMatchObject({ lateFee: 500_00, total: 10_500_00, outstanding: 10_500_00 });
    const paidLate = { ...base, payments: [{ amount: 10_000_00, paidOn: "2026-07-30" }] };
    expect(standing(paidLate, "2026-08-01")).toMatchObject({ lateFee: 500_00, outstanding: 500_00, status: "overdue" });
    expect(standing({ ...base, lateFee: 0 }, "2026-12-01")).toMatchObject({ lateFee: 0, total: 10_000_00 });
  });

  test("a receipt's share of the late fee: the fee is paid first, the late fee last, never more of it than it is", () => {
    const late = standing({ ...base, payments: [{ amount: 10_500_00, paidOn: "2026-07-30" }] }, "2026-08-01");
    expect(lateFeeShare(late, 10_500_00, 0)).toBe(500_00);
    // Two parts: the first pays the fee, the second the late fee.
    const first = standing({ ...base, payments: [{ amount: 10_000_00, paidOn: "2026-07-30" }] }, "2026-08-01");
    expect(lateFeeShare(first, 10_000_00, 0)).toBe(0);
    const second = standing({ ...base, payments: [10_000_00, 500_00].map((amount) => ({ amount, paidOn: "2026-07-30" })) }, "2026-08-01");
    expect(lateFeeShare(second, 500_00, 0)).toBe(500_00);
    // The fee's receipt cancelled (the late fee's kept): paying the fee again pays no late fee a second time.
    const again = standing({ ...base, payments: [500_00, 10_000_00].map((amount) => ({ amount, paidOn: "2026-07-30" })) }, "2026-08-01");
    expect(lateFeeShare(again, 10_000_00, 500_00)).toBe(0);
    // Paid in time: no late fee at all.
    expect(lateFeeShare(standing({ ...base, payments: [{ amount: 10_000_00, paidOn: "2026-07-10" }] }, "2026-08-01"), 10_000_00, 0)).toBe(
      0,
    );
  });

  test("financial years run April to March; receipt numbers; fees split into whole paise that add up", () => {
    expect(financialYear("2026-03-31")).toBe("2025-26");
    expect(financialYear("2026-04-01")).toBe("2026-27");
    expect(financialYear("2099-12-31")).toBe("2099-00");
    expect(receiptNumber("2026-27", 42)).toBe("RCP/2026-27/000042");
    expect(upiAmount(1_250_50)).toBe("1250.50");
    expect(upiAmount(5)).toBe("0.05");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.integer({ min: 1, max: 12 }), (fee, n) => {
        const parts = splitFee(fee, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(fee);
        expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
      }),
    );
  });
});

async function world() {
  await loadAllCatalogues();
  const deps = await createTestDeps();
  const at = deps.now().toISOString();
  const programme = await deps.db.selectFrom("programmes").select("id").executeTakeFirstOrThrow();
  const office = await createUser(deps, { role: "staff" });
  const student = await createUser(deps, { role: "student", student_id: "STU0301" });
  const instalments = await deps.db
    .insertInto("fee_instalments")
    .values(
      [9_000_00, 9_000_00, 4_500_50].map((amount, i) => ({
        user_id: student.id,
        programme_id: programme.id,
        term: 1,
        number: i + 1,
        amount_paise: amount,
        due_on: ["2026-11-30", "2027-02-28", "2027-04-30"][i]!,
        late_fee_paise: 250_00,
        grace_days: 5,
        created_at: at,
      })),
    )
    .returning("id")
    .execute();
  return { deps, office, student, instalments: instalments.map((i) => i.id) };
}

/** Everything the receipts and the payments say must agree. */
async function expectConsistent(deps: TestDeps, instalments: number[]) {
  const receipts = await deps.db.selectFrom("fee_receipts").selectAll().orderBy("id").execute();
  const payments = await deps.db.selectFrom("fee_payments").selectAll().execute();
  const active = receipts.filter((r) => r.cancelled_at === null);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const confirmed = payments.filter((p) => p.status === "confirmed");
  // The sum of receipts minus cancellations is what was collected, and what the confirmed payments add up to.
  expect(sum(active.map((r) => r.amount_paise))).toBe(await collectionsTotal(deps.db, "2000-01-01", "2999-12-31"));
  expect(sum(active.map((r) => r.amount_paise))).toBe(sum(confirmed.map((p) => p.amount_paise)));
  // One receipt per confirmed (or later cancelled) payment, none for the others.
  for (const p of payments) {
    const own = receipts.filter((r) => r.payment_id === p.id);
    expect([p.status, own.length]).toEqual([p.status, p.status === "confirmed" || p.status === "cancelled" ? 1 : 0]);
  }
  // Each receipt's share of the late fee is part of its amount.
  for (const r of receipts) expect(r.late_fee_paise! >= 0 && r.late_fee_paise! <= r.amount_paise).toBe(true);
  // Gap-free: each financial year's numbers are 1..n, cancelled ones keeping theirs.
  for (const fy of new Set(receipts.map((r) => r.financial_year))) {
    const seqs = receipts.filter((r) => r.financial_year === fy).map((r) => r.sequence);
    expect(seqs.sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i + 1));
  }
  // No instalment is paid beyond what it asked.
  const today = "2027-12-31";
  for (const s of await standings(deps.db, today, (q) => q.where("fee_instalments.id", "in", instalments))) {
    expect(s.standing.paid).toBe(sum(confirmed.filter((p) => p.instalment_id === s.instalment.id).map((p) => p.amount_paise)));
    expect(s.standing.outstanding).toBeGreaterThanOrEqual(0);
    // The receipts not cancelled carry the late fee at most once; all of it once the instalment is paid.
    const paymentsOf = new Set(payments.filter((p) => p.instalment_id === s.instalment.id).map((p) => p.id));
    const lateFees = sum(active.filter((r) => paymentsOf.has(r.payment_id)).map((r) => r.late_fee_paise!));
    expect(lateFees).toBeLessThanOrEqual(s.standing.lateFee);
    if (s.standing.outstanding === 0) expect(lateFees).toBe(s.standing.lateFee);
  }
}

type Op =
  | { kind: "record" | "submit"; instalment: number; amount: number; mode: "cash" | "cheque" | "dd" | "bank" | "upi" }
  | { kind: "confirm" | "reject" | "cancel"; pick: number }
  | { kind: "days"; days: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("record" as const, "submit" as const),
    instalment: fc.integer({ min: 0, max: 2 }),
    amount: fc.oneof(fc.integer({ min: 1, max: 10_000_00 }), fc.constant(4_500_50)),
    mode: fc.constantFrom("cash" as const, "cheque" as const, "dd" as const, "bank" as const, "upi" as const),
  }),
  fc.record({ kind: fc.constantFrom("confirm" as const, "reject" as const, "cancel" as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant("days" as const), days: fc.integer({ min: 1, max: 200 }) }),
);

describe("money is exact (issue 19)", () => {
  test("for any sequence of payments, confirmations, rejections and cancellations, receipts and collections agree and numbers have no gaps", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const { deps, office, student, instalments } = await world();
        for (const op of ops) {
          try {
            if (op.kind === "days") deps.advance(op.days * 86_400_000);
            else if (op.kind === "record")
              await recordPayment(deps, office.id, {
                instalmentId: instalments[op.instalment]!,
                amount: op.amount,
                mode: op.mode,
                reference: "REF",
                paidOn: deps.now().toISOString().slice(0, 10),
              });
            else if (op.kind === "submit")
              await submitUpiPayment(deps, student.id, {
                instalmentId: instalments[op.instalment]!,
                amount: op.amount,
                reference: "123456789012",
                paidOn: deps.now().toISOString().slice(0, 10),
              });
            else if (op.kind === "confirm" || op.kind === "reject" || op.kind === "cancel") {
              const table = op.kind === "cancel" ? "fee_receipts" : "fee_payments";
              const rows = await deps.db.selectFrom(table).select("id").orderBy("id").execute();
              const id = rows[op.pick % Math.max(1, rows.length)]?.id;
              if (id === undefined) continue;
              if (op.kind === "confirm") await confirmPayment(deps, office.id, id);
              else if (op.kind === "reject") await rejectPayment(deps, office.id, id, "Not in the bank statement");
              else await cancelReceipt(deps, office.id, id, "Entered twice");
            }
          } catch (err) {
            // A refusal of the rules (nothing due, already decided, already cancelled…) is an answer, not a failure.
            if (!(err instanceof AppError)) throw err;
          }
        }
        await expectConsistent(deps, instalments);
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  test("two office members confirming the same payment at once: one receipt, the other is told it was decided", async () => {
    const { deps, office, student, instalments } = await world();
    const other = await createUser(deps, { role: "admin" });
    const { payment } = await submitUpiPayment(deps, student.id, {
      instalmentId: instalments[0]!,
      amount: 9_000_00,
      reference: "123456789012",
      paidOn: "2026-11-22",
    });
    const results = await Promise.allSettled([confirmPayment(deps, office.id, payment.id), confirmPayment(deps, other.id, payment.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "CONFLICT", message: "This payment was already confirmed or rejected by someone else." });
    expect(await deps.db.selectFrom("fee_receipts").select("number").execute()).toEqual([{ number: "RCP/2026-27/000001" }]);
    // A rejection after the confirmation is refused too: the decision stands.
    await expect(rejectPayment(deps, other.id, payment.id, "late")).rejects.toMatchObject({ code: "CONFLICT" });
  });

  test("acts on one instalment at once take turns (walk 23c: on PostgreSQL three desk payments of the whole amount gave three receipts)", async () => {
    const { deps, office, student, instalments } = await world();
    const other = await createUser(deps, { role: "admin" });
    const whole = { instalmentId: instalments[0]!, amount: 9_000_00, mode: "cash" as const, paidOn: "2026-11-22" };
    const three = await Promise.allSettled([
      recordPayment(deps, office.id, whole),
      recordPayment(deps, other.id, whole),
      recordPayment(deps, office.id, whole),
    ]);
    expect(three.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(await deps.db.selectFrom("fee_receipts").select("number").execute()).toEqual([{ number: "RCP/2026-27/000001" }]);

    // Money at the desk and a concession of the whole amount at once: one of them.
    const second = { ...whole, instalmentId: instalments[1]! };
    await Promise.allSettled([
      recordPayment(deps, office.id, second),
      giveConcession(deps, other.id, { instalmentId: second.instalmentId, kind: "concession", amount: 9_000_00, reason: "Merit" }),
    ]);
    const [after] = await standings(deps.db, "2026-11-22", (q) => q.where("fee_instalments.id", "=", second.instalmentId));
    expect(after!.standing.paid + after!.standing.concession).toBe(9_000_00);

    // Two transfers reported at once: one waits for the office, the other is told one already does.
    const upi = (reference: string) =>
      submitUpiPayment(deps, student.id, { instalmentId: instalments[2]!, amount: 4_500_50, reference, paidOn: "2026-11-22" });
    const reported = await Promise.allSettled([upi("123456789012"), upi("210987654321")]);
    expect(reported.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    await expectConsistent(deps, instalments);
  });

  test("one UTR recorded on two instalments at once: one receipt, the other told it is recorded (race audit 1)", async () => {
    const { deps, office, instalments } = await world();
    const other = await createUser(deps, { role: "admin" });
    const atDesk = (actor: number, instalmentId: number) => () =>
      recordPayment(deps, actor, { instalmentId, amount: 1_000_00, mode: "upi", reference: "123456789012", paidOn: "2026-11-22" });
    const settled = await atOnce(deps.db, [atDesk(office.id, instalments[0]!), atDesk(other.id, instalments[1]!)]);
    expect(settled.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await deps.db.selectFrom("fee_receipts").select("id").execute()).toHaveLength(1);
    await expectConsistent(deps, instalments);
  });

  test("a payment above what is due is refused; a student cannot pay another's instalment; one transfer waits at a time", async () => {
    const { deps, office, student, instalments } = await world();
    await expect(
      recordPayment(deps, office.id, { instalmentId: instalments[2]!, amount: 4_500_51, mode: "cash", paidOn: "2026-11-22" }),
    ).rejects.toThrow("The amount is more than what is due on this instalment (₹4,500.50).");
    const someoneElse = await createUser(deps, { role: "student", student_id: "STU0302" });
    await expect(
      submitUpiPayment(deps, someoneElse.id, {
        instalmentId: instalments[0]!,
        amount: 100,
        reference: "123456789012",
        paidOn: "2026-11-22",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await submitUpiPayment(deps, student.id, {
      instalmentId: instalments[0]!,
      amount: 100,
      reference: "123456789012",
      paidOn: "2026-11-22",
    });
    await expect(
      submitUpiPayment(deps, student.id, { instalmentId: instalments[0]!, amount: 100, reference: "123456789013", paidOn: "2026-11-22" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const { receipt } = await recordPayment(deps, office.id, {
      instalmentId: instalments[2]!,
      amount: 4_500_50,
      mode: "cash",
      paidOn: "2026-11-22",
    });
    const { message } = await cancelReceipt(deps, office.id, receipt.id, "Wrong student");
    expect(message).toBe("Receipt RCP/2026-27/000001 is cancelled; its number stays used.");
    // The cancelled receipt's money no longer counts: the instalment is due again, and the next receipt is number 2.
    const again = await recordPayment(deps, office.id, {
      instalmentId: instalments[2]!,
      amount: 4_500_50,
      mode: "cash",
      paidOn: "2026-11-22",
    });
    expect(again.receipt.number).toBe("RCP/2026-27/000002");
    const waiting = await deps.db.selectFrom("fee_payments").select("id").where("status", "=", "pending").executeTakeFirstOrThrow();
    await confirmPayment(deps, office.id, waiting.id);
    const log = await deps.db.selectFrom("audit_log").select(["action", "details"]).orderBy("id").execute();
    expect(log.map((l) => l.action)).toEqual(["fee.payment_record", "fee.receipt_cancel", "fee.payment_record", "fee.payment_confirm"]);
    // Each names its instalment with the programme's fee period, which the activity log cannot know later ("Year 1").
    const programme = await deps.db
      .selectFrom("fee_instalments")
      .innerJoin("programmes", "programmes.id", "fee_instalments.programme_id")
      .select(["programmes.name", "programmes.fee_period"])
      .where("fee_instalments.id", "=", instalments[2]!)
      .executeTakeFirstOrThrow();
    const named = (number: number) => ({ programme: programme.name, termUnit: programme.fee_period, term: 1, number });
    expect(log.map((l) => JSON.parse(l.details))).toMatchObject([named(3), named(3), named(3), named(1)]);
    // … and the student by the Student ID, as the concessions' entries do (the log said "#2" without it: decision 023).
    expect(log.map((l) => JSON.parse(l.details).studentId)).toEqual(["STU0301", "STU0301", "STU0301", "STU0301"]);
  });
});

describe("review mends (issue 19)", () => {
  test("a transfer that would now take the instalment past what is owed is not confirmed; a student with receipts is not deleted", async () => {
    const { deps, office, student, instalments } = await world();
    const { payment } = await submitUpiPayment(deps, student.id, {
      instalmentId: instalments[0]!,
      amount: 9_000_00,
      reference: "123456789012",
      paidOn: "2026-11-22",
    });
    // Meanwhile the office may not record cash beside it (decision 023, third round) …
    await expect(
      recordPayment(deps, office.id, { instalmentId: instalments[0]!, amount: 1_000_00, mode: "cash", paidOn: "2026-11-22" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // … nor give a concession beside it (review of the third round) …
    await expect(
      giveConcession(deps, office.id, { instalmentId: instalments[0]!, kind: "concession", amount: 1_000_00, reason: "Sibling" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // … and should the instalment owe less than the transfer carries anyway (a concession stored before these
    // rules), the confirmation still refuses it.
    await deps.db
      .insertInto("fee_concessions")
      .values({
        instalment_id: instalments[0]!,
        kind: "concession",
        amount_paise: 1_000_00,
        reason: "Sibling",
        created_by: office.id,
        created_at: deps.now().toISOString(),
      })
      .execute();
    await recordPayment(deps, office.id, { instalmentId: instalments[1]!, amount: 1_000_00, mode: "cash", paidOn: "2026-11-22" });
    await expect(confirmPayment(deps, office.id, payment.id)).rejects.toThrow(
      "This transfer is more than is still due on the instalment (₹8,000): reject it, or record what was received another way.",
    );
    expect(await deps.db.selectFrom("fee_payments").select("status").where("id", "=", payment.id).executeTakeFirstOrThrow()).toEqual({
      status: "pending",
    });
    expect(await deps.db.selectFrom("fee_receipts").select("number").execute()).toEqual([{ number: "RCP/2026-27/000001" }]);
    await expectConsistent(deps, instalments);

    const { deleteStudent } = await import("../students/students.service.ts");
    await expect(deleteStudent(deps, office.id, student.id)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
