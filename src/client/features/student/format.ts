/** How the student portal writes dates and missing values (the formatting itself is lib/format.ts). */

import { student } from "../../../shared/i18n/student.ts";
import { formatDate as format } from "../../lib/format.ts";

export { daysSince } from "../../lib/format.ts";
export { relativeTime } from "../../lib/time-ago.ts";

/** "Not specified" in the reader's language. */
export const notSpecified = () => student.t("notSpecified");

/** A stored value, or "Not specified" when it is missing or blank. */
export const shown = (value: string | null | undefined) => (value?.trim() ? value : notSpecified());

/** A calendar date or an instant as "31 May 2027" (long: "31 May 2027" with the month in full); null for nothing or nonsense. */
export function formatDate(value: string | null | undefined, long = false): string | null {
  return format(value, { style: long ? "long" : "short" }) || null;
}

/** The first letter of a name, for a photo's stand-in. */
export const initialOf = (name: string) => name.trim().charAt(0).toLocaleUpperCase() || "?";
