/**
 * Fee plans (issue 19; docs/fees/plans.md): a programme's plan (the days after a term's start on which each
 * instalment falls due, the late fee and its grace days), raising a term's fees, concessions and scholarships
 * with their reasons. One schema per rule, used by the forms and the tRPC inputs; money is typed in rupees and
 * leaves the schema in paise.
 */
import * as v from "valibot";
import { feePlans } from "../i18n/feePlans.ts";
import { fees } from "../i18n/fees.ts";
import { isCalendarDay, pageParams, recordId, recordVersion, requiredString, requiredText, wholeNumber } from "./common.ts";
import { REASON_MAX, rupeeAmount } from "./fee-desk.ts";
import { rupeesToPaise } from "./programmes.ts";

/** The latest day after a term's start an instalment may fall due on. */
export const MAX_DUE_DAY = 365;
/** The longest grace after a due day before the late fee applies. */
export const MAX_GRACE_DAYS = 60;
/** The most instalments a programme is paid in (the programmes form's own limit). */
export const MAX_INSTALMENTS = 12;
/** The highest term a fee can be raised for (the studies' MAX_TERMS). */
export const MAX_FEE_TERM = 24;

export const CONCESSION_KINDS = ["concession", "scholarship"] as const;

/**
 * A whole number typed in a form (text) or sent as a number, within [min, max]; blank fails with `message`. The
 * common rule (digits only: "0x1e" is not day 30), required, so never null past its check.
 */
const wholeIn = (min: number, max: number, message: () => string) =>
  v.pipe(
    wholeNumber(min, max, message, false),
    v.transform((n) => n as number),
  );

const dueDay = wholeIn(0, MAX_DUE_DAY, feePlans.m("rule.day", { max: MAX_DUE_DAY }));

/** The due days go up: each instalment falls due after the one before. */
export const ascending = (days: readonly number[]) => days.every((d, i) => i === 0 || d > days[i - 1]!);

/** A late fee typed in rupees: blank is none (0); otherwise whole paise, zero or more. */
const lateFee = v.pipe(
  v.nullish(v.union([v.string(), v.number()]), ""),
  v.transform((x) => rupeesToPaise(String(x))),
  v.check((p) => p !== undefined, feePlans.m("rule.lateFee")),
  v.transform((p) => p ?? 0),
);

const programmeId = recordId(feePlans.m("rule.programme"));

/**
 * A programme's plan as the office saves it. The number of due days must be the programme's number of
 * instalments: only the server knows that one (the service checks it).
 */
export const feePlanForm = v.object({
  programmeId,
  /** what the form was filled from; a plan saved since by someone else is refused (walk 16b) */
  version: recordVersion,
  days: v.pipe(
    v.array(dueDay, feePlans.m("rule.days")),
    v.minLength(1, feePlans.m("rule.days")),
    v.maxLength(MAX_INSTALMENTS, feePlans.m("rule.days")),
    v.check((days: number[]) => ascending(days), feePlans.m("rule.ascending")),
  ),
  lateFee,
  graceDays: wholeIn(0, MAX_GRACE_DAYS, feePlans.m("rule.grace", { max: MAX_GRACE_DAYS })),
});
export type FeePlanForm = v.InferOutput<typeof feePlanForm>;

const term = wholeIn(1, MAX_FEE_TERM, feePlans.m("rule.term"));

/** Raising a programme's term: the term and the day it starts (the plan's days count from it). */
export const raiseFeesInput = v.object({
  programmeId,
  term,
  startOn: v.pipe(
    requiredString(feePlans.m("rule.startOn")),
    v.trim(),
    v.check((s) => isCalendarDay(s), feePlans.m("rule.startOn")),
  ),
});
export type RaiseFeesInput = v.InferOutput<typeof raiseFeesInput>;

/** What raising a programme's term would do: how many students, how many already have that term's instalments. */
export const raisePreviewInput = v.object({ programmeId, term });

/** The programmes and their plans, a page at a time (searched by name). */
export const planListQuery = v.object({ ...pageParams(10, 50) });
export type PlanListQuery = v.InferOutput<typeof planListQuery>;

/** A concession or a scholarship against one instalment: its kind, the amount in rupees and the reason. */
export const concessionForm = v.object({
  instalmentId: recordId(fees.m("rule.instalment")),
  kind: v.pipe(requiredString(feePlans.m("rule.kind")), v.picklist(CONCESSION_KINDS, feePlans.m("rule.kind"))),
  amount: rupeeAmount,
  reason: requiredText(feePlans.m("rule.reason"), REASON_MAX),
});
export type ConcessionForm = v.InferOutput<typeof concessionForm>;

/** Withdrawing a concession given in error: its reason is kept with it. */
export const withdrawConcessionInput = v.object({
  id: recordId(feePlans.m("rule.concession")),
  reason: requiredText(feePlans.m("rule.withdrawReason"), REASON_MAX),
});

export const CONCESSION_FILTERS = ["all", "active", "withdrawn"] as const;
export type ConcessionFilter = (typeof CONCESSION_FILTERS)[number];

/** The concessions given, newest first: searched by the student's name or ID or the reason; active or withdrawn. */
export const concessionListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(CONCESSION_FILTERS, feePlans.m("rule.filter")), "all"),
});
export type ConcessionListQuery = v.InferOutput<typeof concessionListQuery>;

/** GET /api/fees/reports/concessions.csv: the list's search and status, every row. */
export const concessionExportQuery = v.object({ search: concessionListQuery.entries.search, status: concessionListQuery.entries.status });
export type ConcessionExportQuery = v.InferOutput<typeof concessionExportQuery>;
