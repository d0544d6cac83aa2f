import { formatTime } from "./format.ts";

/**
 * A wall-clock "YYYY-MM-DDTHH:MM" of the institute's clock (the server's `…Local` fields: exam starts,
 * assignment due times) as that moment on this device's calendar, so it is written as the institute's
 * clock shows it whatever the device's own time zone: format.ts writes a `Date` as it stands, never moving it
 * to the institute's zone again (decision 025). Only for formatting, never for arithmetic. (Not in format.ts:
 * that module is in the first download, and only portal screens need this.)
 */
export function wallClock(local: string): Date {
  const [y = 0, m = 1, d = 1, h = 0, min = 0] = local.split(/[-T:]/).map(Number);
  return new Date(y, m - 1, d, h, min);
}

/** An event's "HH:MM" on its day, written as every time is ("11:30 am", "सकाळ 11:30"), not as stored. */
export const eventTime = (day: string, time: string) => formatTime(wallClock(`${day}T${time}`));

/**
 * The moment `at` as the institute's wall clock reads it, built like `wallClock` (a `Date` on this device's
 * calendar): what goes by the hour beside a time on the institute's clock, e.g. the admin top bar's greeting.
 * Without a zone (not known yet), `at` as it is.
 */
export function wallClockAt(at: Date, timeZone: string | undefined): Date {
  if (!timeZone) return at;
  // Swedish writes a day and time as ISO does ("2026-11-26 19:27"), the reading wallClock takes.
  const reading = new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "short" }).format(at);
  return wallClock(reading.replace(" ", "T"));
}

/**
 * Today on the institute's calendar, "YYYY-MM-DD" (decision 025): what a day chosen or compared on an office
 * screen is measured against, whatever the device's zone; the device's day while the zone is not known yet.
 */
export const instituteToday = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
