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

/** A term a student owes fees in: its programme and the term, named after the programme's period. */
export interface OwedTerm {
  programme: string;
  termUnit: TermUnit;
  term: number;
}

/**
 * The terms a student owes in, named: "Year 1", "Year 2"; across two programmes (a student moved on with arrears) each
 * with its programme, "BBA Year 2", "BCom Semester 1" (walk 33d: the dues CSV read "BCom, Year 1; Year 2").
 */
export const owedTermNames = (terms: readonly OwedTerm[], locale?: Locale): string[] => {
  const several = new Set(terms.map((t) => t.programme)).size > 1;
  return terms.map((t) => (several ? `${t.programme} ${termName(t.termUnit, t.term, locale)}` : termName(t.termUnit, t.term, locale)));
};
