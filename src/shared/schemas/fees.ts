/**
 * The student's side of fees (issue 19; docs/fees/student.md): paying an instalment by UPI and telling the
 * office (the UTR, the day paid, optionally a screenshot), the student's lists and a receipt. One schema per
 * rule, used by the pay dialog, the REST path that takes the form and the tRPC inputs.
 */
import * as v from "valibot";
import { fees } from "../i18n/fees.ts";
import { isCalendarDay, pageParams, recordId, requiredString } from "./common.ts";

/** A screenshot of the transfer: a JPEG or PNG of at most 5 MB (checked by content on the server). */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const SCREENSHOT_TYPES = "image/jpeg,image/png,.jpg,.jpeg,.png";

/** A UPI transaction's UTR (unique transaction reference): twelve digits. */
export const UTR_PATTERN = /^\d{12}$/;

/** The UTR as a UPI app shows it; spaces or dashes typed between the digits are dropped ("4021 5678 9012"). */
export const utr = v.pipe(
  requiredString(fees.m("rule.utr")),
  v.transform((s) => s.replace(/[\s-]/g, "")),
  v.regex(UTR_PATTERN, fees.m("rule.utr")),
);

/** The day the money was paid, YYYY-MM-DD (not in the future: the server knows the institute's today). */
export const paidOnDay = v.pipe(
  requiredString(fees.m("rule.paidOn")),
  v.trim(),
  v.check((s) => isCalendarDay(s), fees.m("rule.paidOn")),
);

/** What the UPI link asked for, in whole paise (a form sends it as text). */
const paise = v.pipe(
  v.union([v.string(fees.m("rule.amount")), v.number(fees.m("rule.amount"))], fees.m("rule.amount")),
  v.transform(String),
  v.regex(/^[1-9]\d{0,12}$/, fees.m("rule.amountPositive")),
  v.transform(Number),
);

/** The fields of "I have paid" (the screenshot travels beside them as a file). */
export const upiSubmissionFields = v.object({ utr, paidOn: paidOnDay, amount: paise });
export type UpiSubmissionFields = v.InferOutput<typeof upiSubmissionFields>;

export const instalmentIdInput = v.object({ instalmentId: recordId(fees.m("rule.instalment")) });
export const receiptIdInput = v.object({ id: recordId(fees.m("rule.receipt")) });

/** The student's receipts and reported transfers: a page at a time, newest first. */
export const myFeeListQuery = v.object({ ...pageParams(5, 50) });
export type MyFeeListQuery = v.InferOutput<typeof myFeeListQuery>;
