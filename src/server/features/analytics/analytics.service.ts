/**
 * Analytics and Reports (spec part 2): the four cards, admissions and contacts trends bucketed over the
 * chosen range (DECISIONS 5), the fees collected over the same buckets (stop 49), the top gallery categories,
 * recent activity, and the same report as CSV.
 * Every figure is counted by the database (aggregates and GROUP BY); which figures are all-time and which
 * follow the range is set out in docs/decisions/009-analytics.md.
 */

import type { DB } from "../../../../db/connection.ts";
import type { AdmissionStatus, ContactStatus } from "../../../../db/schema.ts";
import { reports } from "../../../shared/i18n/reports.ts";
import {
  ANALYTICS_GROWTH_WINDOW_DAYS,
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RECENT_ACTIVITY,
  ANALYTICS_TOP_CATEGORIES,
  type AnalyticsRange,
} from "../../../shared/schemas/analytics.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { localDate } from "../../platform/calendar.ts";
import { countAs } from "../../platform/counts.ts";
import { csvMoment, toCsv } from "../../platform/csv.ts";
import { type BucketUnit, bucketIndexOf, type DateBucket, dateBuckets, withCounts } from "../../platform/date-buckets.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { upiAmount } from "../fees/ledger.ts";
import { getSettings } from "../settings/settings.service.ts";

const DAY = 86_400_000;

/** How each range is cut: daily for 7d and 30d, 13 weeks of 7 days for 90d, 12 calendar months for 1y. */
export const RANGE_BUCKETS: Record<AnalyticsRange, { unit: BucketUnit; count: number }> = {
  "7d": { unit: "day", count: 7 },
  "30d": { unit: "day", count: 30 },
  "90d": { unit: "week", count: 13 },
  "1y": { unit: "month", count: 12 },
};

export type ActivityType = "admission" | "contact" | "gallery";

export interface ActivityEvent {
  type: ActivityType;
  id: number;
  /** "New application from Asha Rao", "Inquiry from Ravi", "Gallery image uploaded: Sports day" (the request's language) */
  title: string;
  /** the applicant, the person who wrote, or the image's title */
  name: string;
  /** admission: pending | approved | rejected; contact: new | in-progress | resolved | closed; gallery: active | inactive */
  status: AdmissionStatus | ContactStatus | "active" | "inactive";
  /** ISO-8601 */
  at: string;
}

/** Rows created within [first bucket's start, last bucket's end), counted per bucket by the database. */
async function countPerBucket(db: DB, table: "admissions" | "contact_inquiries", buckets: readonly DateBucket[]) {
  const inRange = db
    .selectFrom(table)
    .select(bucketIndexOf("created_at", buckets).as("bucket"))
    .where("created_at", ">=", buckets[0]!.start)
    .where("created_at", "<", buckets[buckets.length - 1]!.end);
  const rows = await db
    .selectFrom(inRange.as("t"))
    .select((eb) => ["t.bucket", eb.fn.countAll<number>().as("count")])
    .groupBy("t.bucket")
    .execute();
  return withCounts(buckets, rows);
}

/**
 * The fees collected in each bucket: receipts not cancelled, by the institute's day they were issued (as the
 * fee reports count them), how many and how much (paise). The buckets' boundaries as days, so the issued_on
 * index serves the range.
 */
async function collectedPerBucket(db: DB, buckets: readonly DateBucket[], timeZone: string) {
  const days = buckets.map((b) => ({ ...b, start: localDate(new Date(b.start), timeZone), end: localDate(new Date(b.end), timeZone) }));
  const inRange = db
    .selectFrom("fee_receipts")
    .select(["fee_receipts.amount_paise", bucketIndexOf("fee_receipts.issued_on", days).as("bucket")])
    .where("fee_receipts.cancelled_at", "is", null)
    .where("fee_receipts.issued_on", ">=", days[0]!.start)
    .where("fee_receipts.issued_on", "<", days[days.length - 1]!.end);
  const rows = await db
    .selectFrom(inRange.as("t"))
    .select((eb) => ["t.bucket", eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("t.amount_paise").as("amount")])
    .groupBy("t.bucket")
    .execute();
  const amounts = new Map(rows.map((r) => [Number(r.bucket), Number(r.amount)]));
  return withCounts(buckets, rows).map((b, i) => ({ ...b, amount: amounts.get(i) ?? 0 }));
}

const byNewest = (a: ActivityEvent, b: ActivityEvent) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id);

export async function analyticsOverview(deps: Pick<AppDeps, "db" | "now">, range: AnalyticsRange) {
  const now = deps.now();
  const { general } = await getSettings(deps);
  const shape = RANGE_BUCKETS[range];
  const buckets = dateBuckets(now, general.timeZone, shape.unit, shape.count);
  const from = buckets[0]!.start;
  const growthFrom = new Date(now.getTime() - ANALYTICS_GROWTH_WINDOW_DAYS * DAY).toISOString();
  const db = deps.db;

  const [totals, admissionsTrend, contactsTrend, feesTrend, categories, admissions, contacts, images] = await Promise.all([
    db
      .selectNoFrom((eb) => [
        countAs(eb.selectFrom("users").where("role", "=", "student"), "students"),
        countAs(eb.selectFrom("users").where("role", "=", "student").where("created_at", ">=", growthFrom), "recentStudents"),
        countAs(eb.selectFrom("gallery_images"), "gallery"),
      ])
      .executeTakeFirstOrThrow(),
    countPerBucket(db, "admissions", buckets),
    countPerBucket(db, "contact_inquiries", buckets),
    collectedPerBucket(db, buckets, general.timeZone),
    db
      .selectFrom("gallery_images")
      .select((eb) => ["category", eb.fn.countAll<number>().as("count")])
      .groupBy("category")
      .orderBy("count", "desc")
      .orderBy("category")
      .limit(ANALYTICS_TOP_CATEGORIES)
      .execute(),
    db
      .selectFrom("admissions")
      .select(["id", "first_name", "last_name", "status", "created_at"])
      .where("created_at", ">=", from)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(ANALYTICS_RECENT_ACTIVITY)
      .execute(),
    db
      .selectFrom("contact_inquiries")
      .select(["id", "name", "status", "created_at"])
      .where("created_at", ">=", from)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(ANALYTICS_RECENT_ACTIVITY)
      .execute(),
    db
      .selectFrom("gallery_images")
      .select(["id", "title", "is_active", "created_at"])
      .where("created_at", ">=", from)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(ANALYTICS_RECENT_ACTIVITY)
      .execute(),
  ]);

  const n = (value: number | string | null | undefined) => Number(value ?? 0);
  // The card under Total Students measures students (issue 14.6): accounts opened in the last 30 days as a
  // percent of the students there were before them; with none before there is no percent (tenth walk: it
  // said +100%), and the card names the new students instead.
  const recentStudents = n(totals.recentStudents);
  const earlierStudents = n(totals.students) - recentStudents;
  const studentGrowth = earlierStudents === 0 ? null : Math.round((recentStudents / earlierStudents) * 100);
  const sum = (trend: { count: number }[]) => trend.reduce((total, b) => total + b.count, 0);

  const recentActivity: ActivityEvent[] = [
    ...admissions.map((a) => {
      const name = `${a.first_name} ${a.last_name}`;
      return {
        type: "admission" as const,
        id: a.id,
        title: reports.t("act.title.admission", { name }),
        name,
        status: a.status,
        at: a.created_at,
      };
    }),
    ...contacts.map((c) => ({
      type: "contact" as const,
      id: c.id,
      title: reports.t("act.title.contact", { name: c.name }),
      name: c.name,
      status: c.status,
      at: c.created_at,
    })),
    ...images.map((g) => ({
      type: "gallery" as const,
      id: g.id,
      title: reports.t("act.title.gallery", { name: g.title }),
      name: g.title,
      status: g.is_active === 1 ? ("active" as const) : ("inactive" as const),
      at: g.created_at,
    })),
  ]
    .sort(byNewest)
    .slice(0, ANALYTICS_RECENT_ACTIVITY);

  return {
    range: {
      key: range,
      label: ANALYTICS_RANGE_LABELS[range],
      bucket: shape.unit,
      from,
      to: now.toISOString(),
      timeZone: general.timeZone,
    },
    cards: {
      /** all time: every student account */
      totalStudents: n(totals.students),
      /** fixed window: student accounts opened in the last 30 days */
      newStudents: recentStudents,
      /** `newStudents` as a whole percent of the students before them; null when there were none */
      growthPercent: studentGrowth,
      /** in range */
      totalAdmissions: sum(admissionsTrend),
      /** in range */
      contactInquiries: sum(contactsTrend),
      /** all time: every image, active or not */
      galleryImages: n(totals.gallery),
      /** in range: fees collected (receipts not cancelled), paise; the sum of `feesTrend`'s amounts */
      feesCollected: feesTrend.reduce((total, b) => total + b.amount, 0),
      /** in range: those receipts */
      feeReceipts: sum(feesTrend),
    },
    admissionsTrend,
    contactsTrend,
    /** in range: per bucket, the receipts (`count`) and the fees they collected (`amount`, paise) */
    feesTrend,
    /** all time, the five largest categories (ties by name) */
    topCategories: categories.map((c) => ({ category: c.category, count: n(c.count) })),
    /** in range, newest first */
    recentActivity,
    generatedAt: now.toISOString(),
  };
}
export type AnalyticsOverview = Awaited<ReturnType<typeof analyticsOverview>>;

const TREND_HEADER = ["Period", "Start", "End", "Count"] as const;

/** The report as one CSV file: a title block, then each section under its own heading, blank lines between. */
export function analyticsCsv(report: AnalyticsOverview): string {
  const { cards, range } = report;
  // Moments on the institute's clock, like every office CSV (the report's "Time zone" row names it).
  const moment = (iso: string | null) => csvMoment(iso, range.timeZone);
  const trendRows = (trend: AnalyticsOverview["admissionsTrend"]) => trend.map((b) => [b.label, moment(b.start), moment(b.end), b.count]);
  const sections = [
    toCsv(
      ["Analytics report"],
      [
        ["Range", `${range.label} (${range.key})`],
        ["From", moment(range.from)],
        ["To", moment(range.to)],
        ["Time zone", range.timeZone],
        ["Generated", moment(report.generatedAt)],
      ],
    ),
    toCsv(["Overview"], []) +
      toCsv(
        ["Metric", "Value", "Counted over"],
        [
          ["Total Students", cards.totalStudents, "All time"],
          ["New students", cards.newStudents, "Last 30 days"],
          [
            "Student growth (new students in the last 30 days, % of those before)",
            cards.growthPercent === null ? "no students before" : `${cards.growthPercent}%`,
            "Last 30 days",
          ],
          ["Total Admissions", cards.totalAdmissions, range.label],
          ["Contact Inquiries", cards.contactInquiries, range.label],
          ["Gallery Images", cards.galleryImages, "All time"],
          ["Fees collected (INR)", upiAmount(cards.feesCollected), range.label],
          ["Fee receipts", cards.feeReceipts, range.label],
        ],
      ),
    toCsv(["Admissions trend"], []) + toCsv(TREND_HEADER, trendRows(report.admissionsTrend)),
    toCsv(["Contacts trend"], []) + toCsv(TREND_HEADER, trendRows(report.contactsTrend)),
    toCsv(["Fees collected"], []) +
      toCsv(
        ["Period", "Start", "End", "Receipts", "Amount (INR)"],
        report.feesTrend.map((b) => [b.label, moment(b.start), moment(b.end), b.count, upiAmount(b.amount)]),
      ),
    toCsv(["Top gallery categories"], []) +
      toCsv(
        ["Category", "Images"],
        report.topCategories.map((c) => [c.category, c.count]),
      ),
    toCsv(["Recent activity"], []) +
      toCsv(
        ["Type", "Title", "Name", "Status", "Date"],
        report.recentActivity.map((a) => [a.type, a.title, a.name, a.status, moment(a.at)]),
      ),
  ];
  return sections.join("\r\n");
}

/** GET /api/admin/analytics/export: the report for the range as a CSV download (audited: it names people). */
export async function exportAnalyticsCsv(deps: AppDeps, adminId: number, range: AnalyticsRange, meta: SessionMeta = {}) {
  const report = await analyticsOverview(deps, range);
  const now = deps.now();
  await audit(deps.db, now, { actorUserId: adminId, action: "analytics.export", entityType: "report", details: { range }, ip: meta.ip });
  // UTF-8 with a byte order mark (platform/csv.ts: spreadsheetCsv), so spreadsheet programs read Indian names correctly.
  return { filename: `analytics-report-${localDate(now, report.range.timeZone)}-${range}.csv`, csv: `\uFEFF${analyticsCsv(report)}` };
}
