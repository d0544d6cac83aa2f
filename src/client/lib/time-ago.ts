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
