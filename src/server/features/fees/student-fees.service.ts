/**
 * The student's fees (issue 19; docs/fees/student.md): what each of their instalments stands at (the ledger's
 * own arithmetic, payments.service.ts `standings`), paying one by UPI (the QR code and upi://pay link, then
 * the UTR, the day paid and a screenshot, pending until the office confirms), the transfers they reported,
 * their receipts, and a receipt's printable facts (the student's own, or any for the office). Also what the
 * dashboard and the admit-card rule ask: the next amount due and what is still owed for a term.
 */
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import type { Database } from "../../../../db/schema.ts";
import { fees as text } from "../../../shared/i18n/fees.ts";
import { isOffice } from "../../../shared/roles.ts";
import { type MyFeeListQuery, SCREENSHOT_MAX_BYTES, type UpiSubmissionFields } from "../../../shared/schemas/fees.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { checkUpload, storeFile } from "../../platform/uploads.ts";
import { getSettings, instituteToday } from "../settings/settings.service.ts";
import { getInstituteInfo } from "../site/site.service.ts";
import { upiAmount } from "./ledger.ts";
import {
  instalmentFacts,
  instalmentNotFound,
  RECEIPT_FACTS,
  receiptNotFound,
  standingOf,
  standings,
  studentReceipts,
  submitUpiPayment,
  withPaidInstalment,
} from "./payments.service.ts";

type DB = Kysely<Database>;

/** A student's instalments, where each stands today, in programme, term and instalment order. */
const instalmentsOf = (db: DB, today: string, userId: number) =>
  standings(db, today, (q) =>
    q
      .where("fee_instalments.user_id", "=", userId)
      .orderBy("fee_instalments.programme_id")
      .orderBy("fee_instalments.term")
      .orderBy("fee_instalments.number"),
  );

/**
 * Everything /student/fees shows at once: each instalment with its standing and the transfer waiting for the
 * office (if any), the total still to pay, whether the institute takes UPI, and today (the pay form's latest
 * day). A student's instalments are few (their programme's terms times at most twelve), so they come whole.
 */
export async function myFees(deps: Pick<AppDeps, "db" | "now">, userId: number) {
  const [today, settings] = await Promise.all([instituteToday(deps), getSettings(deps)]);
  const [rows, pending] = await Promise.all([
    instalmentsOf(deps.db, today, userId),
    deps.db
      .selectFrom("fee_payments")
      .select(["id", "instalment_id", "amount_paise", "reference", "paid_on", "created_at"])
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .execute(),
  ]);
  const instalments = rows.map(({ instalment: i, standing: s, reducedBy }) => {
    const waiting = pending.find((p) => p.instalment_id === i.id);
    return {
      ...instalmentFacts(i),
      ...s,
      reducedBy,
      pending: waiting
        ? {
            id: waiting.id,
            amount: waiting.amount_paise,
            reference: waiting.reference,
            paidOn: waiting.paid_on,
            sentAt: waiting.created_at,
          }
        : null,
    };
  });
  return {
    today,
    upi: settings.fees.upiVpa !== "",
    instalments,
    totalOutstanding: instalments.reduce((sum, i) => sum + i.outstanding, 0),
    waiting: pending.length,
  };
}

/**
 * The UPI transfers the student reported that are still waiting for the office, or were rejected (with the
 * reason); newest first. A rejected report whose UTR the student reported again later is no longer listed: the
 * later report (waiting, or confirmed with its receipt) says where that transfer stands (eleventh walk: "not
 * confirmed, report it again" stood above the receipt of the same UTR).
 */
export async function myTransfers(deps: Pick<AppDeps, "db">, userId: number, query: MyFeeListQuery) {
  const base = deps.db
    .selectFrom("fee_payments")
    .where("fee_payments.user_id", "=", userId)
    .where("fee_payments.mode", "=", "upi")
    .where((eb) =>
      eb.or([
        eb("fee_payments.status", "=", "pending"),
        eb.and([
          eb("fee_payments.status", "=", "rejected"),
          eb.not(
            eb.exists(
              eb
                .selectFrom("fee_payments as later")
                .select("later.id")
                .where("later.user_id", "=", userId)
                .where("later.mode", "=", "upi")
                .whereRef("later.reference", "=", "fee_payments.reference")
                .whereRef("later.id", ">", "fee_payments.id"),
            ),
          ),
        ]),
      ]),
    );
  const { rows, pagination } = await pageWithTotal(
    base,
    base
      .innerJoin("fee_instalments", "fee_instalments.id", "fee_payments.instalment_id")
      .innerJoin("programmes", "programmes.id", "fee_instalments.programme_id")
      .select([
        "fee_payments.id",
        "fee_payments.amount_paise",
        "fee_payments.reference",
        "fee_payments.paid_on",
        "fee_payments.status",
        "fee_payments.created_at",
        "fee_payments.decided_at",
        "fee_payments.reject_reason",
        "fee_instalments.term",
        "fee_instalments.number",
        "programmes.fee_period",
      ])
      .orderBy("fee_payments.created_at", "desc")
      .orderBy("fee_payments.id", "desc"),
    query,
  );
  return {
    transfers: rows.map((r) => ({
      id: r.id,
      status: r.status as "pending" | "rejected",
      amount: r.amount_paise,
      reference: r.reference ?? "",
      paidOn: r.paid_on,
      sentAt: r.created_at,
      decidedAt: r.decided_at,
      rejectReason: r.reject_reason,
      instalment: { term: r.term, number: r.number, termUnit: r.fee_period },
    })),
    pagination,
  };
}

/** The student's receipts, active and cancelled (each keeps its number), newest first. */
export async function myReceipts(deps: Pick<AppDeps, "db">, userId: number, query: MyFeeListQuery) {
  const base = studentReceipts(deps.db).where("fee_receipts.user_id", "=", userId);
  const { rows, pagination } = await pageWithTotal(
    base,
    withPaidInstalment(base).select(RECEIPT_FACTS).orderBy("fee_receipts.id", "desc"),
    query,
  );
  return {
    receipts: rows.map((r) => ({
      id: r.id,
      number: r.number,
      amount: r.amount_paise,
      mode: r.mode,
      issuedOn: r.issued_on,
      cancelled: r.cancelled_at ? { at: r.cancelled_at, reason: r.cancel_reason ?? "" } : null,
      instalment: { term: r.term, number: r.instalment_number, termUnit: r.fee_period },
    })),
    pagination,
  };
}

// ————— paying by UPI —————

/**
 * The reference a UPI transfer carries in its note (tn) and transaction reference (tr): whose fee and which
 * instalment, so the office finds it in the bank statement. Letters, digits and dashes only (some UPI apps
 * refuse anything else in tr).
 */
export const upiReference = (studentId: string | null, userId: number, instalmentId: number) =>
  `FEE-${(studentId ?? `U${userId}`).replace(/[^A-Za-z0-9]/g, "")}-I${instalmentId}`;

/**
 * The upi://pay link every UPI app opens (NPCI's deep-link parameters): payee address and name, the exact
 * amount in rupees with two decimals, INR, the note and the reference. Values are percent-encoded (a space as
 * %20, never "+", which some apps show as written); the "@" of the address stays as it is.
 */
export function upiLink(p: { vpa: string; payee: string; amount: number; reference: string }): string {
  const params: [string, string][] = [
    ["pa", p.vpa],
    ["pn", p.payee],
    ["am", upiAmount(p.amount)],
    ["cu", "INR"],
    ["tn", p.reference],
    ["tr", p.reference],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%40/g, "@")}`).join("&")}`;
}

/** A student's own instalment with something still to pay and no transfer waiting; else the reason. */
async function payableInstalment(db: DB, today: string, userId: number, instalmentId: number) {
  const found = await standingOf(db, today, instalmentId);
  if (found.instalment.user_id !== userId) throw instalmentNotFound();
  if (found.standing.outstanding === 0) throw new AppError("CONFLICT", text.t("rule.nothingDue"));
  const waiting = await db
    .selectFrom("fee_payments")
    .select("id")
    .where("instalment_id", "=", instalmentId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (waiting) throw new AppError("CONFLICT", text.t("rule.pending"));
  return found;
}

/**
 * What the pay dialog shows for one of the student's instalments: the exact amount still to pay, the payee, the
 * reference, the upi://pay link and its QR code (SVG drawn here, so the client ships no encoder). When the
 * institute has set no UPI address there is nothing to pay by UPI: the answer says so.
 */
export async function upiPayment(deps: Pick<AppDeps, "db" | "now">, userId: number, instalmentId: number) {
  const [today, settings] = await Promise.all([instituteToday(deps), getSettings(deps)]);
  const { instalment, standing } = await payableInstalment(deps.db, today, userId, instalmentId);
  const { upiVpa, upiPayeeName } = settings.fees;
  if (!upiVpa) return { status: "noUpi" as const, message: text.t("rule.noUpi") };
  const student = await deps.db.selectFrom("users").select("student_id").where("id", "=", userId).executeTakeFirst();
  const reference = upiReference(student?.student_id ?? null, userId, instalment.id);
  const payee = upiPayeeName || settings.general.siteName;
  const link = upiLink({ vpa: upiVpa, payee, amount: standing.outstanding, reference });
  const qrSvg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    status: "ready" as const,
    instalmentId: instalment.id,
    amount: standing.outstanding,
    payee: { vpa: upiVpa, name: payee },
    reference,
    link,
    qrSvg,
    today,
  };
}

/**
 * The student has paid: the UTR, the day (not after the institute's today) and optionally a screenshot (JPEG or
 * PNG, at most 5 MB, checked by content) go to the office as a pending payment of the amount the link asked
 * for. The core (submitUpiPayment) refuses a second transfer waiting for the same instalment, a UTR already
 * reported, and more than is due. The screenshot is stored first and removed again if the payment is refused.
 */
export async function submitUpi(deps: AppDeps, userId: number, instalmentId: number, fields: UpiSubmissionFields, file: unknown) {
  const [today, settings] = await Promise.all([instituteToday(deps), getSettings(deps)]);
  if (!settings.fees.upiVpa) throw new AppError("CONFLICT", text.t("rule.noUpi"));
  if (fields.paidOn > today) {
    const message = text.t("rule.paidOnFuture");
    throw fieldError("BAD_REQUEST", "paidOn", message);
  }
  await payableInstalment(deps.db, today, userId, instalmentId);
  const checked = await checkUpload(file, {
    field: "screenshot",
    label: text.t("pay.screenshot"),
    allowed: ["jpeg", "png"],
    maxBytes: SCREENSHOT_MAX_BYTES,
  });
  const files = fileStore(deps.env);
  const stored = checked ? await storeFile(files, "documents", checked.kind, checked.bytes) : null;
  try {
    const { message, payment } = await submitUpiPayment(deps, userId, {
      instalmentId,
      amount: fields.amount,
      reference: fields.utr,
      paidOn: fields.paidOn,
      screenshotFile: stored,
    });
    return { message, payment: { id: payment.id, status: payment.status, amount: payment.amount_paise } };
  } catch (err) {
    await files.remove("documents", [stored]);
    throw err;
  }
}

// ————— a receipt —————

/**
 * A receipt's printable facts: the institute's name and address, the number and day, the student, the
 * programme, term and instalment, the amount, how it was paid and its reference, and the cancellation if it
 * was cancelled. The office reads any receipt; a student only their own; anyone else's (or a missing one)
 * answers 404 alike.
 */
export async function receiptFor(deps: Pick<AppDeps, "db" | "now">, viewer: { id: number; role: string }, id: number) {
  const row = await withPaidInstalment(studentReceipts(deps.db))
    .select([
      ...RECEIPT_FACTS,
      "fee_receipts.user_id",
      "fee_receipts.financial_year",
      "fee_receipts.issued_at",
      "fee_payments.reference",
      "fee_payments.paid_on",
      "fee_instalments.due_on",
      "programmes.name as programme",
      "student.name",
      "student.student_id",
    ])
    .where("fee_receipts.id", "=", id)
    .executeTakeFirst();
  if (!row || !(isOffice(viewer.role) || (viewer.role === "student" && row.user_id === viewer.id))) throw receiptNotFound();
  const institute = await getInstituteInfo(deps);
  return {
    id: row.id,
    number: row.number,
    financialYear: row.financial_year,
    issuedOn: row.issued_on,
    issuedAt: row.issued_at,
    amount: row.amount_paise,
    /** of the amount, what paid the late fee; null on receipts issued before it was kept */
    lateFee: row.late_fee_paise,
    mode: row.mode,
    reference: row.reference,
    paidOn: row.paid_on,
    student: { name: row.name, studentId: row.student_id },
    programme: row.programme,
    termUnit: row.fee_period,
    term: row.term,
    instalment: row.instalment_number,
    dueOn: row.due_on,
    cancelled: row.cancelled_at ? { at: row.cancelled_at, reason: row.cancel_reason ?? "" } : null,
    institute: { name: institute.name, address: institute.address, phones: institute.phones, email: institute.email },
  };
}

// ————— for the dashboard and the admit card —————

/**
 * The soonest of a student's instalments with something still to pay (by due day), whether its day has passed,
 * and the UPI transfer the student reported for it that waits for the office (walk 26: the dashboard said
 * "overdue" while the Fees page said "waiting for the office"); or null.
 */
export async function nextDueFor(db: DB, userId: number, today: string) {
  const owed = (await instalmentsOf(db, today, userId)).filter((s) => s.standing.outstanding > 0);
  owed.sort((a, b) => a.instalment.due_on.localeCompare(b.instalment.due_on) || a.instalment.id - b.instalment.id);
  const next = owed[0];
  if (!next) return null;
  const waiting = await db
    .selectFrom("fee_payments")
    .select(["amount_paise", "created_at"])
    .where("user_id", "=", userId)
    .where("instalment_id", "=", next.instalment.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return {
    amount: next.standing.outstanding,
    dueOn: next.instalment.due_on,
    overdue: next.standing.status === "overdue",
    instalmentId: next.instalment.id,
    pending: waiting ? { amount: waiting.amount_paise, sentAt: waiting.created_at } : null,
  };
}

/**
 * What a student still owes today on all their instalments, whatever the programme or term (the ledger's
 * arithmetic, late fees and instalments not yet due included), in paise: the "Total still to pay" of their
 * Fees page, and what holds the admit card back (a term's fees are raised for the students in that term, so
 * nothing here is a later term's); 0 without instalments.
 */
export async function totalOwed(db: DB, userId: number, today: string): Promise<number> {
  return (await owedInstalments(db, userId, today)).reduce((sum, i) => sum + i.outstanding, 0);
}

/**
 * The student's instalments with something still to pay today, in programme, term and instalment order: each with
 * its name's parts, due day, what is still to pay on it and whether its day has passed (the held admit card names
 * them: walk 33c read only a total, though an instalment not yet due was what held it).
 */
export async function owedInstalments(db: DB, userId: number, today: string) {
  return (await instalmentsOf(db, today, userId))
    .filter((s) => s.standing.outstanding > 0)
    .map(({ instalment, standing }) => ({
      ...instalmentFacts(instalment),
      outstanding: standing.outstanding,
      overdue: standing.status === "overdue",
    }));
}
