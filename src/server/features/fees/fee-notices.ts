/**
 * What the student is told when money is decided (issue 19; docs/fees/student.md): fees raised and a concession
 * given (stop 47, walk 16c: the first a student heard of their fees was a reminder once late), a receipt issued (a
 * portal notification and the receipt e-mail), a UPI transfer the office rejected and a receipt it cancelled (a
 * notification and an e-mail with the office's reason); and what the office is told of a UPI transfer reported.
 * All run in the caller's transaction, so a rolled-back receipt tells nobody; the caller kicks the mailer once
 * it has committed. These e-mails are records of money, so they go whatever
 * the student's e-mail notification switch says; each is written in the student's own language.
 */
import type { Kysely } from "kysely";
import type { Database, FeePayment, PaymentMode } from "../../../../db/schema.ts";
import type { NotificationParams } from "../../../shared/i18n/alerts.ts";
import { rupees } from "../../../shared/money.ts";
import type { TermUnit } from "../../../shared/terms.ts";
import { type AppDeps, publicUrl } from "../../deps.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { notificationText, notifyAdmins, notifyUser, notifyWhere } from "../notifications/notifications.service.ts";
import { recipientLocale } from "../settings/settings.service.ts";

type DB = Kysely<Database>;

/** "₹12,500" / "₹1,250.50" for a notification's parameters, written the English way (Latin digits read the same in every language). */
const inParams = (paise: number) => rupees(paise, "en");

/** The student's address, name and language (their chosen one, else the institute's default). */
async function recipient(trx: DB, userId: number) {
  const person = await trx.selectFrom("users").select(["name", "email", "preferences"]).where("id", "=", userId).executeTakeFirst();
  if (!person) return null;
  return { ...person, locale: await recipientLocale({ db: trx }, person.preferences) };
}

/** The address of a receipt in the student portal. */
export const studentReceiptPath = (receiptId: number) => `/student/fees/receipts/${receiptId}`;

/** The student's Fees page, where fee alerts lead. */
export const STUDENT_FEES = "/student/fees";

export interface IssuedReceipt {
  id: number;
  user_id: number;
  number: string;
  amount_paise: number;
  late_fee_paise: number | null;
  mode: PaymentMode;
  issued_on: string;
}

/** A receipt was just issued (recorded by the office or a UPI transfer confirmed): notification and e-mail. */
export async function tellReceiptIssued(
  deps: Pick<AppDeps, "mail" | "env">,
  trx: DB,
  at: Date,
  receipt: IssuedReceipt,
  /** the day the money was paid (the payment's), which the receipt also shows */
  paidOn: string,
) {
  const student = await recipient(trx, receipt.user_id);
  if (!student) return;
  await notifyUser(trx, at, receipt.user_id, {
    type: "payment",
    kind: "fee.receipt",
    params: { number: receipt.number, amount: inParams(receipt.amount_paise) },
    data: { receiptId: receipt.id },
    link: studentReceiptPath(receipt.id),
  });
  await deps.mail.enqueue(
    trx,
    student.email,
    {
      template: "fee_receipt",
      name: student.name,
      number: receipt.number,
      amount: receipt.amount_paise,
      lateFee: receipt.late_fee_paise ?? 0,
      mode: receipt.mode,
      issuedOn: receipt.issued_on,
      paidOn,
      link: `${publicUrl(deps)}${studentReceiptPath(receipt.id)}`,
    },
    student.locale,
  );
}

/**
 * The office's reason as the alert quotes it: “…”. — its own closing full stop (or danda) would stand twice,
 * before and after the quotation mark.
 */
const quoted = (reason: string) => reason.trim().replace(/[.।]+$/u, "");

/**
 * A decision the student is told with the office's reason: a high-priority notification and an e-mail in the
 * same words, in their language, with a link to their Fees page.
 */
async function tellWithReason(
  deps: Pick<AppDeps, "mail" | "env">,
  trx: DB,
  at: Date,
  userId: number,
  alert: { kind: "fee.rejected" | "fee.receiptCancelled" | "fee.concession"; params: NotificationParams; data: Record<string, unknown> },
) {
  const student = await recipient(trx, userId);
  if (!student) return;
  const priority = alert.kind === "fee.concession" ? "medium" : "high";
  await notifyUser(trx, at, userId, { type: "payment", priority, ...alert, link: STUDENT_FEES });
  const { title, message } = inLocale(student.locale, () => notificationText(alert.kind, alert.params));
  await deps.mail.enqueue(
    trx,
    student.email,
    { template: "student_alert", name: student.name, title, message, link: `${publicUrl(deps)}${STUDENT_FEES}`, record: true },
    student.locale,
  );
}

/** The office could not find a UPI transfer: the student is told why, in the portal and by e-mail. */
export async function tellPaymentRejected(deps: Pick<AppDeps, "mail" | "env">, trx: DB, at: Date, payment: FeePayment, reason: string) {
  await tellWithReason(deps, trx, at, payment.user_id, {
    kind: "fee.rejected",
    params: { amount: inParams(payment.amount_paise), reference: payment.reference ?? "—", reason: quoted(reason) },
    data: { paymentId: payment.id },
  });
}

/**
 * The office cancelled a receipt issued in error: the student, who holds it printed or e-mailed, is told which
 * one no longer counts and why, in the portal and by e-mail.
 */
export async function tellReceiptCancelled(
  deps: Pick<AppDeps, "mail" | "env">,
  trx: DB,
  at: Date,
  receipt: Pick<IssuedReceipt, "id" | "user_id" | "number" | "amount_paise">,
  reason: string,
) {
  await tellWithReason(deps, trx, at, receipt.user_id, {
    kind: "fee.receiptCancelled",
    params: { number: receipt.number, amount: inParams(receipt.amount_paise), reason: quoted(reason) },
    data: { receiptId: receipt.id },
  });
}

/** A concession or scholarship given on one of the student's instalments: told with the office's reason. */
export async function tellConcession(
  deps: Pick<AppDeps, "mail" | "env">,
  trx: DB,
  at: Date,
  given: { userId: number; concessionId: number; amount: number; reason: string },
) {
  await tellWithReason(deps, trx, at, given.userId, {
    kind: "fee.concession",
    params: { amount: inParams(given.amount), reason: quoted(given.reason) },
    data: { concessionId: given.concessionId },
  });
}

/**
 * A term's fees raised (named with its term): each student raised now (their first instalment written at `at`)
 * is told what they owe, in the portal, in one statement for a term of thousands; e-mail reminders follow the fee
 * settings.
 */
export async function tellFeesRaised(
  trx: DB,
  at: Date,
  raised: { programmeId: number; term: number; termUnit: TermUnit; programme: string; amount: number },
) {
  // The term is named in the reader's words when it is read ("Year 2", "वर्ष 2"): walk 17 found a term's notice
  // and the next one's alike, nothing telling them apart.
  const params = { programme: raised.programme, amount: inParams(raised.amount), termUnit: raised.termUnit, term: raised.term };
  await notifyWhere(trx, at, { type: "payment", kind: "fee.raised", params, link: STUDENT_FEES }, (users) =>
    users.where("users.id", "in", (eb) =>
      eb
        .selectFrom("fee_instalments")
        .select("fee_instalments.user_id")
        .where("fee_instalments.programme_id", "=", raised.programmeId)
        .where("fee_instalments.term", "=", raised.term)
        .where("fee_instalments.number", "=", 1)
        .where("fee_instalments.created_at", "=", at.toISOString()),
    ),
  );
}

/**
 * A student reported a UPI transfer: the people who confirm payments (administrators and staff) are told, as
 * of a new help ticket, so the money does not wait until someone happens to open Fees → To confirm.
 */
export async function tellOfficeUpiReported(trx: DB, at: Date, payment: FeePayment) {
  const student = await trx.selectFrom("users").select(["name", "student_id"]).where("id", "=", payment.user_id).executeTakeFirstOrThrow();
  await notifyAdmins(trx, at, {
    type: "payment",
    kind: "fee.upiReported",
    params: {
      name: student.name,
      studentId: student.student_id ?? "—",
      amount: inParams(payment.amount_paise),
      reference: payment.reference ?? "—",
    },
    data: { paymentId: payment.id },
  });
}
