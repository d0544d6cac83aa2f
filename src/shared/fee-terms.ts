/**
 * How an instalment is named: its term as every portal screen names it (terms.ts: "Year 1", "Semester 2") and its
 * number. The student's fees page, the office's fee screens, the receipt, the reminders and the receipts' CSV all
 * say it this way (QA3 9).
 */
import { fees } from "./i18n/fees.ts";
import type { Locale } from "./i18n/locales.ts";
import { type TermUnit, termName } from "./terms.ts";

/** "Year 1 · Instalment 2" (what the student reads). */
export const instalmentName = (i: { termUnit: TermUnit; term: number; number: number }, locale?: Locale): string =>
  fees.t("instalmentOf", { term: termName(i.termUnit, i.term, locale), number: i.number }, locale);

/** "BBA · Year 1 · Instalment 2": the office's rows, where students of many programmes meet. */
export const programmeInstalmentName = (i: { programme: string; termUnit: TermUnit; term: number; number: number }, locale?: Locale) =>
  `${i.programme} · ${instalmentName(i, locale)}`;
