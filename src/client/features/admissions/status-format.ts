/** How an application's status, dates and the applicant's e-mail address are shown on the status page. */

import { ADMISSION_STATUSES } from "../../../shared/constants.ts";
import { status as statusNs } from "../../../shared/i18n/status.ts";
import { formatDateTime as dateTime } from "../../lib/format.ts";

/** "12 March 2026 at 3:45 pm" in the reader's own time zone; "" for a missing or unreadable value. */
export const formatDateTime = (iso: string | null | undefined) => dateTime(iso, { style: "long" });

const isKnown = (status: string): status is (typeof ADMISSION_STATUSES)[number] =>
  (ADMISSION_STATUSES as readonly string[]).includes(status);

/** A status's name in the reader's language; an unknown one as stored, made readable. */
export function statusLabel(status: string): string {
  if (isKnown(status)) return statusNs.t(`status.${status}`);
  return status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/[_-]+/g, " ") : statusNs.t("status.unknown");
}

/** What the status means for the applicant, in a sentence. */
export function statusMessage(status: string): string {
  return statusNs.t(isKnown(status) ? `message.${status}` : "message.other");
}

/** "a•••@example.com": enough to recognise the address without showing it to someone looking on. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email;
  return `${email.charAt(0)}•••${email.slice(at)}`;
}
