/**
 * The site's news and FAQs as the office keeps them (issue 17): one schema each for the forms, the tRPC
 * inputs and the services.
 */
import * as v from "valibot";
import { config } from "../i18n/config.ts";
import { optionalText, pageParams, recordId, requiredText, wholeNumber } from "./common.ts";

const itemId = recordId(config.m("rule.notFound"));
/** The brochure is a PDF of at most this size. */
export const BROCHURE_MAX_BYTES = 15 * 1024 * 1024;

export const contentIdInput = v.object({ id: itemId });
export const contentListQuery = v.object({ ...pageParams(10, 100) });
export type ContentListQuery = v.InferOutput<typeof contentListQuery>;

/**
 * When a news item shows: a day (YYYY-MM-DD) or a moment (YYYY-MM-DDTHH:mm, from a date-time field) on the
 * institute's clock, kept as "YYYY-MM-DDTHH:mm" for the service to place in the institute's zone (decision
 * 025; tenth walk: it was read on the server's clock); an instant with its Z stays one (ISO); blank → now (null).
 */
/** A day and time that exist as written (no 30 February, no 24:00) in a year a news item can have (review). */
function realMoment(s: string): boolean {
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0] = s.split(/[-T:.Z]/).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return (
    y >= 1900 &&
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    at.getUTCHours() === h &&
    at.getUTCMinutes() === mi
  );
}

const publishMoment = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.check(
    (s) => s === "" || (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/.test(s) && realMoment(s)),
    config.m("rule.publishedAt"),
  ),
  v.transform((s) => (s === "" ? null : s.endsWith("Z") ? new Date(s).toISOString() : s.length === 10 ? `${s}T00:00` : s.slice(0, 16))),
);

export const newsFormEntries = {
  title: requiredText(config.m("rule.newsTitle"), 200),
  body: requiredText(config.m("rule.newsBody"), 5000),
  publishedAt: publishMoment,
  isPublished: v.optional(v.boolean(), true),
};
export const newsInput = v.object(newsFormEntries);
export type NewsInput = v.InferOutput<typeof newsInput>;
export const newsUpdateInput = v.object({ id: itemId, ...newsFormEntries });

export const faqFormEntries = {
  question: requiredText(config.m("rule.question"), 300),
  answer: requiredText(config.m("rule.answer"), 5000),
  category: optionalText(60),
  sortOrder: wholeNumber(0, 1_000_000, config.m("rule.position"), true),
  isPublished: v.optional(v.boolean(), true),
};
export const faqInput = v.object(faqFormEntries);
export type FaqInput = v.InferOutput<typeof faqInput>;
export const faqUpdateInput = v.object({ id: itemId, ...faqFormEntries });
