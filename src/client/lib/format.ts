/**
 * How the client writes dates, times and numbers: one module (issue 15; money in format-money.ts), with Indian conventions
 * (en-IN: "22 Nov 2026", 1,00,000, ₹). Formatters are made once per locale and options; the language of
 * issue 16 sets the locale here and every screen follows.
 *
 * Which clock a time is written on (decision 025), one rule by what is given:
 * - a stored instant (an ISO string from the server) is written on the institute's clock (settings
 *   general.timeZone, set here by the portal shell), on the device's until the client knows it;
 * - a calendar date `YYYY-MM-DD` is that day on every clock (a date of birth never moves);
 * - a `Date` is written as this device's calendar shows it: it was built as the reading to show
 *   (institute-clock.ts `wallClock`, a time of day), so it is never moved again.
 */

import { timeOfDay } from "../../shared/i18n/time-of-day.ts";

let locale = "en-IN";
let timeZone: string | undefined;

/** The locale every formatter uses from now on (the chosen language, issue 16). */
export function setFormatLocale(next: string) {
  locale = next;
}

/** The institute's time zone, once the client knows it (undefined: the device's). */
export function setFormatTimeZone(next: string | undefined) {
  timeZone = next;
}

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat;
const cache = new Map<string, Formatter>();
function cached<T extends Formatter>(kind: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const dateTimeFormat = (options: Intl.DateTimeFormatOptions) => cached("dt", options, () => new Intl.DateTimeFormat(locale, options));

const DAY: Record<"short" | "long", Intl.DateTimeFormatOptions> = {
  short: { day: "numeric", month: "short", year: "numeric" },
  long: { day: "numeric", month: "long", year: "numeric" },
};
/** The time of day in the reader's language's way (shared/i18n/time-of-day.ts). */
const time = (): Intl.DateTimeFormatOptions => timeOfDay(locale.startsWith("en"));

const CALENDAR = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A `YYYY-MM-DD` calendar date (its midnight in UTC, the clock it is written on) or an ISO instant; null
 * for nothing or nonsense.
 */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const calendar = CALENDAR.exec(value);
  const date = calendar ? new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3]))) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The clock `value` is written on (the module comment's rule); undefined is the device's. */
const clockOf = (value: string | Date | null | undefined): string | undefined =>
  typeof value === "string" ? (CALENDAR.test(value) ? "UTC" : timeZone) : undefined;

/** `value` written with `options` on its clock; `empty` for nothing or nonsense. */
function written(value: string | Date | null | undefined, options: Intl.DateTimeFormatOptions, empty = ""): string {
  const date = toDate(value);
  return date ? dateTimeFormat({ ...options, timeZone: clockOf(value) }).format(date) : empty;
}

export interface DateFormatOptions {
  /** "22 Nov 2026" (short, the default) or "22 November 2026" (long) */
  style?: "short" | "long";
  /** what a missing or unreadable value reads as (default "") */
  empty?: string;
}

/** "22 Nov 2026" / "22 November 2026". */
export function formatDate(value: string | Date | null | undefined, { style = "short", empty = "" }: DateFormatOptions = {}): string {
  return written(value, DAY[style], empty);
}

/** "22 Nov 2026, 3:05 pm" / "22 November 2026 at 3:05 pm" ("22 नव॰ 2026, दोपहर 3:05" / "22 नवंबर 2026 को दोपहर 3:05 बजे"). */
export function formatDateTime(value: string | Date | null | undefined, { style = "short", empty = "" }: DateFormatOptions = {}): string {
  return written(value, { ...DAY[style], ...time() }, empty);
}

/** "3:05 pm" ("दोपहर 3:05"). */
export function formatTime(value: string | Date | null | undefined, empty = ""): string {
  return written(value, time(), empty);
}

/** "Wednesday, 25 November 2026" (the admin top bar's clock). */
export function formatWeekdayDate(value: string | Date): string {
  return written(value, { weekday: "long", ...DAY.long });
}

/** "25 Nov, 3:05 pm": when something was saved today or lately. */
export function formatDayAndTime(value: string | Date): string {
  return written(value, { day: "numeric", month: "short", ...time() });
}

/** A count with Indian grouping: 1,00,000. */
export function formatNumber(n: number): string {
  return cached("n", {}, () => new Intl.NumberFormat(locale)).format(n);
}

/** "A, B or C" / "A, B and C" in the chosen language. */
export function formatList(items: readonly string[], type: "or" | "and" = "and"): string {
  const options: Intl.ListFormatOptions = { type: type === "or" ? "disjunction" : "conjunction" };
  return cached("l", options, () => new Intl.ListFormat(locale, options)).format(items);
}

/** A count with its noun: "1 student", "1,250 students". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** Whole days from a date or an instant to now, counted on the institute's calendar (0 on the same day); null without a date. */
export function daysSince(iso: string | null | undefined, now: Date = new Date()): number | null {
  const at = toDate(iso);
  if (!at) return null;
  // "2026-11-26" (en-CA) read back as that day's UTC midnight: a day number on the given clock.
  const day = (d: Date, timeZone?: string) => Date.parse(new Intl.DateTimeFormat("en-CA", { timeZone }).format(d));
  return Math.max(0, Math.round((day(now, timeZone) - day(at, clockOf(iso))) / 86_400_000));
}
