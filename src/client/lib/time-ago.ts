/**
 * "How long ago" as the admin screens count it (spec part 2 §9): "Just now" under a minute (or a time
 * slightly ahead of this computer's clock), minutes under an hour, hours under a day, else days, written
 * by Intl in the reader's language. Its own module: the public pages never need it.
 */
import { common } from "../../shared/i18n/common.ts";
import { INTL_LOCALE } from "../../shared/i18n/locales.ts";
import { currentLocale } from "../../shared/i18n/translate.ts";

const formats = new Map<string, Intl.RelativeTimeFormat>();

export function timeAgo(time: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - (typeof time === "string" ? new Date(time) : time).getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < 60_000) {
    const text = common.t("justNow");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  const [unit, ms]: [Intl.RelativeTimeFormatUnit, number] =
    elapsed < 3_600_000 ? ["minute", 60_000] : elapsed < 86_400_000 ? ["hour", 3_600_000] : ["day", 86_400_000];
  const locale = INTL_LOCALE[currentLocale()];
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: "always" })));
  return format.format(-Math.floor(elapsed / ms), unit);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
const autoFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * The student portal's: "just now", "5 minutes ago", "yesterday", "3 weeks ago" … (here, not in format.ts,
 * which is in the first download: the public pages never need it).
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return "";
  const diff = at - now.getTime();
  if (Math.abs(diff) < 60_000) return common.t("justNow");
  const locale = INTL_LOCALE[currentLocale()];
  let relative = autoFormats.get(locale);
  if (!relative) autoFormats.set(locale, (relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return common.t("justNow");
}
