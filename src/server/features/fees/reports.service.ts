/**
 * The office's fee reports (issue 19; docs/fees/reports.md): who owes what (the dues list, overdue first, a
 * page at a time, with its totals) and the money collected in a range of days (by day, programme and mode, and
 * the receipts as a CSV file). Reminders are in reminders.service.ts.
 *
 * The dues list must be ordered, filtered, counted and totalled over every student at once, so what each
 * instalment still asks is computed in SQL (`instalmentDues`): the ledger's own rule (ledger.ts `standing`)
 * written set-based, proven equal to it on random data by a property test (reports.test.ts). The rows of the
 * page shown, and every reminder, use `standings` itself.
 */
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { portableSql } from "../../../../db/connection.ts";
import type { Database, PaymentMode, Programme } from "../../../../db/schema.ts";
import { type OwedTerm, owedTermNames } from "../../../shared/fee-terms.ts";
import { feeReports } from "../../../shared/i18n/feeReports.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import {
  type CollectionBasis,
  type CollectionsQuery,
  DUE_SOON_DAYS,
  type DueFilter,
  type DuesExportQuery,
  type DuesQuery,
  dueStanding,
  type RemindOverdueInput,
} from "../../../shared/schemas/fee-reports.ts";
import { termName } from "../../../shared/terms.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { localDate } from "../../platform/calendar.ts";
import { asText, spreadsheetCsv } from "../../platform/csv.ts";
import { paginationOf } from "../../platform/paging.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { anyColumnContains } from "../../platform/search.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { getSettings, instituteTimeZone, instituteToday } from "../settings/settings.service.ts";
import { financialYear, upiAmount } from "./ledger.ts";
import { collectionsTotal, RECEIPT_FACTS, standings, studentReceipts, withPaidInstalment } from "./payments.service.ts";

type DB = Kysely<Database>;

/** Whom a dues list is about: a search (name or Student ID) and a programme (null: all). */
export type DuesScope = Pick<RemindOverdueInput, "search" | "programme">;

/** The instalments of a scope: one programme's, and only the students the search finds. */
export const inScope = (db: DB, scope: DuesScope) => (eb: ExpressionBuilder<Database, "fee_instalments">) => {
  const parts = [];
  if (scope.programme !== null) parts.push(eb("fee_instalments.programme_id", "=", scope.programme));
  if (scope.search)
    parts.push(
      eb(
        "fee_instalments.user_id",
        "in",
        db
          .selectFrom("users")
          .select("users.id")
          .where("users.role", "=", "student")
          .where(anyColumnContains(["users.name", "users.student_id"], scope.search)),
      ),
    );
  return eb.and(parts);
};

/** The day the grace period ends: the due day plus the grace days (the ledger's `deadline`). */
const deadlineOf = (db: DB) => portableSql.dayPlus(db, sql`fee_instalments.due_on`, sql`fee_instalments.grace_days`);

/**
 * What each instalment of the scope still asks on `today`, in one statement: the ledger's `standing` set-based.
 * net = amount − min(concessions, amount); the late fee once today is after the deadline and what was paid by
 * the deadline did not cover net; outstanding = max(0, net + late fee − paid), paid counting confirmed payments
 * only (a cancelled receipt's payment is `cancelled`). Each sum is a lookup through its table's instalment index.
 */
export function instalmentDues(db: DB, today: string, scope: DuesScope = { search: "", programme: null }) {
  const deadline = deadlineOf(db);
  const concessions = sql<number>`coalesce((select sum(c.amount_paise) from fee_concessions c where c.instalment_id = fee_instalments.id and c.withdrawn_at is null), 0)`;
  const figures = db
    .selectFrom("fee_instalments")
    .where(inScope(db, scope))
    .select([
      "fee_instalments.id",
      "fee_instalments.user_id",
      "fee_instalments.programme_id",
      "fee_instalments.due_on",
      "fee_instalments.late_fee_paise",
      sql<number>`fee_instalments.amount_paise - ${portableSql.least(db, sql`fee_instalments.amount_paise`, concessions)}`.as("net"),
      sql<number>`coalesce((select sum(p.amount_paise) from fee_payments p where p.instalment_id = fee_instalments.id and p.status = 'confirmed'), 0)`.as(
        "paid",
      ),
      sql<number>`coalesce((select sum(p.amount_paise) from fee_payments p where p.instalment_id = fee_instalments.id and p.status = 'confirmed' and p.paid_on <= ${deadline}), 0)`.as(
        "paid_in_time",
      ),
      deadline.as("deadline"),
    ]);
  return db
    .selectFrom(figures.as("f"))
    .select([
      "f.id",
      "f.user_id",
      "f.programme_id",
      "f.due_on",
      portableSql
        .greatest(
          db,
          sql`0`,
          sql`f.net + case when f.late_fee_paise > 0 and ${today} > f.deadline and f.paid_in_time < f.net then f.late_fee_paise else 0 end - f.paid`,
        )
        .as("outstanding"),
    ]);
}

/**
 * One row per student of the scope who owes something: how many instalments, how much in all and of it
 * overdue, and the oldest due day of what they owe (earlier than today exactly when something is overdue).
 */
export function duesByStudent(db: DB, today: string, scope: DuesScope, status: DueFilter) {
  let q = db
    .selectFrom(instalmentDues(db, today, scope).as("d"))
    .where("d.outstanding", ">", 0)
    .groupBy("d.user_id")
    .select((eb) => [
      "d.user_id",
      eb.fn.countAll<number>().as("instalments"),
      eb.fn.sum<number>("d.outstanding").as("outstanding"),
      sql<number>`sum(case when d.due_on < ${today} then d.outstanding else 0 end)`.as("overdue"),
      eb.fn.min<string>("d.due_on").as("oldest_due"),
    ]);
  if (status === "overdue") q = q.having((eb) => eb.fn.min("d.due_on"), "<", today);
  if (status === "soon")
    q = q.having((eb) => eb.fn.min("d.due_on"), ">=", today).having((eb) => eb.fn.min("d.due_on"), "<=", addDays(today, DUE_SOON_DAYS));
  return q;
}

export interface DueItem {
  instalmentId: number;
  programme: string;
  termUnit: Programme["fee_period"];
  term: number;
  number: number;
  dueOn: string;
  outstanding: number;
  overdue: boolean;
}

/**
 * What each of these students still owes, instalment by instalment (the oldest due first), by the ledger itself
 * (`standings`: three queries, whatever their number), with their programme's name and fee period.
 */
export async function duesOf(db: DB, today: string, userIds: readonly number[], scope: DuesScope = { search: "", programme: null }) {
  const out = new Map<number, DueItem[]>();
  if (userIds.length === 0) return out;
  const found = await standings(db, today, (q) =>
    q
      .where("fee_instalments.user_id", "in", [...userIds])
      .where(inScope(db, { search: "", programme: scope.programme }))
      .orderBy("fee_instalments.due_on")
      .orderBy("fee_instalments.id"),
  );
  for (const { instalment: i, standing: s } of found) {
    if (s.outstanding === 0) continue;
    const items = out.get(i.user_id) ?? [];
    items.push({
      instalmentId: i.id,
      programme: i.programme,
      termUnit: i.term_unit,
      term: i.term,
      number: i.number,
      dueOn: i.due_on,
      outstanding: s.outstanding,
      overdue: s.status === "overdue",
    });
    out.set(i.user_id, items);
  }
  return out;
}

/** The terms a student's instalments still owed are of, each once, by programme (as first owed) and term. */
function termsOwed(own: readonly DueItem[]): OwedTerm[] {
  const terms = new Map<string, OwedTerm>();
  for (const i of own) terms.set(`${i.programme}\u0000${i.term}`, { programme: i.programme, termUnit: i.termUnit, term: i.term });
  const order = [...new Set(own.map((i) => i.programme))];
  return [...terms.values()].sort((a, b) => order.indexOf(a.programme) - order.indexOf(b.programme) || a.term - b.term);
}

/** The last fee reminder (automatic or from the dues list) each of these students was sent. */
async function lastReminders(db: DB, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom("fee_reminders")
    .innerJoin("fee_instalments", "fee_instalments.id", "fee_reminders.instalment_id")
    .select((eb) => ["fee_instalments.user_id", eb.fn.max("fee_reminders.sent_at").as("last")])
    .where("fee_instalments.user_id", "in", [...userIds])
    .groupBy("fee_instalments.user_id")
    .execute();
  return new Map(rows.map((r) => [r.user_id, String(r.last)]));
}

/**
 * Every student of the scope who owes something, in the dues list's order (overdue first, then by the oldest due
 * day), with the totals of them all. Computed over every instalment of the scope (~100 ms at 22,000 instalments,
 * walk 31b), so once per day, scope and filter until the next write (the read cache): the list's pages and filters
 * and the dashboard's figures, loaded by every office person as they start, share it.
 */
export function owingStudents(db: DB, today: string, scope: DuesScope, status: DueFilter) {
  const key = `fees:owing:${today}:${status}:${scope.programme ?? ""}:${scope.search}`;
  return cachedRead(db, key, async () => {
    const rows = await db
      .selectFrom(duesByStudent(db, today, scope, status).as("s"))
      .innerJoin("users", "users.id", "s.user_id")
      .leftJoin("programmes", "programmes.id", "users.programme_id")
      .select([
        "s.user_id",
        "s.instalments",
        "s.outstanding",
        "s.overdue",
        "s.oldest_due",
        "users.name",
        "users.student_id",
        "users.is_active",
        "programmes.name as programme",
      ])
      .orderBy("s.oldest_due")
      .orderBy("users.name")
      .orderBy("users.id")
      .execute();
    const totals = { students: rows.length, overdueStudents: 0, outstanding: 0, overdue: 0 };
    for (const r of rows) {
      if (r.oldest_due < today) totals.overdueStudents += 1;
      totals.outstanding += Number(r.outstanding);
      totals.overdue += Number(r.overdue);
    }
    return { rows, totals };
  });
}

/**
 * The dues list: the students of the scope who owe something, overdue first and then by the oldest due day,
 * a page at a time; with the totals of the whole filtered list (students, outstanding, of it overdue).
 */
export async function listDues(deps: Pick<AppDeps, "db" | "now">, query: DuesQuery) {
  const timeZone = await instituteTimeZone(deps);
  const today = localDate(deps.now(), timeZone);
  const db = deps.db;
  const owing = await owingStudents(db, today, query, query.status);
  const totals = owing.totals;
  const rows = owing.rows.slice((query.page - 1) * query.limit, query.page * query.limit);
  const ids = rows.map((r) => r.user_id);
  const [items, reminded] = await Promise.all([duesOf(db, today, ids, query), lastReminders(db, ids)]);
  return {
    today,
    totals,
    dues: rows.map((r) => {
      const own = items.get(r.user_id) ?? [];
      const oldest = own[0];
      return {
        student: { id: r.user_id, name: r.name, studentId: r.student_id, active: r.is_active === 1 },
        programme: oldest?.programme ?? "",
        terms: termsOwed(own),
        instalments: Number(r.instalments),
        outstanding: Number(r.outstanding),
        overdue: Number(r.overdue),
        oldestDue: r.oldest_due,
        standing: dueStanding(r.oldest_due, today),
        lastReminder: reminded.get(r.user_id) ?? null,
        // Reminded on the institute's today already: Remind asks before sending another (as Remind all skips them).
        remindedToday: reminded.has(r.user_id) && localDate(new Date(reminded.get(r.user_id)!), timeZone) === today,
        items: own.map(({ instalmentId, ...rest }) => ({ id: instalmentId, ...rest })),
      };
    }),
    pagination: paginationOf(totals.students, query.page, query.limit),
  };
}

/** The same days of the month before `today`'s (the 1st to today's day, cut at that month's last day). */
export function sameSpanLastMonth(today: string): { from: string; to: string } {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const lastDay = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const from = first.toISOString().slice(0, 10);
  return { from, to: `${from.slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, "0")}` };
}

/**
 * The fee figures of the office's dashboard (stop 48): money collected this month so far and over the same days
 * of last month (as the collections report counts it), what students owe and how much of it is overdue, from
 * how many students (as the dues list totals it), and the UPI payments waiting to be confirmed.
 */
export async function feeFigures(deps: Pick<AppDeps, "db" | "now">) {
  const today = localDate(deps.now(), await instituteTimeZone(deps));
  const before = sameSpanLastMonth(today);
  const db = deps.db;
  const [collected, collectedBefore, owing, toConfirm] = await Promise.all([
    collectionsTotal(db, `${today.slice(0, 8)}01`, today),
    collectionsTotal(db, before.from, before.to),
    owingStudents(db, today, { search: "", programme: null }, "all"),
    db
      .selectFrom("fee_payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    collected,
    collectedBefore,
    outstanding: owing.totals.outstanding,
    overdue: owing.totals.overdue,
    overdueStudents: owing.totals.overdueStudents,
    toConfirm: Number(toConfirm.n),
  };
}

/** The dues CSV's columns (English, as every office export). */
export const DUES_CSV_HEADER = [
  "Student ID",
  "Student name",
  "Programme",
  "Terms",
  "Instalments owed",
  "Outstanding (INR)",
  "Of which overdue (INR)",
  "Oldest due on",
  "Standing",
  "Account",
] as const;

/**
 * The dues list as filtered, every student of it, as a CSV file named by the institute's day: what is owed on that
 * day, for the accountant at the year's end (walk 32a: there was no statement of dues to keep). Audited.
 */
export async function duesCsv(deps: Pick<AppDeps, "db" | "now">, actorId: number, query: DuesExportQuery, meta: SessionMeta = {}) {
  const today = await instituteToday(deps);
  const { rows, totals } = await owingStudents(deps.db, today, query, query.status);
  // Each student's terms owed, as the list's "Programme and term" names them (walk 33c: arrears of two terms read as
  // one); read a thousand students at a time, within what one statement may bind.
  const items = new Map<number, DueItem[]>();
  for (let at = 0; at < rows.length; at += 1000) {
    const part = await duesOf(
      deps.db,
      today,
      rows.slice(at, at + 1000).map((r) => r.user_id),
      query,
    );
    for (const [userId, own] of part) items.set(userId, own);
  }
  const termsOf = (userId: number) => owedTermNames(termsOwed(items.get(userId) ?? []), "en").join("; ");
  const csv = spreadsheetCsv(
    DUES_CSV_HEADER,
    rows.map((r) => [
      r.student_id,
      r.name,
      // The programme of the oldest instalment owed, as the list shows it.
      items.get(r.user_id)?.[0]?.programme ?? r.programme,
      termsOf(r.user_id),
      Number(r.instalments),
      upiAmount(Number(r.outstanding)),
      upiAmount(Number(r.overdue)),
      r.oldest_due,
      // The list's own words for it, in English as the headers.
      feeReports.t(`dues.standing.${dueStanding(r.oldest_due, today)}`, undefined, "en"),
      r.is_active === 1 ? "Active" : "Inactive",
    ]),
  );
  await audit(deps.db, deps.now(), {
    actorUserId: actorId,
    action: "fee.dues_export",
    entityType: "report",
    details: { on: today, rows: rows.length, outstanding: totals.outstanding, status: query.status, search: query.search },
    ip: meta.ip,
  });
  return { filename: `fee-dues-${today}.csv`, csv, rows: rows.length };
}

/** The programmes the dues list can be narrowed to: those with instalments raised. */
export async function duesProgrammes(deps: Pick<AppDeps, "db">) {
  const programmes = await deps.db
    .selectFrom("programmes")
    .select(["id", "name"])
    .where("id", "in", deps.db.selectFrom("fee_instalments").select("programme_id"))
    .orderBy("name")
    .orderBy("id")
    .execute();
  return { programmes };
}

// ————— collections —————

/**
 * The ranges the collections screen offers: today, this month and this financial year so far (the institute's
 * day), and the last financial year whole, which the turn of the year asks for (walk 32a: on 1 April the other three
 * were one day).
 */
export function collectionPresets(today: string) {
  const start = Number(financialYear(today).slice(0, 4));
  return {
    today: { from: today, to: today },
    month: { from: `${today.slice(0, 8)}01`, to: today },
    year: { from: `${start}-04-01`, to: today },
    lastYear: { from: `${start - 1}-04-01`, to: `${start}-03-31` },
  };
}

/** The range asked for, or this month so far. */
async function rangeOf(deps: Pick<AppDeps, "db" | "now">, query: CollectionsQuery) {
  const { general } = await getSettings(deps);
  const today = localDate(deps.now(), general.timeZone);
  const presets = collectionPresets(today);
  return { today, presets, range: query.from ? { from: query.from, to: query.to } : presets.month };
}

/** The day a receipt counts on: the day it was issued, or the day its money was paid (its payment's `paid_on`). */
const dayOf = (by: CollectionBasis) => (by === "paid" ? "fee_payments.paid_on" : "fee_receipts.issued_on");

/** The receipts that count in a range: not cancelled, issued (or paid for) on a day of it; with their payments. */
const countedReceipts = (db: DB, range: { from: string; to: string }, by: CollectionBasis) =>
  db
    .selectFrom("fee_receipts")
    .innerJoin("fee_payments", "fee_payments.id", "fee_receipts.payment_id")
    .where("fee_receipts.cancelled_at", "is", null)
    .where(dayOf(by), ">=", range.from)
    .where(dayOf(by), "<=", range.to);

/** What a group of those receipts adds up to: how many, and how much (paise). */
const receiptsAndAmount = (eb: ExpressionBuilder<Database, "fee_receipts" | "fee_payments">) =>
  [eb.fn.countAll<number>().as("receipts"), eb.fn.sum<number>("fee_receipts.amount_paise").as("amount")] as const;

/**
 * The money collected in a range of days (receipts not cancelled, by the day they were issued, or by the day the
 * money was paid): its total (by the day issued, collectionsTotal: the core's, as the dashboard's) and what of it paid
 * late fees, and the same money by day, by programme and by mode — each adding up to it.
 */
export async function collections(deps: Pick<AppDeps, "db" | "now">, query: CollectionsQuery) {
  const { today, presets, range } = await rangeOf(deps, query);
  const db = deps.db;
  const by = query.by;
  const [lateFees, byDay, byProgramme, byMode] = await Promise.all([
    countedReceipts(db, range, by)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("fee_receipts.late_fee_paise"), eb.val(0)).as("amount"))
      .executeTakeFirstOrThrow(),
    countedReceipts(db, range, by)
      .select((eb) => [eb.ref(dayOf(by)).as("day"), ...receiptsAndAmount(eb)])
      .groupBy(dayOf(by))
      .orderBy(dayOf(by))
      .execute(),
    countedReceipts(db, range, by)
      .innerJoin("fee_instalments", "fee_instalments.id", "fee_payments.instalment_id")
      .innerJoin("programmes", "programmes.id", "fee_instalments.programme_id")
      .select((eb) => ["programmes.id", "programmes.name", ...receiptsAndAmount(eb)])
      .groupBy(["programmes.id", "programmes.name"])
      .orderBy("amount", "desc")
      .orderBy("programmes.name")
      .execute(),
    countedReceipts(db, range, by)
      .select((eb) => ["fee_receipts.mode", ...receiptsAndAmount(eb)])
      .groupBy("fee_receipts.mode")
      .orderBy("amount", "desc")
      .orderBy("fee_receipts.mode")
      .execute(),
  ]);
  const receipts = byDay.reduce((n, d) => n + Number(d.receipts), 0);
  const total = by === "issued" ? await collectionsTotal(db, range.from, range.to) : byDay.reduce((n, d) => n + Number(d.amount), 0);
  return {
    today,
    range,
    by,
    presets,
    total,
    /** of the total, what paid late fees (as the receipts kept it: none on receipts issued before they did) */
    lateFees: Number(lateFees.amount),
    receipts,
    byDay: byDay.map((d) => ({ day: d.day, receipts: Number(d.receipts), amount: Number(d.amount) })),
    byProgramme: byProgramme.map((p) => ({ id: p.id, name: p.name, receipts: Number(p.receipts), amount: Number(p.amount) })),
    byMode: byMode.map((m) => ({ mode: m.mode, receipts: Number(m.receipts), amount: Number(m.amount) })),
    csvUrl: receiptsCsvUrl(range, by),
  };
}

/** The address of a range's receipts as CSV (reports.rest.ts), counted by the same day. */
export const receiptsCsvUrl = (range: { from: string; to: string }, by: CollectionBasis = "issued") =>
  `/api/fees/reports/receipts.csv?${new URLSearchParams({ from: range.from, to: range.to, ...(by === "paid" ? { by } : {}) }).toString()}`;

const MODE_NAMES: Record<PaymentMode, string> = { cash: "Cash", upi: "UPI", cheque: "Cheque", dd: "Demand draft", bank: "Bank transfer" };

export const RECEIPTS_CSV_HEADER = [
  "Receipt number",
  "Issued on",
  "Student ID",
  "Student name",
  "Programme",
  "Term",
  "Instalment",
  "Mode",
  "Reference",
  "Paid on",
  "Amount (INR)",
  "Of which late fee (INR)",
  "Status",
  "Cancelled on",
  "Cancellation reason",
] as const;

/**
 * Every receipt issued in the range (or paid for in it, `by: "paid"`), in number order, as CSV for a spreadsheet (the file the accountant files):
 * cancelled ones too, marked so, so the numbers run without gaps; the amounts of those marked "Valid" add up to
 * the collections. Amounts are plain rupees ("12500.50"), with the part of each that paid a late fee beside it
 * (blank on receipts issued before that was kept); the file starts with a byte-order mark for Excel.
 * Exporting is audited.
 */
export async function receiptsCsv(deps: Pick<AppDeps, "db" | "now">, actorId: number, query: CollectionsQuery, meta: SessionMeta = {}) {
  const { range } = await rangeOf(deps, query);
  const rows = await withPaidInstalment(studentReceipts(deps.db))
    .select([
      ...RECEIPT_FACTS,
      "student.student_id",
      "student.name",
      "programmes.name as programme",
      "fee_payments.reference",
      "fee_payments.paid_on",
    ])
    .where(dayOf(query.by), ">=", range.from)
    .where(dayOf(query.by), "<=", range.to)
    .orderBy("fee_receipts.financial_year")
    .orderBy("fee_receipts.sequence")
    .execute();
  const { general } = await getSettings(deps);
  const csv = spreadsheetCsv(
    RECEIPTS_CSV_HEADER,
    rows.map((r) => [
      r.number,
      r.issued_on,
      r.student_id,
      r.name,
      r.programme,
      termName(r.fee_period, r.term, "en"),
      r.instalment_number,
      MODE_NAMES[r.mode],
      asText(r.reference),
      r.paid_on,
      upiAmount(r.amount_paise),
      r.late_fee_paise === null ? null : upiAmount(r.late_fee_paise),
      r.cancelled_at ? "Cancelled" : "Valid",
      r.cancelled_at ? localDate(new Date(r.cancelled_at), general.timeZone) : null,
      r.cancel_reason,
    ]),
  );
  await audit(deps.db, deps.now(), {
    actorUserId: actorId,
    action: "fee.collections_export",
    entityType: "report",
    details: { from: range.from, to: range.to, rows: rows.length, ...(query.by === "paid" ? { by: "paid" } : {}) },
    ip: meta.ip,
  });
  const paid = query.by === "paid" ? "paid-" : "";
  return { filename: `fee-receipts-${paid}${range.from}-to-${range.to}.csv`, csv, rows: rows.length };
}
