/**
 * The library (issue 18): the catalogue's forms (printed books and e-resources), its list queries, lending
 * and returning. One schema per rule, used by the forms, the tRPC inputs and the REST handlers.
 */
import * as v from "valibot";
import { library } from "../i18n/library.ts";
import {
  addDays,
  isCalendarDay,
  optionalRecordId,
  optionalText,
  pageParams,
  recordId,
  recordVersion,
  requiredText,
  wholeNumber,
} from "./common.ts";

/** An e-resource's PDF is at most this size. */
export const ERESOURCE_MAX_BYTES = 25 * 1024 * 1024;
/** A loan is due this many days after the day it is lent, unless the office chooses another day. */
export const LOAN_DAYS = 14;
/** The latest due date the office may choose, in days from today. */
export const LOAN_MAX_DAYS = 365;
/** A loan is "due soon" when it is due within this many days (today included). */
export const DUE_SOON_DAYS = 3;
/** How many times a loan may be renewed, each time to LOAN_DAYS after the day it is renewed. */
export const LOAN_RENEWALS_MAX = 2;
export const MAX_COPIES = 1000;

// ————— ISBN —————

/**
 * An ISBN as stored: its digits (and a final X for ISBN-10) without hyphens or spaces, when its check digit
 * is right; "format" when it is not 10 or 13 characters of the right kind; "check" when the check digit is wrong.
 */
export function normaliseIsbn(text: string): string | "format" | "check" {
  const s = text.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{9}[\dX]$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += (10 - i) * (s[i] === "X" ? 10 : Number(s[i]));
    return sum % 11 === 0 ? s : "check";
  }
  if (/^\d{13}$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 13; i++) sum += Number(s[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0 ? s : "check";
  }
  return "format";
}

/** An optional ISBN-10 or ISBN-13 (hyphens and spaces allowed), kept as its bare digits; blank is none. */
const isbn = v.pipe(
  v.nullish(v.string(), ""),
  v.trim(),
  v.check((s) => s === "" || normaliseIsbn(s) !== "format", library.m("rule.isbnFormat")),
  v.check((s) => s === "" || normaliseIsbn(s) !== "check", library.m("rule.isbnCheck")),
  v.transform((s) => (s === "" ? undefined : normaliseIsbn(s))),
);

// ————— dates —————

export type LoanStanding = "onTime" | "dueSoon" | "overdue";

/** Where a loan not yet returned stands on `today`: overdue after its day, due soon within DUE_SOON_DAYS. */
export function loanStanding(dueOn: string, today: string): LoanStanding {
  if (dueOn < today) return "overdue";
  return dueOn <= addDays(today, DUE_SOON_DAYS) ? "dueSoon" : "onTime";
}

/**
 * Why a loan out cannot be renewed on `today`, or null when it can (docs/studies/library.md, "Renewing"): an
 * overdue book comes back to the counter first; a loan renewed LOAN_RENEWALS_MAX times is returned and lent
 * again by the office; and a renewal must move the due day later.
 */
export type RenewalRefusal = "overdue" | "limit" | "notYet";
export function renewalRefusal(loan: { dueOn: string; renewals: number }, today: string): RenewalRefusal | null {
  if (loan.dueOn < today) return "overdue";
  if (loan.renewals >= LOAN_RENEWALS_MAX) return "limit";
  return addDays(today, LOAN_DAYS) > loan.dueOn ? null : "notYet";
}

// ————— the catalogue —————

const programmeId = optionalRecordId(library.m("rule.programme"));

/** What every catalogue entry has. */
const describedEntries = {
  title: requiredText(library.m("rule.title"), 200),
  author: optionalText(200),
  isbn,
  publisher: optionalText(200),
  year: wholeNumber(1450, 2100, library.m("rule.year"), true),
  category: optionalText(60),
};

export const bookEntries = {
  ...describedEntries,
  copies: wholeNumber(1, MAX_COPIES, library.m("rule.copies", { max: MAX_COPIES }), false),
  shelf: optionalText(40),
};
export const bookForm = v.object(bookEntries);
export type BookForm = v.InferOutput<typeof bookForm>;

const httpsUrl = v.pipe(
  requiredText(library.m("rule.url"), 2000),
  v.url(library.m("rule.url")),
  v.check((u) => u.startsWith("https://"), library.m("rule.https")),
);

/** The text fields sent with an e-resource's PDF (multipart), and every e-resource's description. */
export const eresourceEntries = { ...describedEntries, programmeId };
export const eresourceFields = v.object(eresourceEntries);
export type EresourceFields = v.InferOutput<typeof eresourceFields>;

/** An e-resource that is a link to a page on the web (https only). */
export const eresourceLinkForm = v.object({ ...eresourceEntries, url: httpsUrl });

/** A new catalogue entry by tRPC: a printed book, or an e-resource that is a link (a PDF comes by REST). */
export const itemCreateInput = v.variant("kind", [
  v.object({ kind: v.literal("book"), ...bookEntries }),
  v.object({ kind: v.literal("eresource"), ...eresourceEntries, url: httpsUrl }),
]);
export type ItemCreateInput = v.InferOutput<typeof itemCreateInput>;

export const itemId = recordId(library.m("rule.notFound"));

/**
 * Saving an entry. An e-resource's `url` is optional: given, the entry becomes (or stays) that link; blank
 * keeps its PDF (a link must keep an address: the service says so).
 */
export const itemUpdateInput = v.variant("kind", [
  // `version`: what the form was filled from; a change saved since by someone else is refused (walk 16b).
  v.object({ id: itemId, version: recordVersion, kind: v.literal("book"), ...bookEntries }),
  v.object({
    id: itemId,
    version: recordVersion,
    kind: v.literal("eresource"),
    ...eresourceEntries,
    url: v.pipe(
      v.nullish(v.string(), ""),
      v.trim(),
      v.transform((s) => (s === "" ? undefined : s)),
      v.optional(httpsUrl),
    ),
  }),
]);
export type ItemUpdateInput = v.InferOutput<typeof itemUpdateInput>;

export const itemIdInput = v.object({ id: itemId });
export const itemArchiveInput = v.object({ id: itemId, archived: v.boolean() });

export const KIND_FILTERS = ["all", "book", "eresource"] as const;
/** Printed books: with a copy on the shelf, or every copy on loan. */
export const AVAILABILITY_FILTERS = ["all", "available", "out"] as const;
export const ITEM_STATUSES = ["active", "archived"] as const;

export const itemListQuery = v.object({
  ...pageParams(10, 100),
  kind: v.optional(v.picklist(KIND_FILTERS, library.m("rule.filter")), "all"),
  category: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, library.m("rule.filter"))), ""),
  availability: v.optional(v.picklist(AVAILABILITY_FILTERS, library.m("rule.filter")), "all"),
  status: v.optional(v.picklist(ITEM_STATUSES, library.m("rule.filter")), "active"),
});
export type ItemListQuery = v.InferOutput<typeof itemListQuery>;

/** The student's catalogue: what they may borrow or read. */
export const catalogueQuery = v.object({
  ...pageParams(10, 50),
  kind: v.optional(v.picklist(KIND_FILTERS, library.m("rule.filter")), "all"),
  availability: v.optional(v.picklist(AVAILABILITY_FILTERS, library.m("rule.filter")), "all"),
});
export type CatalogueQuery = v.InferOutput<typeof catalogueQuery>;

// ————— loans —————

/** Lending a book: to the student with this Student ID, due on this day (blank: LOAN_DAYS from today). */
export const issueInput = v.object({
  bookId: itemId,
  studentId: v.pipe(
    requiredText(library.m("rule.studentId"), 30),
    v.regex(/^[A-Za-z0-9-]+$/, library.m("rule.studentIdChars")),
    v.toUpperCase(),
  ),
  dueOn: v.pipe(
    v.nullish(v.string(library.m("rule.due")), ""),
    v.trim(),
    v.check((s) => s === "" || isCalendarDay(s), library.m("rule.due")),
    v.transform((s) => (s === "" ? null : s)),
  ),
});
export type IssueInput = v.InferOutput<typeof issueInput>;

export const loanIdInput = v.object({ id: recordId(library.m("rule.loan")) });

export const LOAN_FILTERS = ["out", "overdue", "returned", "all"] as const;
export type LoanFilter = (typeof LOAN_FILTERS)[number];
export const loanListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(LOAN_FILTERS, library.m("rule.filter")), "out"),
});
export type LoanListQuery = v.InferOutput<typeof loanListQuery>;

export const historyQuery = v.object({ page: pageParams(5, 50).page, limit: pageParams(5, 50).limit });
