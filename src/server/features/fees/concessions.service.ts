/**
 * Concessions and scholarships (issue 19; docs/fees/plans.md): the office lowers what a student owes on one
 * instalment, by an amount no more than what is still to pay on it (the ledger's own arithmetic), with a
 * reason kept with the record and in the activity log. A concession is never edited or deleted: one given in
 * error is withdrawn with its reason (who, when and why stay), and then no longer counts.
 */
import { feePlans as text } from "../../../shared/i18n/feePlans.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { rupees } from "../../../shared/money.ts";
import type { ConcessionExportQuery, ConcessionForm, ConcessionListQuery } from "../../../shared/schemas/fee-plans.ts";
import { termName } from "../../../shared/terms.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { csvMoment, spreadsheetCsv } from "../../platform/csv.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { anyColumnContains } from "../../platform/search.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { instituteTimeZone, instituteToday } from "../settings/settings.service.ts";
import { tellConcession } from "./fee-notices.ts";
import { upiAmount } from "./ledger.ts";
import { auditFeeAct, standingForChange, waitingUpi } from "./payments.service.ts";

const concessionNotFound = () => new AppError("NOT_FOUND", text.t("rule.concession"));

/**
 * A concession or scholarship against one instalment. Its amount may not be more than what is still to pay
 * on the instalment today, nor than the instalment's own amount less the concessions it already has (the
 * ledger counts no more than that), nor than what is left beside a UPI transfer the student reported and the
 * office has not decided. Read and written in one transaction with the instalment held, so two at once cannot both pass.
 */
export async function giveConcession(deps: AppDeps, actorId: number, input: ConcessionForm, meta: SessionMeta = {}) {
  const now = deps.now();
  const today = await instituteToday(deps);
  const { concession, owner } = await deps.db.transaction().execute(async (trx) => {
    const { instalment, standing } = await standingForChange(trx, today, input.instalmentId);
    // Like money recorded at the desk, a concession may not take up what a waiting UPI transfer will pay once
    // confirmed: that confirmation would then be refused after the student paid (payments.service).
    const waiting = await waitingUpi(trx, instalment.id);
    const max = Math.min(standing.outstanding - waiting, standing.amount - standing.concession);
    if (max <= 0)
      throw new AppError(
        "CONFLICT",
        waiting > 0 && standing.outstanding > 0
          ? fees.t("rule.waitingCoversDue", { waiting: rupees(waiting) })
          : text.t("rule.nothingOwed"),
      );
    if (input.amount > max) {
      const message =
        waiting > 0
          ? text.t("rule.concessionAboveWaiting", { max: rupees(max), waiting: rupees(waiting) })
          : text.t("rule.concessionAbove", { max: rupees(max) });
      throw fieldError("BAD_REQUEST", "amount", message);
    }
    const concession = await trx
      .insertInto("fee_concessions")
      .values({
        instalment_id: instalment.id,
        kind: input.kind,
        amount_paise: input.amount,
        reason: input.reason,
        created_by: actorId,
        created_at: now.toISOString(),
      })
      .returning(["id", "amount_paise", "kind"])
      .executeTakeFirstOrThrow();
    const owner = await auditFeeAct(trx, { action: "fee.concession", actorId, now, ip: meta.ip }, instalment.id, {
      kind: input.kind,
      amount: input.amount,
      reason: input.reason,
    });
    await tellConcession(deps, trx, now, {
      userId: instalment.user_id,
      concessionId: concession.id,
      amount: input.amount,
      reason: input.reason,
    });
    return { concession, owner };
  });
  deps.mail.kick();
  return {
    message: text.t("said.concession", { kind: text.t(`kind.${input.kind}`), amount: rupees(input.amount), name: owner.name }),
    concession: { id: concession.id, amount: concession.amount_paise, kind: concession.kind },
  };
}

/** A concession given in error: withdrawn with its reason (kept), never deleted; the student owes that much again. */
export async function withdrawConcession(deps: AppDeps, actorId: number, id: number, reason: string, meta: SessionMeta = {}) {
  const now = deps.now();
  const { row, owner } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("fee_concessions")
      .set({ withdrawn_at: now.toISOString(), withdrawn_by: actorId, withdraw_reason: reason })
      .where("id", "=", id)
      .where("withdrawn_at", "is", null)
      .returning(["id", "instalment_id", "amount_paise", "kind", "reason"])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom("fee_concessions").select("id").where("id", "=", id).executeTakeFirst();
      throw exists ? new AppError("CONFLICT", text.t("rule.withdrawn")) : concessionNotFound();
    }
    const owner = await auditFeeAct(trx, { action: "fee.concession_withdraw", actorId, now, ip: meta.ip }, row.instalment_id, {
      kind: row.kind,
      amount: row.amount_paise,
      reason,
      given: row.reason,
    });
    return { row, owner };
  });
  return { message: text.t("said.withdrawn", { amount: rupees(row.amount_paise), name: owner.name }) };
}

/** The concessions of a list's search and status, each with its student, instalment, giver and withdrawer. */
function concessionsOf(deps: Pick<AppDeps, "db">, query: ConcessionExportQuery) {
  let base = deps.db
    .selectFrom("fee_concessions")
    .innerJoin("fee_instalments", "fee_instalments.id", "fee_concessions.instalment_id")
    .innerJoin("users as student", "student.id", "fee_instalments.user_id");
  if (query.status === "active") base = base.where("fee_concessions.withdrawn_at", "is", null);
  if (query.status === "withdrawn") base = base.where("fee_concessions.withdrawn_at", "is not", null);
  if (query.search) base = base.where(anyColumnContains(["student.name", "student.student_id", "fee_concessions.reason"], query.search));
  const rows = base
    .innerJoin("programmes", "programmes.id", "fee_instalments.programme_id")
    .leftJoin("users as giver", "giver.id", "fee_concessions.created_by")
    .leftJoin("users as withdrawer", "withdrawer.id", "fee_concessions.withdrawn_by")
    .select([
      "fee_concessions.id",
      "fee_concessions.kind",
      "fee_concessions.amount_paise",
      "fee_concessions.reason",
      "fee_concessions.created_at",
      "fee_concessions.withdrawn_at",
      "fee_concessions.withdraw_reason",
      "giver.name as given_by",
      "withdrawer.name as withdrawn_by",
      "student.id as user_id",
      "student.name",
      "student.student_id",
      "programmes.name as programme",
      "programmes.fee_period",
      "fee_instalments.id as instalment_id",
      "fee_instalments.term",
      "fee_instalments.number",
      "fee_instalments.due_on",
    ])
    .orderBy("fee_concessions.id", "desc");
  return { base, rows };
}

/**
 * The concessions given, the newest first, searched by the student's name or ID or the reason, in force or
 * withdrawn; each with its student, instalment, who gave it and when, and who withdrew it and why. Two queries
 * whatever the page holds.
 */
export async function listConcessions(deps: Pick<AppDeps, "db">, query: ConcessionListQuery) {
  const { base, rows: all } = concessionsOf(deps, query);
  const { rows, pagination } = await pageWithTotal(base, all, query);
  return {
    concessions: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount_paise,
      reason: r.reason,
      givenAt: r.created_at,
      givenBy: r.given_by,
      student: { id: r.user_id, name: r.name, studentId: r.student_id },
      instalment: { id: r.instalment_id, programme: r.programme, termUnit: r.fee_period, term: r.term, number: r.number, dueOn: r.due_on },
      withdrawn: r.withdrawn_at ? { at: r.withdrawn_at, by: r.withdrawn_by, reason: r.withdraw_reason ?? "" } : null,
    })),
    pagination,
  };
}

export const CONCESSIONS_CSV_HEADER = [
  "Given on",
  "Kind",
  "Amount (INR)",
  "Reason",
  "Given by",
  "Student ID",
  "Student name",
  "Programme",
  "Term",
  "Instalment",
  "Due on",
  "Status",
  "Withdrawn on",
  "Withdrawn by",
  "Withdrawal reason",
] as const;

/**
 * The concessions list as searched and filtered, every row, newest first, as CSV for the accountant's year-end
 * file (walk 32a's left item: what was waived, beside the receipts of what was paid): times on the institute's
 * clock, amounts in plain rupees, words in English as every office export. Audited.
 */
export async function concessionsCsv(
  deps: Pick<AppDeps, "db" | "now">,
  actorId: number,
  query: ConcessionExportQuery,
  meta: SessionMeta = {},
) {
  const rows = await concessionsOf(deps, query).rows.execute();
  const [today, timeZone] = await Promise.all([instituteToday(deps), instituteTimeZone(deps)]);
  const csv = spreadsheetCsv(
    CONCESSIONS_CSV_HEADER,
    rows.map((r) => [
      csvMoment(r.created_at, timeZone),
      r.kind === "scholarship" ? "Scholarship" : "Concession",
      upiAmount(r.amount_paise),
      r.reason,
      r.given_by,
      r.student_id,
      r.name,
      r.programme,
      termName(r.fee_period, r.term, "en"),
      r.number,
      r.due_on,
      r.withdrawn_at ? "Withdrawn" : "In force",
      csvMoment(r.withdrawn_at, timeZone),
      r.withdrawn_by,
      r.withdraw_reason,
    ]),
  );
  const inForce = rows.filter((r) => !r.withdrawn_at).reduce((sum, r) => sum + r.amount_paise, 0);
  await audit(deps.db, deps.now(), {
    actorUserId: actorId,
    action: "fee.concessions_export",
    entityType: "report",
    details: { on: today, rows: rows.length, inForce, status: query.status, search: query.search },
    ip: meta.ip,
  });
  return { filename: `fee-concessions-${today}.csv`, csv, rows: rows.length };
}
