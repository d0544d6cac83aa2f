/**
 * Report periods as date buckets: consecutive days, 7-day weeks or calendar months ending with today in the
 * institute's time zone, and the SQL expression that puts a timestamp column into its bucket, so the
 * database counts per bucket with GROUP BY instead of the server downloading rows.
 *
 * This is the one place that maps dates to report buckets in SQL (DECISIONS 14). The expression is a plain
 * CASE over the bucket boundaries (ISO-8601 text compares in time order on every engine), not SQLite's
 * date()/strftime(): it stays portable, and a bucket starts at the zone's real local midnight even on
 * days a daylight-saving zone changes its offset, where a fixed-offset date() expression would be an hour off.
 */
import { type RawBuilder, sql } from "kysely";
import { INTL_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import { currentLocale } from "../../shared/i18n/translate.ts";
import { localDate } from "./calendar.ts";

export type BucketUnit = "day" | "week" | "month";

export interface DateBucket {
  /** short label in the request's language: "22 Nov" (day), "16 Nov – 22 Nov" (week), "Nov 2026" (month) */
  label: string;
  /** the bucket's first instant, ISO-8601 UTC (local midnight in the zone) */
  start: string;
  /** the first instant after the bucket */
  end: string;
}

interface CalendarDate {
  year: number;
  /** 1-based */
  month: number;
  day: number;
}

/** A month's short name in the request's language ("Nov", "नव॰", "नोव्हें"), one formatter per language. */
const monthFormats = new Map<Locale, Intl.DateTimeFormat>();
function monthName(month: number): string {
  const locale = currentLocale();
  let format = monthFormats.get(locale);
  if (!format) monthFormats.set(locale, (format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: "short", timeZone: "UTC" })));
  return format.format(Date.UTC(2000, month - 1, 1));
}

/** Calendar arithmetic on dates (no time, no zone): Date.UTC normalises overflowing days and months. */
function shifted(d: CalendarDate, days: number, months = 0): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1 + months, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** How far the zone's clock is ahead of UTC at that instant, in ms ("GMT+05:30" → 19 800 000). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!m) return 0; // "GMT": UTC itself
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
}

/** The instant the zone's clock shows midnight at the start of that date. */
function localMidnight(d: CalendarDate, timeZone: string): Date {
  const guess = Date.UTC(d.year, d.month - 1, d.day);
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  // A second pass settles days on which the offset changes (daylight-saving zones).
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone));
}

function todayIn(now: Date, timeZone: string): CalendarDate {
  const [year, month, day] = localDate(now, timeZone).split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

const dayLabel = (d: CalendarDate) => `${d.day} ${monthName(d.month)}`;

/**
 * `count` consecutive buckets, the last one containing `now`: days (today and the days before), weeks of
 * seven days (the last ending today, so every week is complete and comparable) or calendar months (the
 * last one is the month so far).
 */
export function dateBuckets(now: Date, timeZone: string, unit: BucketUnit, count: number): DateBucket[] {
  const today = todayIn(now, timeZone);
  const starts: CalendarDate[] = [];
  for (let k = 0; k <= count; k += 1) {
    // k = count is the start of the bucket after the last one: its end.
    const back = count - 1 - k;
    if (unit === "day") starts.push(shifted(today, -back));
    else if (unit === "week") starts.push(shifted(today, -7 * back - 6));
    else starts.push(shifted({ ...today, day: 1 }, 0, -back));
  }
  const buckets: DateBucket[] = [];
  for (let k = 0; k < count; k += 1) {
    const from = starts[k]!;
    const label =
      unit === "day"
        ? dayLabel(from)
        : unit === "week"
          ? `${dayLabel(from)} – ${dayLabel(shifted(from, 6))}`
          : `${monthName(from.month)} ${from.year}`;
    buckets.push({
      label,
      start: localMidnight(from, timeZone).toISOString(),
      end: localMidnight(starts[k + 1]!, timeZone).toISOString(),
    });
  }
  return buckets;
}

/**
 * The 0-based index of the bucket a timestamp column falls in, for rows already limited to
 * [buckets[0].start, last bucket's end). Group by it in an outer query.
 */
export function bucketIndexOf(column: string, buckets: readonly DateBucket[]): RawBuilder<number> {
  if (buckets.length <= 1) return sql<number>`0`;
  const whens = buckets.slice(1).map((b, i) => sql`when ${sql.ref(column)} < ${b.start} then ${sql.lit(i)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(buckets.length - 1)} end`;
}

/** Every bucket with its count (0 where the database returned no row). */
export function withCounts(
  buckets: readonly DateBucket[],
  rows: readonly { bucket: number | string | null; count: number | string | bigint }[],
): (DateBucket & { count: number })[] {
  const counts = new Map(rows.map((r) => [Number(r.bucket), Number(r.count)]));
  return buckets.map((b, i) => ({ ...b, count: counts.get(i) ?? 0 }));
}
