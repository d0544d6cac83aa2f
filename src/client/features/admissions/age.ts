/** An applicant's age as the admissions table shows it (spec part 2 §9: years of 365.25 days). */
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** Whole years between a date of birth (YYYY-MM-DD or ISO) and `now`; null when unknown or in the future. */
export function ageInYears(dateOfBirth: string | null | undefined, now: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const born = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) ? `${dateOfBirth}T00:00:00` : dateOfBirth);
  if (Number.isNaN(born)) return null;
  const ms = now.getTime() - born;
  return ms < 0 ? null : Math.floor(ms / YEAR_MS);
}
