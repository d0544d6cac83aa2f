/** Money as people read it: amounts are stored in paise and shown as rupees. */
import { INTL_LOCALE, type Locale } from "./i18n/locales.ts";
import { currentLocale } from "./i18n/translate.ts";

const formats = new Map<string, Intl.NumberFormat>();

/** Paise as rupees with Indian grouping in a language's writing (the current one by default): ₹12,500 or ₹1,250.50. */
export function rupees(paise: number, locale: Locale = currentLocale()): string {
  const whole = paise % 100 === 0;
  const key = `${locale}:${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: "currency",
      currency: "INR",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(paise / 100);
}
