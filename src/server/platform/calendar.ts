/**
 * Calendar arithmetic in the institute's time zone (setting general.timeZone): "this month" and "today"
 * mean the institute's month and day, not UTC's, so a student added at 02:00 IST on the 1st counts in
 * the new month.
 */

/** Building an Intl.DateTimeFormat costs far more than using one (issue 9): one per zone is kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    // Only zones that construct (valid ones) are kept; a few hundred exist at most.
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const parts = (at: Date, timeZone: string) => {
  const out: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(at)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
};

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function offsetMs(at: Date, timeZone: string) {
  const p = parts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the zone's wall clock shows midnight on that date (month is 1-based). */
function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetMs(new Date(guess), timeZone);
  // A second pass settles days on which the offset changes (daylight saving zones).
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

/** The first instant of the month containing `at`, in the zone. */
export function startOfMonth(at: Date, timeZone: string): Date {
  // Asked on every students-list request (its "new this month" figure): remembered per zone for the
  // minute (zone offsets are whole minutes, so a month never starts inside one).
  const minute = Math.floor(at.getTime() / 60_000);
  const hit = monthStarts.get(timeZone);
  if (hit?.minute === minute) return new Date(hit.start);
  const p = parts(at, timeZone);
  const start = zonedMidnight(p.year, p.month, 1, timeZone);
  monthStarts.set(timeZone, { minute, start: start.getTime() });
  return start;
}
const monthStarts = new Map<string, { minute: number; start: number }>();

/** The first instant of the month before the one containing `at`, in the zone. */
export function startOfPreviousMonth(at: Date, timeZone: string): Date {
  const p = parts(at, timeZone);
  return p.month === 1 ? zonedMidnight(p.year - 1, 12, 1, timeZone) : zonedMidnight(p.year, p.month - 1, 1, timeZone);
}

/** YYYY-MM-DD of `at` in the zone (file names, reports). */
export function localDate(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/**
 * The instant the zone's wall clock shows `local` ("YYYY-MM-DDTHH:MM"): what an office form's date and time
 * mean (issue 18: assignment due moments, exam start times). Throws on a malformed value.
 */
export function zonedInstant(local: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) throw new RangeError(`Not a local date and time: ${local}`);
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetMs(new Date(guess), timeZone);
  // A second pass settles days on which the offset changes (daylight saving zones).
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

/** "YYYY-MM-DDTHH:MM" of `at` on the zone's wall clock: the value an office form shows for an instant. */
export function zonedLocal(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** A stored moment that may not have happened (ISO, UTC, or null) on the zone's wall clock: `zonedLocal`, or null. */
export function zonedLocalOrNull(iso: string | null, timeZone: string): string | null {
  return iso === null ? null : zonedLocal(new Date(iso), timeZone);
}
