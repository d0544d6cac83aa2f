/**
 * An exam's day and time as the institute's clock shows them (the server sends "YYYY-MM-DDTHH:MM" in the
 * institute's time zone), written the reader's way whatever the device's own time zone: a student abroad
 * still reads the hall's 10:00.
 */
import { exams } from "../../../shared/i18n/exams.ts";
import { formatDate, formatTime } from "../../lib/format.ts";
import { wallClock } from "../../lib/institute-clock.ts";

/** "1 Dec 2026" (or long: "1 December 2026"). */
export const examDay = (local: string, style: "short" | "long" = "short") => formatDate(wallClock(local), { style });

/** "10:00 am". */
export const examTime = (local: string) => formatTime(wallClock(local));

/** "3 hours", "90 minutes", "2 h 30 min". */
export function examDuration(minutes: number): string {
  if (minutes % 60 === 0) return exams.t("duration.hours", { count: minutes / 60 });
  if (minutes < 60) return exams.t("duration.minutes", { count: minutes });
  return exams.t("duration.mixed", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
