/**
 * /admin/analytics — Analytics and Reports (spec part 2; DECISIONS 5): a time range (7d, 30d, 90d, 1y; in
 * the URL) that really changes the figures, four cards, the admissions and contacts trends as bar charts
 * over the range, the fees collected over the same periods, the top five gallery categories and the recent
 * activity, all counted by the server
 * (docs/decisions/009-analytics.md). Export Report downloads the server's CSV for the same range.
 */

import { keepPreviousData } from "@tanstack/react-query";
import type { CSSProperties } from "react";
import { useLocation, useSearch } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { categoryName, gallery } from "../../../shared/i18n/gallery.ts";
import { INTL_LOCALE } from "../../../shared/i18n/locales.ts";
import { reports } from "../../../shared/i18n/reports.ts";
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  type AnalyticsRange,
  DEFAULT_ANALYTICS_RANGE,
} from "../../../shared/schemas/analytics.ts";
import { formatNumber } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useAddressWithQuery } from "../../lib/use-list-params.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { cx } from "../../ui/cx.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { GraduationCapIcon, MailIcon, UsersIcon } from "../../ui/icons.tsx";
import { PageFrame, pageWords } from "../../ui/list-page.tsx";
import { Moment } from "../../ui/moment.tsx";
import { BarChartIcon, DownloadIcon, ImageIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { useDownload } from "../../ui/use-download.ts";
import { activityStatusText, activityStatusTone, activityTitle, activityTypeLabel } from "./activity-text.ts";
import { BarChart, barShares, ChartTable } from "./bar-chart.tsx";

type Overview = RouterOutputs["analytics"]["overview"];

/** A chart's caption: what is counted per day, week or month, over the range. */
const perBucket = (what: "applications" | "inquiries" | "fees", bucket: string, range: string) => {
  const unit = bucket === "week" ? "Week" : bucket === "month" ? "Month" : "Day";
  const prefix = ({ applications: "per", inquiries: "inqPer", fees: "feesPer" } as const)[what];
  return reports.t(`an.${prefix}${unit}`, { range });
};

/** An amount above a bar, short: "₹1.3L", "₹4.5K" (in full in the chart's table and tooltip). */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function shortMoney(paise: number, intlLocale: string): string {
  let format = moneyFormats.get(intlLocale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, { style: "currency", currency: "INR", notation: "compact", maximumFractionDigits: 1 });
    moneyFormats.set(intlLocale, format);
  }
  return format.format(paise / 100);
}

/** A range's name inside a sentence ("in the last 30 days"). */
const lower = (text: string) => text.toLocaleLowerCase();

export function parseRange(search: string): AnalyticsRange {
  const raw = new URLSearchParams(search).get("range");
  return (ANALYTICS_RANGES as readonly string[]).includes(raw ?? "") ? (raw as AnalyticsRange) : DEFAULT_ANALYTICS_RANGE;
}

export const exportUrl = (range: AnalyticsRange) => `/api/admin/analytics/export?range=${range}`;

export default function AdminAnalyticsPage() {
  const t = useT(reports);
  useT(gallery); // the category names
  useT(admin); // the statuses of applications and inquiries
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const range = parseRange(search);
  const query = trpc.analytics.overview.useQuery({ range }, { placeholderData: keepPreviousData });
  const report = useDownload({ failed: ANALYTICS_MESSAGES.exportFailed, done: ANALYTICS_MESSAGES.exported, accept: "text/csv" });
  const exporting = report.busy !== null;

  const chooseRange = (next: AnalyticsRange) => {
    if (next === range) return;
    const params = new URLSearchParams(search);
    if (next === DEFAULT_ANALYTICS_RANGE) params.delete("range");
    else params.set("range", next);
    const qs = params.toString();
    navigate(address(qs));
  };

  const exportReport = () => report.download(exportUrl(range), `analytics-report-${range}.csv`);

  const data = query.data;
  // The figures on screen belong to another range while the new ones load.
  const stale = query.isFetching && (!data || data.range.key !== range);
  const loading = query.isPending;
  const rangeLabel = ANALYTICS_RANGE_LABELS[range];

  return (
    <PageFrame
      name="analytics"
      className="ac-analytics"
      {...pageWords(t, "an.")}
      actions={
        <Button variant="secondary" onClick={() => void exportReport()} loading={exporting} disabled={loading || stale}>
          <DownloadIcon size={18} /> {exporting ? t("an.exporting") : t("an.export")}
        </Button>
      }
    >
      <div className="ac-range cluster" role="group" aria-label={t("an.range")}>
        {ANALYTICS_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className={cx("ac-range__option", r === range && "is-on")}
            aria-pressed={r === range}
            onClick={() => chooseRange(r)}
          >
            <span className="sr-only">{t("an.last")}</span>
            {t(`short.${r}`)}
          </button>
        ))}
        <span className="ac-range__status" role="status">
          {stale
            ? t("an.loadingRange", { range: lower(rangeLabel) })
            : data
              ? t("an.showing", { range: lower(ANALYTICS_RANGE_LABELS[data.range.key]) })
              : ""}
        </span>
      </div>

      {query.isError && !data ? (
        <Alert tone="error">
          <p>{t("an.failed")}</p>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t("an.tryAgain")}
          </Button>
        </Alert>
      ) : null}

      <div className={cx("stack stack--lg ac-analytics__body", stale && "is-stale")} aria-busy={loading || stale || undefined}>
        <Cards data={data} rangeLabel={rangeLabel} />

        <TrendCard
          data={data}
          buckets={data?.admissionsTrend}
          title={t("an.admissionsTrend")}
          counted="applications"
          valueHeader={t("an.applications")}
          tone="primary"
          emptyNote={(range) => t("an.noApplications", { range })}
        />

        <TrendCard
          data={data}
          buckets={data?.contactsTrend}
          title={t("an.contactsTrend")}
          counted="inquiries"
          valueHeader={t("an.inquiries")}
          tone="accent"
          emptyNote={(range) => t("an.noInquiries", { range })}
        />

        <FeesTrend data={data} />

        <div className="ac-analytics__pair">
          <Card title={t("an.topCategories")} headingLevel={2}>
            {data ? <TopCategories categories={data.topCategories} /> : <Skeleton lines={5} />}
          </Card>
          <Card title={t("an.recent")} headingLevel={2}>
            {data ? (
              <RecentActivity events={data.recentActivity} rangeLabel={ANALYTICS_RANGE_LABELS[data.range.key]} />
            ) : (
              <Skeleton lines={6} />
            )}
          </Card>
        </div>
      </div>
    </PageFrame>
  );
}

/** A trend over the range (applications or inquiries per day, week or month), a skeleton while it loads. */
function TrendCard({
  data,
  buckets,
  title,
  counted,
  valueHeader,
  tone,
  emptyNote,
}: {
  data: Overview | undefined;
  buckets: Overview["admissionsTrend"] | undefined;
  title: string;
  counted: "applications" | "inquiries";
  valueHeader: string;
  tone: "primary" | "accent";
  emptyNote: (range: string) => string;
}) {
  const t = useT(reports);
  const range = data ? lower(ANALYTICS_RANGE_LABELS[data.range.key]) : "";
  return (
    <Card title={title} headingLevel={2}>
      {data && buckets ? (
        <BarChart
          buckets={buckets}
          caption={perBucket(counted, data.range.bucket, range)}
          periodHeader={t("an.period")}
          valueHeader={valueHeader}
          tone={tone}
          emptyNote={emptyNote(range)}
        />
      ) : (
        <ChartSkeleton />
      )}
    </Card>
  );
}

/** The fees collected over the range (receipts not cancelled, by the day they were issued), bucket by bucket. */
function FeesTrend({ data }: { data: Overview | undefined }) {
  const t = useT(reports);
  const intlLocale = INTL_LOCALE[useLocale()];
  const range = data ? lower(ANALYTICS_RANGE_LABELS[data.range.key]) : "";
  return (
    <Card title={t("an.feesTrend")} headingLevel={2}>
      {data ? (
        <div className="stack">
          <p className="text-sm text-muted">
            {t("an.feesSummary", { amount: formatMoney(data.cards.feesCollected), count: data.cards.feeReceipts, range })}
          </p>
          <BarChart
            buckets={data.feesTrend.map((b) => ({ label: b.label, start: b.start, count: b.amount }))}
            caption={perBucket("fees", data.range.bucket, range)}
            periodHeader={t("an.period")}
            valueHeader={t("an.amount")}
            tone="success"
            emptyNote={t("an.noFees", { range })}
            show={(paise) => shortMoney(paise, intlLocale)}
            say={formatMoney}
          />
        </div>
      ) : (
        <ChartSkeleton />
      )}
    </Card>
  );
}

function Cards({ data, rangeLabel }: { data: Overview | undefined; rangeLabel: string }) {
  const value = (n: number | undefined) => (data ? n === undefined ? undefined : formatNumber(n) : <Skeleton width="4ch" />);
  const growthHint = (cards: Overview["cards"]) =>
    cards.growthPercent === null
      ? reports.t("an.newStudents", { count: formatNumber(cards.newStudents) })
      : reports.t("an.growth", { growth: `${cards.growthPercent >= 0 ? "+" : ""}${cards.growthPercent}` });
  return (
    <div className="grid grid--4 grid--sm ops-stats">
      <StatCard
        label={reports.t("an.totalStudents")}
        value={value(data?.cards.totalStudents)}
        hint={data ? growthHint(data.cards) : undefined}
        icon={<UsersIcon />}
      />
      <StatCard
        label={reports.t("an.totalAdmissions")}
        value={value(data?.cards.totalAdmissions)}
        hint={rangeLabel}
        icon={<GraduationCapIcon />}
        tone="info"
      />
      <StatCard
        label={reports.t("an.contactInquiries")}
        value={value(data?.cards.contactInquiries)}
        hint={rangeLabel}
        icon={<MailIcon />}
        tone="pending"
      />
      <StatCard
        label={reports.t("an.galleryImages")}
        value={value(data?.cards.galleryImages)}
        hint={reports.t("an.allImages")}
        icon={<ImageIcon />}
        tone="approved"
      />
    </div>
  );
}

function ChartSkeleton() {
  return (
    <div className="ac-chart-skeleton" aria-hidden="true">
      <Skeleton height="10rem" />
    </div>
  );
}

function TopCategories({ categories }: { categories: Overview["topCategories"] }) {
  if (categories.length === 0) {
    return <EmptyState icon={<ImageIcon size={28} />} title={reports.t("an.noImages")} description={reports.t("an.noImages.text")} />;
  }
  const shares = barShares(categories.map((c) => c.count));
  return (
    <>
      <ol className="ac-hbars stack stack--md list-plain" aria-hidden="true">
        {categories.map((c, i) => (
          <li key={c.category} className="ac-hbars__item">
            <span className="ac-hbars__label">{categoryName(c.category)}</span>
            <span className="ac-hbars__track">
              <span className="ac-hbars__bar" style={{ "--share": String(shares[i]) } as CSSProperties} />
            </span>
            <span className="ac-hbars__value">{c.count}</span>
          </li>
        ))}
      </ol>
      <ChartTable
        caption={reports.t("an.topCaption")}
        labelHeader={reports.t("an.category")}
        valueHeader={reports.t("an.images")}
        rows={categories.map((c) => ({ key: c.category, label: categoryName(c.category), count: c.count }))}
      />
      <p className="text-sm text-muted ac-analytics__note">{reports.t("an.topNote")}</p>
    </>
  );
}

function RecentActivity({ events, rangeLabel }: { events: Overview["recentActivity"]; rangeLabel: string }) {
  if (events.length === 0) {
    return (
      <EmptyState
        icon={<BarChartIcon size={28} />}
        title={reports.t("an.noActivity")}
        description={reports.t("an.noActivity.text", { range: lower(rangeLabel) })}
      />
    );
  }
  return (
    <>
      <p className="ac-activity__legend" aria-hidden="true">
        {(["admission", "contact", "gallery"] as const).map((type) => (
          <span key={type}>
            <span className={cx("ac-activity__dot", `ac-activity__dot--${type}`)} /> {activityTypeLabel(type)}
          </span>
        ))}
      </p>
      <ul className="ac-activity list-plain" aria-label={reports.t("an.recent")}>
        {events.map((e) => (
          <li key={`${e.type}-${e.id}`} className="ac-activity__item">
            <span className={cx("ac-activity__dot", `ac-activity__dot--${e.type}`)} aria-hidden="true" />
            <div className="ac-activity__text">
              <p className="ac-activity__title">
                <span className="sr-only">{activityTypeLabel(e.type)}: </span>
                {activityTitle(e.type, e.name)}
              </p>
              <p className="text-sm text-muted">
                <Moment time={e.at} show="ago" />
              </p>
            </div>
            <Badge tone={activityStatusTone(e.status)}>{activityStatusText(e.status)}</Badge>
          </li>
        ))}
      </ul>
    </>
  );
}
