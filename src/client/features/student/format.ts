/** How the student portal writes dates, times and missing values (Indian English: "31 May 2027"). */

export const NOT_SPECIFIED = "Not specified";

const DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" });
const DATE_LONG = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric" });

/**
 * A `YYYY-MM-DD` calendar date (read as that day, whatever the device's time zone) or an ISO instant,
 * as "31 May 2027"; null for nothing or nonsense.
 */
export function formatDate(value: string | null | undefined, long = false): string | null {
  if (!value) return null;
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = calendar ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (long ? DATE_LONG : DATE).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" … */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return "";
  const diff = at - now.getTime();
  if (Math.abs(diff) < 60_000) return "just now";
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return RELATIVE.format(Math.round(diff / ms), unit);
  }
  return "just now";
}

/** Whole days from an instant to now (0 on the same day); null without a date. */
export function daysSince(iso: string | null | undefined, now: Date = new Date()): number | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const startOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.max(0, Math.round((startOf(now) - startOf(at)) / 86_400_000));
}

/** The first letter of a name, for a photo's stand-in. */
export const initialOf = (name: string) => name.trim().charAt(0).toLocaleUpperCase() || "?";
