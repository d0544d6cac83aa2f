/**
 * How a programme's term is named, after its period (programmes.fee_period): "Year 1" for a programme that runs by
 * the year, "Semester 2" for one that runs by the semester. One wording, in the portal's catalogue (every portal
 * page has it loaded), for the courses, exams and fee screens, the receipt, the reminders and the receipts' CSV
 * (QA3 9). The public verify page keeps its own words: it loads no portal catalogue.
 */
import type { Locale } from "./i18n/locales.ts";
import { portal } from "./i18n/portal.ts";

export type TermUnit = "year" | "semester";

/** "Year 1" / "Semester 2" (in `locale`, else the current language). */
export const termName = (unit: TermUnit, term: number, locale?: Locale): string =>
  portal.t(unit === "year" ? "term.year" : "term.semester", { term }, locale);
