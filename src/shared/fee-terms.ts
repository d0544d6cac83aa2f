/**
 * How a fee term and an instalment are named, after the programme's fee period (programmes.fee_period): "Year 1"
 * for a programme charged by the year, "Semester 2" for one charged by the semester. The student's fees page, the
 * office's fee screens, the receipt, the reminders and the receipts' CSV all say it this way (QA3 9).
 */
import { fees } from "./i18n/fees.ts";
import type { Locale } from "./i18n/locales.ts";

export type TermUnit = "year" | "semester";

/** "Year 1" / "Semester 2" (in `locale`, else the current language). */
export const termName = (unit: TermUnit, term: number, locale?: Locale): string =>
  fees.t(unit === "year" ? "term.year" : "term.semester", { term }, locale);

/** "Year 1 · Instalment 2" (what the student reads). */
export const instalmentName = (i: { termUnit: TermUnit; term: number; number: number }, locale?: Locale): string =>
  fees.t("instalmentOf", { term: termName(i.termUnit, i.term, locale), number: i.number }, locale);

/** "BBA · Year 1 · Instalment 2": the office's rows, where students of many programmes meet. */
export const programmeInstalmentName = (i: { programme: string; termUnit: TermUnit; term: number; number: number }, locale?: Locale) =>
  `${i.programme} · ${instalmentName(i, locale)}`;
