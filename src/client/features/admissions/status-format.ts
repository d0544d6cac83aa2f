/** How an application's status, dates and the applicant's e-mail address are shown on the status page. */
import { formatDateTime as dateTime } from "../../lib/format.ts";

/** "12 March 2026 at 3:45 pm" in the reader's own time zone; "" for a missing or unreadable value. */
export const formatDateTime = (iso: string | null | undefined) => dateTime(iso, { style: "long" });

const LABELS: Record<string, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected" };

export function statusLabel(status: string): string {
  return LABELS[status] ?? (status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/[_-]+/g, " ") : "Unknown");
}

/** What the status means for the applicant, in a sentence. */
export function statusMessage(status: string): string {
  switch (status) {
    case "pending":
      return "Your application is under review. We usually decide within 2–3 business days and will e-mail you.";
    case "approved":
      return "Congratulations! Your application has been approved and your student account is ready.";
    case "rejected":
      return "We are sorry: your application was not accepted this time.";
    default:
      return "Please contact the admissions office for details about your application.";
  }
}

/** "a•••@example.com": enough to recognise the address without showing it to someone looking on. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email;
  return `${email.charAt(0)}•••${email.slice(at)}`;
}
