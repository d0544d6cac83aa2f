/**
 * The office's fee desk (issue 19; docs/fees/desk.md): the lists of payments to confirm and of receipts, finding
 * a student, recording a payment, and the reasons for rejecting a transfer or cancelling a receipt. One schema
 * per rule, used by the forms and the tRPC inputs; money is typed in rupees and leaves the schema in paise.
 */
import * as v from "valibot";
import { feeDesk } from "../i18n/feeDesk.ts";
import { fees } from "../i18n/fees.ts";
import { optionalText, pageParams, recordId, requiredString, requiredText, searchTerm } from "./common.ts";
import { paidOnDay } from "./fees.ts";
import { rupeesToPaise } from "./programmes.ts";

/** How money reaches the institute (db/schema.ts PaymentMode), in the order the desk offers them. */
export const PAYMENT_MODES = ["cash", "upi", "bank", "cheque", "dd"] as const;
export type DeskPaymentMode = (typeof PAYMENT_MODES)[number];

/** The longest reference (UTR, cheque or DD number, bank reference) kept. */
export const REFERENCE_MAX = 60;
/** The longest reason for a rejection or a cancellation. */
export const REASON_MAX = 500;

/** An amount typed in rupees ("12500", "12,500.50", "₹12500"), as whole paise above zero. */
export const rupeeAmount = v.pipe(
  v.nullish(v.union([v.string(), v.number()]), ""),
  v.transform((x) => rupeesToPaise(String(x))),
  v.check((p): p is number => typeof p === "number", fees.m("rule.amount")),
  v.transform((p) => p as number),
  v.minValue(1, fees.m("rule.amountPositive")),
);

const reason = requiredText(fees.m("rule.reason"), REASON_MAX);
const paymentId = recordId(fees.m("rule.payment"));
const receiptId = recordId(fees.m("rule.receipt"));

/** The UPI transfers waiting for the office: searched by the student's name or ID, or the UTR. */
export const pendingListQuery = v.object({ ...pageParams(10, 100) });
export type PendingListQuery = v.InferOutput<typeof pendingListQuery>;

export const paymentIdInput = v.object({ id: paymentId });
export const rejectPaymentInput = v.object({ id: paymentId, reason });

export const RECEIPT_FILTERS = ["all", "active", "cancelled"] as const;
export type ReceiptFilter = (typeof RECEIPT_FILTERS)[number];

/** "2026-27" (April 2026 to March 2027). */
const FINANCIAL_YEAR = /^\d{4}-\d{2}$/;

/** Every receipt, newest first: searched by number or the student's name or ID; active or cancelled; one financial year or all. */
export const receiptListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(RECEIPT_FILTERS, feeDesk.m("rule.filter")), "all"),
  year: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || FINANCIAL_YEAR.test(s), feeDesk.m("rule.filter")),
    ),
    "",
  ),
});
export type ReceiptListQuery = v.InferOutput<typeof receiptListQuery>;

export const cancelReceiptInput = v.object({ id: receiptId, reason });

/** Finding a student to record a payment for: by Student ID or name (a few at a time). */
export const studentSearchQuery = v.object({
  ...pageParams(8, 20),
  search: searchTerm(feeDesk.m("rule.find")),
});
export type StudentSearchQuery = v.InferOutput<typeof studentSearchQuery>;

export const studentInstalmentsInput = v.object({ userId: recordId(feeDesk.m("rule.student")) });

/**
 * Money the office received: for an instalment, in rupees (kept in paise), how it was paid, its reference
 * (required except for cash), the day it was paid (not in the future: the service knows today) and a note.
 */
export const recordPaymentForm = v.pipe(
  v.object({
    instalmentId: recordId(fees.m("rule.instalment")),
    amount: rupeeAmount,
    mode: v.pipe(requiredString(fees.m("rule.mode")), v.picklist(PAYMENT_MODES, fees.m("rule.mode"))),
    reference: optionalText(REFERENCE_MAX),
    paidOn: paidOnDay,
    note: optionalText(500),
  }),
  v.forward(
    v.partialCheck([["mode"], ["reference"]], (i) => i.mode === "cash" || !!i.reference, fees.m("rule.reference")),
    ["reference"],
  ),
);
export type RecordPaymentForm = v.InferOutput<typeof recordPaymentForm>;

/** Whether a mode needs a reference (every one but cash). */
export const needsReference = (mode: string) => mode !== "" && mode !== "cash";
