/** Dates in the admin's admissions screens (lib/format.ts; "" when missing). */

import { formatDate as date, formatDateTime as dateTime, formatTime as time } from "../../lib/format.ts";

export const formatDate = (iso: string | null | undefined) => date(iso);
export const formatTime = (iso: string | null | undefined) => time(iso);
export const formatDateTime = (iso: string | null | undefined) => dateTime(iso);

/** A date of birth (YYYY-MM-DD) as "5 Mar 1990", without a time-zone shift; anything else as it is. */
export const formatBirthDate = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? date(value) : (value ?? "");

/** A status in the reader's language (admin catalogue). */
export { statusName as statusLabel } from "../../../shared/i18n/admin.ts";
