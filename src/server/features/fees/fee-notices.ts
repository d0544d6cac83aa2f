/**
 * What the student is told when money is decided (issue 19; docs/fees/student.md): a receipt issued (a portal
 * notification and the receipt e-mail) and a UPI transfer the office rejected (a notification and an e-mail
 * with the office's reason). Both run in the caller's transaction, so a rolled-back receipt tells nobody;
 * the caller kicks the mailer once it has committed. These e-mails are records of money, so they go whatever
 * the student's e-mail notification switch says; each is written in the student's own language.
 */
import type { Kysely } from "kysely";
import type { Database, FeePayment, PaymentMode } from "../../../../db/schema.ts";
import { rupees } from "../../../shared/money.ts";
import { type AppDeps, publicUrl } from "../../deps.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { notificationText, notifyUser } from "../notifications/notifications.service.ts";
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

export interface IssuedReceipt {
  id: number;
  user_id: number;
  number: string;
  amount_paise: number;
  mode: PaymentMode;
  issued_on: string;
}

/** A receipt was just issued (recorded by the office or a UPI transfer confirmed): notification and e-mail. */
export async function tellReceiptIssued(deps: Pick<AppDeps, "mail" | "env">, trx: DB, at: Date, receipt: IssuedReceipt) {
  const student = await recipient(trx, receipt.user_id);
  if (!student) return;
  await notifyUser(trx, at, receipt.user_id, {
    type: "system",
    kind: "fee.receipt",
    params: { number: receipt.number, amount: inParams(receipt.amount_paise) },
    data: { receiptId: receipt.id },
  });
  await deps.mail.enqueue(
    trx,
    student.email,
    {
      template: "fee_receipt",
      name: student.name,
      number: receipt.number,
      amount: receipt.amount_paise,
      mode: receipt.mode,
      issuedOn: receipt.issued_on,
      link: `${publicUrl(deps)}${studentReceiptPath(receipt.id)}`,
    },
    student.locale,
  );
}

/** The office could not find a UPI transfer: the student is told why, in the portal and by e-mail. */
export async function tellPaymentRejected(deps: Pick<AppDeps, "mail" | "env">, trx: DB, at: Date, payment: FeePayment, reason: string) {
  const student = await recipient(trx, payment.user_id);
  if (!student) return;
  const params = { amount: inParams(payment.amount_paise), reference: payment.reference ?? "—", reason };
  await notifyUser(trx, at, payment.user_id, {
    type: "system",
    priority: "high",
    kind: "fee.rejected",
    params,
    data: { paymentId: payment.id },
  });
  const { title, message } = inLocale(student.locale, () => notificationText("fee.rejected", params));
  await deps.mail.enqueue(
    trx,
    student.email,
    { template: "student_alert", name: student.name, title, message, link: `${publicUrl(deps)}/student/fees` },
    student.locale,
  );
}
