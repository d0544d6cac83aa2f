/**
 * The office's fee desk (issue 19; docs/fees/desk.md): the UPI transfers waiting to be checked, finding a
 * student and where each of their instalments stands, recording money received, and the receipts. Every
 * change of money goes through the core (payments.service.ts: recordPayment, confirmPayment, rejectPayment,
 * cancelReceipt), which checks what is due, numbers the receipt and writes the audit entry; this file adds
 * the lists (a page at a time, a fixed number of queries whatever the page holds) and the desk's own checks.
 */
import path from "node:path";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../../db/schema.ts";
import { feeDesk as deskText } from "../../../shared/i18n/feeDesk.ts";
import { fees as text } from "../../../shared/i18n/fees.ts";
import { isOffice } from "../../../shared/roles.ts";
import type { PendingListQuery, ReceiptListQuery, RecordPaymentForm, StudentSearchQuery } from "../../../shared/schemas/fee-desk.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { pageWithTotal, paginationOf } from "../../platform/paging.ts";
import { anyColumnContains, textContains } from "../../platform/search.ts";
import { MIME_TYPES } from "../../platform/uploads.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { instituteToday } from "../settings/settings.service.ts";
import { STUDENT_SEARCH_COLUMNS } from "../students/students.service.ts";
import { financialYear } from "./ledger.ts";
import {
  cancelReceipt,
  confirmPayment,
  instalmentFacts,
  paymentNotFound,
  RECEIPT_FACTS,
  recordPayment,
  rejectPayment,
  standings,
  studentReceipts,
  withPaidInstalment,
} from "./payments.service.ts";

type DB = Kysely<Database>;

const studentNotFound = () => new AppError("NOT_FOUND", deskText.t("rule.student"));

/** The office's address of a pending payment's screenshot (desk.rest.ts). */
export const screenshotUrl = (paymentId: number) => `/api/fees/payments/${paymentId}/screenshot`;

/** What is still to pay on each of these instalments today (three queries, whatever their number). */
async function outstandingOf(db: DB, today: string, instalmentIds: number[]): Promise<Map<number, number>> {
  if (instalmentIds.length === 0) return new Map();
  const found = await standings(db, today, (q) => q.where("fee_instalments.id", "in", [...new Set(instalmentIds)]));
  return new Map(found.map((s) => [s.instalment.id, s.standing.outstanding]));
}

// ————— to confirm —————

/**
 * The UPI transfers students reported, waiting for the office to find them in the bank statement: the oldest
 * first (it has waited longest), searched by the student's name or ID or the UTR; each with what is still to
 * pay on its instalment, so a transfer larger than that stands out.
 */
export async function pendingPayments(deps: Pick<AppDeps, "db" | "now">, query: PendingListQuery) {
  const today = await instituteToday(deps);
  let base = deps.db
    .selectFrom("fee_payments")
    .innerJoin("users", "users.id", "fee_payments.user_id")
    .innerJoin("fee_instalments", "fee_instalments.id", "fee_payments.instalment_id")
    .innerJoin("programmes", "programmes.id", "fee_instalments.programme_id")
    .where("fee_payments.status", "=", "pending");
  if (query.search) base = base.where(anyColumnContains(["users.name", "users.student_id", "fee_payments.reference"], query.search));
  const { rows, pagination } = await pageWithTotal(
    base,
    base
      .select([
        "fee_payments.id",
        "fee_payments.instalment_id",
        "fee_payments.amount_paise",
        "fee_payments.reference",
        "fee_payments.paid_on",
        "fee_payments.created_at",
        "fee_payments.screenshot_file",
        "users.id as user_id",
        "users.name",
        "users.student_id",
        "programmes.name as programme",
        "programmes.fee_period",
        "fee_instalments.term",
        "fee_instalments.number",
        "fee_instalments.due_on",
      ])
      .orderBy("fee_payments.created_at")
      .orderBy("fee_payments.id"),
    query,
  );
  const outstanding = await outstandingOf(
    deps.db,
    today,
    rows.map((r) => r.instalment_id),
  );
  return {
    payments: rows.map((r) => ({
      id: r.id,
      student: { id: r.user_id, name: r.name, studentId: r.student_id },
      instalment: { id: r.instalment_id, programme: r.programme, termUnit: r.fee_period, term: r.term, number: r.number, dueOn: r.due_on },
      amount: r.amount_paise,
      outstanding: outstanding.get(r.instalment_id) ?? 0,
      reference: r.reference,
      paidOn: r.paid_on,
      submittedAt: r.created_at,
      screenshotUrl: r.screenshot_file ? screenshotUrl(r.id) : null,
    })),
    pagination,
  };
}

/** The office found the transfer: confirmed by the core, which issues the one receipt (or says someone else decided first). */
export async function confirmPending(deps: AppDeps, actorId: number, paymentId: number, meta: SessionMeta = {}) {
  const { message, receipt } = await confirmPayment(deps, actorId, paymentId, meta);
  return { message, receipt: { id: receipt.id, number: receipt.number } };
}

/** The office could not find the transfer: rejected by the core with the reason the student is shown. */
export async function rejectPending(deps: AppDeps, actorId: number, paymentId: number, reason: string, meta: SessionMeta = {}) {
  const { message } = await rejectPayment(deps, actorId, paymentId, reason, meta);
  return { message };
}

/** A pending (or decided) payment's screenshot, for the office only; none stored (or another's id) answers 404. */
export async function paymentScreenshot(deps: Pick<AppDeps, "db" | "env">, viewer: { role: string }, paymentId: number) {
  if (!isOffice(viewer.role)) throw paymentNotFound();
  const row = await deps.db.selectFrom("fee_payments").select(["id", "screenshot_file"]).where("id", "=", paymentId).executeTakeFirst();
  if (!row?.screenshot_file) throw paymentNotFound();
  const ext = path.extname(row.screenshot_file).slice(1).toLowerCase();
  const kind = ext === "jpg" || ext === "jpeg" ? "jpeg" : ext === "png" || ext === "webp" || ext === "pdf" ? ext : null;
  if (!kind) throw paymentNotFound();
  return {
    area: "documents" as const,
    file: path.basename(row.screenshot_file),
    name: `payment-${row.id}-screenshot.${ext}`,
    mimeType: MIME_TYPES[kind],
  };
}

// ————— record a payment —————

/**
 * Students by Student ID or name (or e-mail or mobile: the students list's own text index), a few at a time:
 * the one whose ID is exactly what was typed first, then by name. Inactive students are listed too (a former
 * student may still pay what they owe), marked as such.
 */
export async function findStudents(deps: Pick<AppDeps, "db">, query: StudentSearchQuery) {
  const exact = query.search.toUpperCase();
  const base = deps.db
    .selectFrom("users")
    .where("users.role", "=", "student")
    .where(textContains(deps.db, "users", STUDENT_SEARCH_COLUMNS, query.search));
  const { rows, pagination } = await pageWithTotal(
    base,
    base
      .leftJoin("programmes", "programmes.id", "users.programme_id")
      .select(["users.id", "users.name", "users.student_id", "users.is_active", "users.current_term", "programmes.name as programme"])
      .orderBy(sql`case when upper(users.student_id) = ${exact} then 0 else 1 end`)
      .orderBy("users.name")
      .orderBy("users.id"),
    query,
  );
  return {
    students: rows.map((r) => ({
      id: r.id,
      name: r.name,
      studentId: r.student_id,
      programme: r.programme,
      term: r.current_term,
      active: r.is_active === 1,
    })),
    pagination,
  };
}

/**
 * One student's instalments, each with where it stands today (the ledger's own arithmetic) and whether a UPI
 * transfer for it waits for the office. A student's instalments are few (their programme's terms times at
 * most twelve), so they come whole, in programme, term and instalment order.
 */
export async function studentInstalments(deps: Pick<AppDeps, "db" | "now">, userId: number) {
  const today = await instituteToday(deps);
  const student = await deps.db
    .selectFrom("users")
    .leftJoin("programmes", "programmes.id", "users.programme_id")
    .select(["users.id", "users.name", "users.student_id", "users.is_active", "programmes.name as programme"])
    .where("users.id", "=", userId)
    .where("users.role", "=", "student")
    .executeTakeFirst();
  if (!student) throw studentNotFound();
  const [rows, pending] = await Promise.all([
    standings(deps.db, today, (q) =>
      q
        .where("fee_instalments.user_id", "=", userId)
        .orderBy("fee_instalments.programme_id")
        .orderBy("fee_instalments.term")
        .orderBy("fee_instalments.number"),
    ),
    deps.db
      .selectFrom("fee_payments")
      .select(["instalment_id", "amount_paise"])
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .execute(),
  ]);
  return {
    today,
    student: {
      id: student.id,
      name: student.name,
      studentId: student.student_id,
      programme: student.programme,
      active: student.is_active === 1,
    },
    instalments: rows.map(({ instalment: i, standing: s, reducedBy }) => ({
      ...instalmentFacts(i),
      ...s,
      reducedBy,
      pending: pending.filter((p) => p.instalment_id === i.id).reduce((sum, p) => sum + p.amount_paise, 0),
    })),
  };
}

/**
 * Money the office received, recorded by the core (confirmed at once, its receipt numbered, audited). The desk
 * refuses a day in the future (the institute's today); the core refuses more than what is still due.
 */
export async function recordDeskPayment(deps: AppDeps, actorId: number, input: RecordPaymentForm, meta: SessionMeta = {}) {
  const today = await instituteToday(deps);
  if (input.paidOn > today) {
    const message = text.t("rule.paidOn");
    throw fieldError("BAD_REQUEST", "paidOn", message);
  }
  const { message, receipt } = await recordPayment(
    deps,
    actorId,
    {
      instalmentId: input.instalmentId,
      amount: input.amount,
      mode: input.mode,
      reference: input.reference ?? null,
      paidOn: input.paidOn,
      note: input.note ?? null,
    },
    meta,
  );
  return { message, receipt: { id: receipt.id, number: receipt.number } };
}

// ————— receipts —————

/**
 * Every receipt, the newest first (receipts are numbered as they are issued, so by id), searched by number or
 * the student's name or ID, active or cancelled, one financial year or all; with the financial years there
 * are receipts in, for the filter.
 */
export async function listReceipts(deps: Pick<AppDeps, "db" | "now">, query: ReceiptListQuery) {
  let receipts = deps.db.selectFrom("fee_receipts");
  if (query.status === "active") receipts = receipts.where("fee_receipts.cancelled_at", "is", null);
  if (query.status === "cancelled") receipts = receipts.where("fee_receipts.cancelled_at", "is not", null);
  if (query.year) receipts = receipts.where("fee_receipts.financial_year", "=", query.year);
  // The receipts of the list, counted and paged by themselves (the student joined only to search by name): the page's
  // ids first, newest first in the table's own order, then what those few paid and who cancelled them. Joining every
  // receipt passed over took page 3,929 of 39,281 receipts 45–54 ms (walk 31b).
  const base = query.search
    ? receipts
        .innerJoin("users as student", "student.id", "fee_receipts.user_id")
        .where(anyColumnContains(["fee_receipts.number", "student.name", "student.student_id"], query.search))
    : receipts;
  const ids = base
    .select("fee_receipts.id")
    .orderBy("fee_receipts.id", "desc")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [{ total }, rows, years] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    withPaidInstalment(studentReceipts(deps.db))
      .leftJoin("users as canceller", "canceller.id", "fee_receipts.cancelled_by")
      .select([
        ...RECEIPT_FACTS,
        "fee_receipts.financial_year",
        "fee_receipts.issued_at",
        "canceller.name as cancelled_by_name",
        "fee_payments.reference",
        "fee_payments.paid_on",
        "student.id as user_id",
        "student.name",
        "student.student_id",
        "programmes.name as programme",
      ])
      .where("fee_receipts.id", "in", ids)
      .orderBy("fee_receipts.id", "desc")
      .execute(),
    deps.db.selectFrom("fee_receipts").select("financial_year").distinct().orderBy("financial_year", "desc").execute(),
  ]);
  const pagination = paginationOf(Number(total), query.page, query.limit);
  // Cancelling a receipt of a year that has ended changes that year's figures: the dialog says so (walk 32a).
  const currentYear = financialYear(await instituteToday(deps));
  return {
    receipts: rows.map((r) => ({
      id: r.id,
      number: r.number,
      financialYear: r.financial_year,
      amount: r.amount_paise,
      mode: r.mode,
      reference: r.reference,
      paidOn: r.paid_on,
      issuedOn: r.issued_on,
      issuedAt: r.issued_at,
      student: { id: r.user_id, name: r.name, studentId: r.student_id },
      instalment: { programme: r.programme, termUnit: r.fee_period, term: r.term, number: r.instalment_number },
      cancelled: r.cancelled_at ? { at: r.cancelled_at, by: r.cancelled_by_name, reason: r.cancel_reason ?? "" } : null,
    })),
    pagination,
    years: years.map((y) => y.financial_year),
    currentYear,
  };
}

/** A receipt issued in error: cancelled by the core with its reason; its number stays used. */
export async function cancelDeskReceipt(deps: AppDeps, actorId: number, receiptId: number, reason: string, meta: SessionMeta = {}) {
  const { message } = await cancelReceipt(deps, actorId, receiptId, reason, meta);
  return { message };
}
