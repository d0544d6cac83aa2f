/** Analytics and Reports: the time range (DECISIONS 5) and the report's fixed sizes (spec part 2 §9). */
import * as v from "valibot";
import { reports } from "../i18n/reports.ts";
import { labelsOf } from "../i18n/translate.ts";

export const ANALYTICS_RANGES = ["7d", "30d", "90d", "1y"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = "30d";

/** Each range's name in the reader's language ("Last 30 days"). */
export const ANALYTICS_RANGE_LABELS = labelsOf(ANALYTICS_RANGES, (range) => reports.t(`range.${range}`));

/** "Monthly growth": admissions in the last 720 hours as a percent of all admissions. */
export const ANALYTICS_GROWTH_WINDOW_DAYS = 30;
export const ANALYTICS_TOP_CATEGORIES = 5;
export const ANALYTICS_RECENT_ACTIVITY = 10;

export const ANALYTICS_MESSAGES = {
  get range() {
    return reports.t("an.rangeRule");
  },
  // What the screen shows (spec part 2 §8).
  get exportFailed() {
    return reports.t("an.exportFailed");
  },
  exported: (file: string) => reports.t("an.exported", { file }),
};

/** GET /api/admin/analytics?range= and analytics.overview({ range }). */
export const analyticsQuery = v.object({
  range: v.optional(v.picklist(ANALYTICS_RANGES, reports.m("an.rangeRule")), DEFAULT_ANALYTICS_RANGE),
});
