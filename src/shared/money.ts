/** Money as people read it: amounts are stored in paise and shown as rupees. */
import { INTL_LOCALE, type Locale } from "./i18n/locales.ts";
import { currentLocale } from "./i18n/translate.ts";

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Paise as rupees with Indian grouping in an Intl locale (`en-IN`, `hi-IN`, …): ₹12,500 or ₹1,250.50 — whole
 * rupees without paise. The client's `formatMoney` and the server's `rupees` both write money through it.
 */
export function rupeesIn(paise: number, intlLocale: string): string {
  const whole = paise % 100 === 0;
  const key = `${intlLocale}:${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, {
      style: "currency",
      currency: "INR",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(paise / 100);
}

/** Paise as rupees in a language's writing (the current one by default). */
export const rupees = (paise: number, locale: Locale = currentLocale()): string => rupeesIn(paise, INTL_LOCALE[locale]);
