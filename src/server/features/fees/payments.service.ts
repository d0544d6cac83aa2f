/**
 * Money in (issue 19; docs/FEES-MODEL.md): where each instalment stands, payments the office records (cash,
 * cheque, DD, bank transfer, UPI), a student's UPI transfer waiting for the office, confirming or rejecting
 * it, and receipts — numbered without gaps per financial year in the transaction that confirms the money,
 * cancelled (never deleted) with a reason. Two office members confirming the same payment: one wins, the
 * other is told it was already decided; there is never a second receipt.
 */
import type { Kysely } from "kysely";
import type { Database, FeePayment, PaymentMode } from "../../../../db/schema.ts";
import type { AuditAction } from "../../../shared/audit-actions.ts";
import { fees as text } from "../../../shared/i18n/fees.ts";
import { rupees } from "../../../shared/money.ts";
import type { AppDeps } from "../../deps.ts";
import { localDate } from "../../platform/calendar.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { heldForChange, holdValue } from "../../platform/row-lock.ts";
import { nextSequenceValue } from "../../platform/sequences.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { getSettings, instituteToday } from "../settings/settings.service.ts";
import { auditStudent } from "../students/students.service.ts";
import { tellOfficeUpiReported, tellPaymentRejected, tellReceiptCancelled, tellReceiptIssued } from "./fee-notices.ts";
import { financialYear, type InstalmentFacts, lateFeeShare, receiptNumber, type Standing, standing } from "./ledger.ts";

type DB = Kysely<Database>;

export const instalmentNotFound = () => new AppError("NOT_FOUND", text.t("rule.instalment"));
export const paymentNotFound = () => new AppError("NOT_FOUND", text.t("rule.payment"));
export const receiptNotFound = () => new AppError("NOT_FOUND", text.t("rule.receipt"));

/** Receipts with the students they were issued to: what a list of receipts filters and counts. */
export const studentReceipts = (db: DB) =>
  db.selectFrom("fee_receipts").innerJoin("users as student", "student.id", "fee_receipts.user_id");

/** The same receipts with what each paid: its payment, the instalment and that instalment's programme. */
export const withPaidInstalment = (receipts: ReturnType<typeof studentReceipts>) =>
  receipts
    .innerJoin("fee_payments", "fee_payments.id", "fee_receipts.payment_id")
    .innerJoin("fee_instalments", "fee_instalments.id", "fee_payments.instalment_id")
    .innerJoin("programmes", "programmes.id", "fee_instalments.programme_id");

/** What every view of a receipt shows (the term named after the programme's fee period): the office's list, the printable receipt, the student's list, the CSV. */
export const RECEIPT_FACTS = [
  "fee_receipts.id",
  "fee_receipts.number",
  "fee_receipts.amount_paise",
  "fee_receipts.late_fee_paise",
  "fee_receipts.mode",
  "fee_receipts.issued_on",
  "fee_receipts.cancelled_at",
  "fee_receipts.cancel_reason",
  "fee_instalments.term",
  "fee_instalments.number as instalment_number",
  "programmes.fee_period",
] as const;

/**
 * Instalments with where each stands, in three queries whatever their number: the instalments chosen by
 * `where` (with their programme's name and fee period), their concessions (not withdrawn), and the payments that count (confirmed; a cancelled receipt's
 * payment is `cancelled`).
 */
export async function standings(
  db: DB,
  today: string,
  where: (q: ReturnType<typeof instalmentsQuery>) => ReturnType<typeof instalmentsQuery>,
) {
  const rows = await where(instalmentsQuery(db)).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [concessions, payments] = await Promise.all([
    db
      .selectFrom("fee_concessions")
      .select(["instalment_id", "amount_paise", "kind"])
      .where("instalment_id", "in", ids)
      .where("withdrawn_at", "is", null)
      .execute(),
    db
      .selectFrom("fee_payments")
      .select(["instalment_id", "amount_paise", "paid_on"])
      .where("instalment_id", "in", ids)
      .where("status", "=", "confirmed")
      .execute(),
  ]);
  return rows.map((r) => {
    const own = concessions.filter((c) => c.instalment_id === r.id);
    const facts: InstalmentFacts = {
      amount: r.amount_paise,
      dueOn: r.due_on,
      lateFee: r.late_fee_paise,
      graceDays: r.grace_days,
      concessions: own.map((c) => c.amount_paise),
      payments: payments.filter((p) => p.instalment_id === r.id).map((p) => ({ amount: p.amount_paise, paidOn: p.paid_on })),
    };
    // What the reduction is called where it is shown: a scholarship when every one in force on it is one (walk 33c:
    // a scholarship read "Concession" on the ledger and the student's Fees page).
    const reducedBy = own.length === 0 ? null : own.every((c) => c.kind === "scholarship") ? "scholarship" : "concession";
    return { instalment: r, standing: standing(facts, today), reducedBy };
  });
}

/** Instalments with their programme's name and fee period (how their terms are named: shared/fee-terms.ts). */
export const instalmentsQuery = (db: DB) =>
  db
    .selectFrom("fee_instalments")
    .innerJoin("programmes", "programmes.id", "fee_instalments.programme_id")
    .selectAll("fee_instalments")
    .select(["programmes.name as programme", "programmes.fee_period as term_unit"]);

export async function standingOf(db: DB, today: string, instalmentId: number): Promise<{ instalment: InstalmentRow; standing: Standing }> {
  const [found] = await standings(db, today, (q) => q.where("fee_instalments.id", "=", instalmentId));
  if (!found) throw instalmentNotFound();
  return found;
}
export type InstalmentRow = Awaited<ReturnType<ReturnType<typeof instalmentsQuery>["execute"]>>[number];

/** What names an instalment on every screen ("BBA · Year 1 · Instalment 2", due on …): its id and those parts. */
export const instalmentFacts = (i: InstalmentRow) => ({
  id: i.id,
  programme: i.programme,
  termUnit: i.term_unit,
  term: i.term,
  number: i.number,
  dueOn: i.due_on,
});

/**
 * An instalment's standing read to add money or a concession to it, in the act's transaction: on PostgreSQL its
 * row is held first (FOR NO KEY UPDATE) until the transaction ends, so acts on one instalment take turns and each
 * checks what the one before it wrote (walk 23c: three payments of the whole amount at once gave three receipts
 * there, a payment and a concession at once both passed). SQLite's writes take turns already.
 */
export async function standingForChange(trx: DB, today: string, instalmentId: number) {
  await trx.selectFrom("fee_instalments").select("id").where("id", "=", instalmentId).$call(heldForChange(trx)).executeTakeFirst();
  return standingOf(trx, today, instalmentId);
}

/**
 * The instalment as the activity log names it ("BBA · Year 1 · Instalment 2", shared/fee-terms.ts): stored in
 * the details of every fee entry about one, with the programme's fee period, which the log cannot know later.
 */
const instalmentAuditDetails = (i: Pick<InstalmentRow, "programme" | "term_unit" | "term" | "number">) => ({
  programme: i.programme,
  termUnit: i.term_unit,
  term: i.term,
  number: i.number,
});

/**
 * The student and programme an instalment belongs to, for the activity log (`auditFeeAct`) and the act's message:
 * its entries name the student by Student ID ("Recorded … from STU0001") and the instalment with
 * `instalmentAuditDetails`, stored with the entry so it reads the same after the account or the programme has changed.
 */
async function instalmentOwner(db: DB, instalmentId: number) {
  return db
    .selectFrom("fee_instalments")
    .innerJoin("users", "users.id", "fee_instalments.user_id")
    .innerJoin("programmes", "programmes.id", "fee_instalments.programme_id")
    .select([
      "users.id as userId",
      "users.name",
      "users.student_id as studentId",
      "programmes.name as programme",
      "programmes.fee_period as term_unit",
      "fee_instalments.term",
      "fee_instalments.number",
    ])
    .where("fee_instalments.id", "=", instalmentId)
    .executeTakeFirstOrThrow();
}

/**
 * An office act on one instalment in the activity log, in the act's transaction: about the student the
 * instalment belongs to (named by Student ID), with what the act adds (`details`) and then the instalment
 * (`instalmentAuditDetails`). Returns that student and instalment, for the act's message. The entry's
 * student is the instalment's: a payment's and a receipt's `user_id` are copied from it and never change.
 */
export async function auditFeeAct(
  trx: DB,
  act: { action: AuditAction; actorId: number; now: Date; ip?: string | null },
  instalmentId: number,
  details: Record<string, unknown>,
) {
  const owner = await instalmentOwner(trx, instalmentId);
  await auditStudent(trx, act.now, {
    actorUserId: act.actorId,
    action: act.action,
    student: { id: owner.userId, student_id: owner.studentId },
    details: { ...details, ...instalmentAuditDetails(owner) },
    ip: act.ip,
  });
  return owner;
}

/**
 * A payment the office records or confirms, in one transaction: `confirm` (given the institute's day) writes it
 * confirmed and says what the log adds (how it was paid, the UTR); then its receipt is issued, the student
 * told, and the office's act in the activity log with the receipt's number, the amount and the instalment.
 * The mail worker is woken for the student's notice, and the office is told the receipt's number.
 */
async function confirmWithReceipt(
  deps: AppDeps,
  act: {
    action: "fee.payment_record" | "fee.payment_confirm";
    said: "said.recorded" | "said.confirmed";
    actorId: number;
    now: Date;
    ip?: string | null;
  },
  confirm: (trx: DB, today: string) => Promise<{ payment: FeePayment; details: Record<string, unknown> }>,
) {
  const { actorId, now } = act;
  const { general } = await getSettings(deps);
  const { payment, receipt } = await deps.db.transaction().execute(async (trx) => {
    const { payment, details } = await confirm(trx, localDate(now, general.timeZone));
    const receipt = await issueReceipt(trx, payment, actorId, now, general.timeZone);
    await tellReceiptIssued(deps, trx, now, receipt, payment.paid_on);
    await auditFeeAct(trx, { action: act.action, actorId, now, ip: act.ip }, payment.instalment_id, {
      receipt: receipt.number,
      amount: payment.amount_paise,
      ...details,
    });
    return { payment, receipt };
  });
  deps.mail.kick();
  return { message: text.t(act.said, { number: receipt.number }), payment, receipt };
}

/**
 * The receipt of a payment just confirmed, in the caller's transaction: the next number of the financial year
 * of the day it is issued (a rolled-back transaction returns its number, so the sequence has no gaps), and
 * how much of it paid the late fee (`lateFeeShare`).
 */
async function issueReceipt(trx: DB, payment: FeePayment, actorId: number | null, now: Date, timeZone: string) {
  const issuedOn = localDate(now, timeZone);
  const fy = financialYear(issuedOn);
  const sequence = await nextSequenceValue(trx, `receipt:${fy}`);
  // Its share of the late fee, fixed now: a later concession must not change what a printed receipt says.
  const { standing: after } = await standingOf(trx, issuedOn, payment.instalment_id);
  const lateFeePaid = await trx
    .selectFrom("fee_receipts")
    .innerJoin("fee_payments", "fee_payments.id", "fee_receipts.payment_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("fee_receipts.late_fee_paise"), eb.val(0)).as("paid"))
    .where("fee_payments.instalment_id", "=", payment.instalment_id)
    .where("fee_receipts.cancelled_at", "is", null)
    .executeTakeFirstOrThrow();
  return trx
    .insertInto("fee_receipts")
    .values({
      payment_id: payment.id,
      user_id: payment.user_id,
      financial_year: fy,
      sequence,
      number: receiptNumber(fy, sequence),
      amount_paise: payment.amount_paise,
      late_fee_paise: lateFeeShare(after, payment.amount_paise, Number(lateFeePaid.paid)),
      mode: payment.mode,
      issued_on: issuedOn,
      issued_at: now.toISOString(),
      issued_by: actorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A payment may not be more than what is still to pay on the instalment (paise, whole). */
function assertWithinDue(amount: number, st: Standing) {
  if (st.outstanding === 0) throw new AppError("CONFLICT", text.t("rule.nothingDue"));
  if (amount > st.outstanding) {
    const message = text.t("rule.amountAbove", { due: rupees(st.outstanding) });
    throw fieldError("BAD_REQUEST", "amount", message);
  }
}

/** What the student reported paying by UPI on an instalment, waiting for the office to confirm it (paise). */
export async function waitingUpi(db: DB, instalmentId: number): Promise<number> {
  const row = await db
    .selectFrom("fee_payments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_paise"), eb.val(0)).as("total"))
    .where("instalment_id", "=", instalmentId)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Money the office records may not take up what a waiting UPI transfer will pay once confirmed: recorded
 * first, it made that confirmation refuse the transfer later (rule.confirmAbove), after the money was taken.
 * The office confirms or rejects the transfer first, or records at most what is left beside it.
 */
function assertBesideWaiting(amount: number, st: Standing, waiting: number) {
  const left = st.outstanding - waiting;
  if (waiting === 0 || amount <= left) return;
  const message =
    left <= 0
      ? text.t("rule.waitingCoversDue", { waiting: rupees(waiting) })
      : text.t("rule.amountAboveWaiting", { waiting: rupees(waiting), due: rupees(left) });
  throw fieldError("BAD_REQUEST", "amount", message);
}

/**
 * A UTR names one transfer: on one payment that counts or waits, whoever records it (the student's report, the
 * fee desk). A rejected report may be sent again with it, and a cancelled receipt's transfer recorded again.
 */
async function utrInUse(trx: Kysely<Database>, reference: string) {
  // Held (PostgreSQL): one UTR reported or recorded on two instalments at once takes turns (race audit 1).
  await holdValue(trx, "fee_payments.utr", reference);
  const used = await trx
    .selectFrom("fee_payments")
    .select("id")
    .where("mode", "=", "upi")
    .where("reference", "=", reference)
    .where("status", "in", ["pending", "confirmed"])
    .executeTakeFirst();
  return used !== undefined;
}

export interface RecordPaymentInput {
  instalmentId: number;
  amount: number;
  mode: PaymentMode;
  reference?: string | null;
  paidOn: string;
  note?: string | null;
}

/**
 * The office records money it received (cash, cheque, DD, bank transfer, or a UPI transfer it has seen):
 * confirmed at once, with its receipt; never more than what is left beside a UPI transfer the student
 * reported and the office has not decided yet.
 */
export async function recordPayment(deps: AppDeps, actorId: number, input: RecordPaymentInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const act = { action: "fee.payment_record", said: "said.recorded", actorId, now, ip: meta.ip } as const;
  return confirmWithReceipt(deps, act, async (trx, today) => {
    const { instalment, standing: st } = await standingForChange(trx, today, input.instalmentId);
    assertWithinDue(input.amount, st);
    assertBesideWaiting(input.amount, st, await waitingUpi(trx, instalment.id));
    // The same transfer twice at the desk (eleventh walk: two receipts of one UTR, where the student is refused).
    if (input.mode === "upi" && input.reference && (await utrInUse(trx, input.reference))) {
      throw fieldError("CONFLICT", "reference", text.t("rule.utrRecorded"));
    }
    const payment = await trx
      .insertInto("fee_payments")
      .values({
        instalment_id: instalment.id,
        user_id: instalment.user_id,
        amount_paise: input.amount,
        mode: input.mode,
        reference: input.reference ?? null,
        paid_on: input.paidOn,
        status: "confirmed",
        note: input.note ?? null,
        created_by: actorId,
        created_at: now.toISOString(),
        decided_by: actorId,
        decided_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { payment, details: { mode: input.mode } };
  });
}

export interface UpiSubmission {
  instalmentId: number;
  amount: number;
  reference: string;
  paidOn: string;
  screenshotFile?: string | null;
}

/** A student tells the office about a UPI transfer: pending until the office checks its bank statement. */
export async function submitUpiPayment(deps: AppDeps, userId: number, input: UpiSubmission) {
  const now = deps.now();
  const today = await instituteToday(deps);
  const payment = await deps.db.transaction().execute(async (trx) => {
    const { instalment, standing: st } = await standingForChange(trx, today, input.instalmentId);
    if (instalment.user_id !== userId) throw instalmentNotFound();
    assertWithinDue(input.amount, st);
    const waiting = await trx
      .selectFrom("fee_payments")
      .select("id")
      .where("instalment_id", "=", instalment.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (waiting) throw new AppError("CONFLICT", text.t("rule.pending"));
    if (await utrInUse(trx, input.reference)) throw fieldError("CONFLICT", "utr", text.t("rule.utrUsed"));
    const payment = await trx
      .insertInto("fee_payments")
      .values({
        instalment_id: instalment.id,
        user_id: userId,
        amount_paise: input.amount,
        mode: "upi",
        reference: input.reference,
        paid_on: input.paidOn,
        status: "pending",
        screenshot_file: input.screenshotFile ?? null,
        created_by: userId,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tellOfficeUpiReported(trx, now, payment);
    return payment;
  });
  return { message: text.t("said.submitted"), payment };
}

/**
 * A pending transfer decided once: the update takes only a payment still pending, so of two office members
 * deciding it together one wins and the other is told it was already decided (a missing payment is a 404).
 */
async function decidePending(
  trx: DB,
  paymentId: number,
  decision: { status: "confirmed" | "rejected"; decided_by: number; decided_at: string; reject_reason?: string },
): Promise<FeePayment> {
  const payment = await trx
    .updateTable("fee_payments")
    .set(decision)
    .where("id", "=", paymentId)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
  if (payment) return payment;
  const exists = await trx.selectFrom("fee_payments").select("id").where("id", "=", paymentId).executeTakeFirst();
  throw exists ? new AppError("CONFLICT", text.t("rule.decided")) : paymentNotFound();
}

/** The office confirms a pending transfer against its bank statement: one confirmation, one receipt. */
export async function confirmPayment(deps: AppDeps, actorId: number, paymentId: number, meta: SessionMeta = {}) {
  const now = deps.now();
  const act = { action: "fee.payment_confirm", said: "said.confirmed", actorId, now, ip: meta.ip } as const;
  return confirmWithReceipt(deps, act, async (trx, today) => {
    const payment = await decidePending(trx, paymentId, { status: "confirmed", decided_by: actorId, decided_at: now.toISOString() });
    // Money recorded or a concession given while the transfer waited may leave less to pay than it carries:
    // confirming it would take the instalment past what is owed (the excess lost from every figure).
    const { standing: after } = await standingForChange(trx, today, payment.instalment_id);
    if (after.paid > after.total) {
      const due = Math.max(0, after.total - (after.paid - payment.amount_paise));
      throw new AppError("CONFLICT", text.t("rule.confirmAbove", { due: rupees(due) }));
    }
    return { payment, details: { reference: payment.reference } };
  });
}

/** The office cannot find the transfer: rejected with the reason the student is shown (the log names its instalment). */
export async function rejectPayment(deps: AppDeps, actorId: number, paymentId: number, reason: string, meta: SessionMeta = {}) {
  const now = deps.now();
  const payment = await deps.db.transaction().execute(async (trx) => {
    const payment = await decidePending(trx, paymentId, {
      status: "rejected",
      decided_by: actorId,
      decided_at: now.toISOString(),
      reject_reason: reason,
    });
    await auditFeeAct(trx, { action: "fee.payment_reject", actorId, now, ip: meta.ip }, payment.instalment_id, {
      amount: payment.amount_paise,
      reference: payment.reference,
      reason,
    });
    await tellPaymentRejected(deps, trx, now, payment, reason);
    return payment;
  });
  deps.mail.kick();
  return { message: text.t("said.rejected"), payment };
}

/** A receipt issued in error: cancelled with its reason, its number kept (never reused); the money no longer counts. */
export async function cancelReceipt(deps: AppDeps, actorId: number, receiptId: number, reason: string, meta: SessionMeta = {}) {
  const now = deps.now();
  const receipt = await deps.db.transaction().execute(async (trx) => {
    const receipt = await trx
      .updateTable("fee_receipts")
      .set({ cancelled_at: now.toISOString(), cancelled_by: actorId, cancel_reason: reason })
      .where("id", "=", receiptId)
      .where("cancelled_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!receipt) {
      const exists = await trx.selectFrom("fee_receipts").select("id").where("id", "=", receiptId).executeTakeFirst();
      throw exists ? new AppError("CONFLICT", text.t("rule.cancelled")) : receiptNotFound();
    }
    const payment = await trx
      .updateTable("fee_payments")
      .set({ status: "cancelled" })
      .where("id", "=", receipt.payment_id)
      .returning("instalment_id")
      .executeTakeFirstOrThrow();
    await auditFeeAct(trx, { action: "fee.receipt_cancel", actorId, now, ip: meta.ip }, payment.instalment_id, {
      receipt: receipt.number,
      amount: receipt.amount_paise,
      reason,
    });
    await tellReceiptCancelled(deps, trx, now, receipt, reason);
    return receipt;
  });
  deps.mail.kick();
  return { message: text.t("said.cancelled", { number: receipt.number }), receipt };
}

/** The money received between two days (inclusive): receipts not cancelled, in paise. */
export async function collectionsTotal(db: DB, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom("fee_receipts")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_paise"), eb.val(0)).as("total"))
    .where("cancelled_at", "is", null)
    .where("issued_on", ">=", from)
    .where("issued_on", "<=", to)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
