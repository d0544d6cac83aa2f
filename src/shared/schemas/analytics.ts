/** Analytics and Reports: the time range (DECISIONS 5) and the report's fixed sizes (spec part 2 §9). */
import * as v from "valibot";

export const ANALYTICS_RANGES = ["7d", "30d", "90d", "1y"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = "30d";

export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRange, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "1y": "Last 12 months",
};

/** "Monthly growth": admissions in the last 720 hours as a percent of all admissions. */
export const ANALYTICS_GROWTH_WINDOW_DAYS = 30;
export const ANALYTICS_TOP_CATEGORIES = 5;
export const ANALYTICS_RECENT_ACTIVITY = 10;

export const ANALYTICS_MESSAGES = {
  range: "Please choose a time range: 7d, 30d, 90d or 1y",
  // What the screen shows (spec part 2 §8).
  exportFailed: "Failed to export report. Please try again.",
  exported: (file: string) => `Report exported as ${file}. You will find it in your Downloads folder.`,
} as const;

/** GET /api/admin/analytics?range= and analytics.overview({ range }). */
export const analyticsQuery = v.object({
  range: v.optional(v.picklist(ANALYTICS_RANGES, ANALYTICS_MESSAGES.range), DEFAULT_ANALYTICS_RANGE),
});
export type AnalyticsQuery = v.InferOutput<typeof analyticsQuery>;
