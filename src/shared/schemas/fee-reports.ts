/**
 * The office's fee reports (issue 19; docs/fees/reports.md): the dues list and its reminders, and the
 * collections of a range of days with their CSV. One schema per rule, used by the screens, the tRPC inputs and
 * the REST handler.
 */
import * as v from "valibot";
import { feeReports } from "../i18n/feeReports.ts";
import { addDays, isCalendarDay, optionalRecordId, pageParams, recordId } from "./common.ts";

/** A student whose oldest unpaid instalment falls due within this many days (today included) is "due soon". */
export const DUE_SOON_DAYS = 14;
/** The longest range of days the collections show at once: a financial year fits (366 days in a leap year). */
export const COLLECTIONS_MAX_DAYS = 366;

/** The dues list's filter: everyone who owes something, those with an overdue instalment, those due soon. */
export const DUE_FILTERS = ["all", "overdue", "soon"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

/** Where a student owing money stands: something overdue, the oldest due within DUE_SOON_DAYS, or later. */
export type DueStanding = "overdue" | "soon" | "later";

/** A student's standing from the oldest due day of what they still owe. */
export function dueStanding(oldestDue: string, today: string): DueStanding {
  if (oldestDue < today) return "overdue";
  return oldestDue <= addDays(today, DUE_SOON_DAYS) ? "soon" : "later";
}

/** A programme chosen in a filter: its id, or "" for every programme. */
const programmeFilter = optionalRecordId(feeReports.m("rule.programme"));

/** Whom the dues list and "Remind all overdue" are about: searched by name or Student ID, one programme or all. */
const duesScope = {
  search: pageParams().search,
  programme: programmeFilter,
};

/** The dues list, a page at a time: overdue first, then by the oldest due day. */
export const duesQuery = v.object({
  ...pageParams(20, 100),
  ...duesScope,
  status: v.optional(v.picklist(DUE_FILTERS, feeReports.m("rule.filter")), "all"),
});
export type DuesQuery = v.InferOutput<typeof duesQuery>;

/** The dues list as a CSV file: its search, programme and standing, every row (walk 32a: the year's end). */
export const duesExportQuery = v.object({
  ...duesScope,
  status: v.optional(v.picklist(DUE_FILTERS, feeReports.m("rule.filter")), "all"),
});
export type DuesExportQuery = v.InferOutput<typeof duesExportQuery>;

/** "Remind": one student, now. */
/** `again`: the office was asked "Remind … again?" and said yes; without it a second reminder the same day is refused. */
export const remindInput = v.object({ userId: recordId(feeReports.m("rule.student")), again: v.optional(v.boolean(), false) });

/** "Remind all overdue": the students of the list as filtered (search and programme) who have something overdue. */
export const remindOverdueInput = v.object(duesScope);
export type RemindOverdueInput = v.InferOutput<typeof remindOverdueInput>;

const day = (message: () => string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check((s) => s === "" || isCalendarDay(s), message),
    ),
    "",
  );

/**
 * A range of days (YYYY-MM-DD, both included) for the collections and their CSV; both blank means this
 * month so far in the institute's time zone (the service knows today). The first day may not be after the
 * last, and the range is at most COLLECTIONS_MAX_DAYS long.
 */
/**
 * Which day a receipt counts on: the day it was issued (its number's year; the default) or the day the money was paid
 * (a payment of 31 March entered on 1 April counts in March: walk 32a, the accountant's year).
 */
export const COLLECTION_BASES = ["issued", "paid"] as const;
export type CollectionBasis = (typeof COLLECTION_BASES)[number];

export const collectionsQuery = v.pipe(
  v.object({
    from: day(feeReports.m("rule.from")),
    to: day(feeReports.m("rule.to")),
    // Blank is the default, as a blank range is (walk 33d: `by=` alone was refused).
    by: v.pipe(
      v.optional(v.string(feeReports.m("rule.by")), ""),
      v.transform((s) => s || "issued"),
      v.picklist(COLLECTION_BASES, feeReports.m("rule.by")),
    ),
  }),
  v.forward(
    v.partialCheck([["from"], ["to"]], (r) => (r.from === "") === (r.to === ""), feeReports.m("rule.both")),
    ["to"],
  ),
  v.forward(
    v.partialCheck([["from"], ["to"]], (r) => r.from === "" || r.from <= r.to, feeReports.m("rule.order")),
    ["to"],
  ),
  v.forward(
    v.partialCheck(
      [["from"], ["to"]],
      (r) => r.from === "" || r.from > r.to || addDays(r.from, COLLECTIONS_MAX_DAYS - 1) >= r.to,
      feeReports.m("rule.span", { days: COLLECTIONS_MAX_DAYS }),
    ),
    ["to"],
  ),
);
export type CollectionsQuery = v.InferOutput<typeof collectionsQuery>;
