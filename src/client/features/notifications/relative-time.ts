/**
 * "How long ago" as the spec counts it (part 2 §9): minutes under an hour, hours under a day, else days.
 * Under a minute (or a time slightly ahead of this computer's clock) reads "Just now".
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"} ago`;

export function relativeTime(time: string | Date, now: Date = new Date()): string {
  const then = typeof time === "string" ? new Date(time) : time;
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return unit(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return unit(Math.floor(elapsed / HOUR), "hour");
  return unit(Math.floor(elapsed / DAY), "day");
}

/** "Recent" on the notifications screen: the last 24 hours. */
export const RECENT_MS = DAY;
