/** How contact inquiries read in Contact Management: status names, subjects and the 50-character preview. */
import { CONTACT_PREVIEW_CHARS, CONTACT_STATUSES } from "../../../shared/constants.ts";
import { admin, statusName } from "../../../shared/i18n/admin.ts";

export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** The status filter's values (spec part 2: All, New, In Progress, Resolved, Closed). */
export const CONTACT_FILTER_VALUES = ["all", ...CONTACT_STATUSES] as const;
/** A filter's choice in the reader's language. */
export const contactFilterLabel = (value: (typeof CONTACT_FILTER_VALUES)[number]) =>
  value === "all" ? admin.t("con.allStatuses") : statusName(value);

/** A missing or unknown status reads as New (spec part 2 §3). */
export function contactStatus(status: string | null | undefined): ContactStatus {
  return status && (CONTACT_STATUSES as readonly string[]).includes(status) ? (status as ContactStatus) : "new";
}

export const statusLabel = (status: string | null | undefined) => statusName(contactStatus(status));

export { contactSubjectLabel as subjectLabel } from "../../../shared/i18n/contact.ts";

/**
 * The table's message preview (spec part 2 §9): the first 50 characters, line breaks read as spaces,
 * and an ellipsis when there was more.
 */
export function messagePreview(message: string, max: number = CONTACT_PREVIEW_CHARS): string {
  const flat = message.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max).trimEnd()}…`;
}
