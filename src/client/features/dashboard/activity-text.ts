/**
 * The audit log in words: each recorded action (`student.create`, `contact.reply`, …) as a sentence
 * built from its details. Unknown actions still read sensibly ("Gallery upload", with their details).
 */
import type { AuditAction } from "../../../shared/audit-actions.ts";
import { ANALYTICS_RANGE_LABELS, type AnalyticsRange } from "../../../shared/schemas/analytics.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";

export type ActivityEntry = RouterOutputs["dashboard"]["activity"]["activities"][number];

/** The activity log's filter: the audit log's entity types. */
export const ACTIVITY_FILTERS = [
  { value: "all", label: "All activity", badge: "" },
  { value: "admission", label: "Admissions", badge: "Admission" },
  { value: "student", label: "Students", badge: "Student" },
  { value: "contact", label: "Contacts", badge: "Inquiry" },
  { value: "user", label: "Accounts and sign-in", badge: "Account" },
  { value: "ticket", label: "Support tickets", badge: "Ticket" },
  { value: "settings", label: "Settings", badge: "Settings" },
  { value: "gallery_image", label: "Gallery", badge: "Gallery" },
  { value: "report", label: "Reports", badge: "Report" },
] as const;

const str = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : typeof value === "number" ? String(value) : null;

const CONTACT_STATUS: Record<string, string> = { new: "New", "in-progress": "In Progress", resolved: "Resolved", closed: "Closed" };
const statusText = (value: unknown) => {
  const s = str(value);
  return s ? (CONTACT_STATUS[s] ?? s.replace(/[_-]+/g, " ")) : "?";
};

/** "name, mobile" from a list of changed fields. */
function fieldList(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const names: Record<string, string> = {
    blood_group: "blood group",
    date_of_birth: "date of birth",
    emergency_name: "emergency contact",
    emergency_relationship: "emergency relationship",
    emergency_phone: "emergency phone",
    emergency_email: "emergency e-mail",
  };
  return value.map((v) => names[String(v)] ?? String(v).replace(/_/g, " ")).join(", ");
}

const humanise = (action: string) => {
  const text = action.replace(/[._]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

type Entry = Pick<ActivityEntry, "action" | "entityType" | "entityId" | "details">;
interface Said {
  d: Record<string, unknown>;
  entry: Entry;
  student: string;
  inquiry: string;
  application: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const quoted = (value: unknown) => (str(value) ? ` “${value}”` : "");

/**
 * One sentence per action the server records (shared/audit-actions.ts): a Record, so an action without its
 * sentence fails `tsc` (issue 14.6).
 */
const SENTENCES: Record<AuditAction, (s: Said) => string> = {
  "account.sign_in": ({ d }) => (d.via === "code" ? "Signed in with an e-mailed code" : "Signed in"),
  "account.locked": ({ d, entry }) =>
    `Sign-in to ${str(d.studentId) ?? str(d.email) ?? `account #${entry.entityId ?? "?"}`} was locked after ${typeof d.failures === "number" ? plural(d.failures, "wrong password") : "repeated wrong passwords"}`,
  "account.first_login": () => "Chose a password at first sign-in",
  "account.password_changed": () => "Changed their password",
  "account.password_reset": () => "Reset their password with an e-mailed code",
  "account.logout_all": () => "Signed out of every other device",
  "account.photo_update": () => "Changed their profile photo",
  "account.two_factor_on": () => "Turned on two-step sign-in",
  "account.two_factor_off": () => "Turned off two-step sign-in",
  "account.email_change_requested": () => "Asked to change their e-mail address (a code went to the new address)",
  "account.email_changed": ({ d }) =>
    str(d.from) && str(d.to) ? `Changed their e-mail address from ${d.from} to ${d.to}` : "Changed their e-mail address",
  "admission.approve": ({ d, application }) => `Approved ${application}${str(d.studentId) ? ` — student ${d.studentId}` : ""}`,
  "admission.reject": ({ d, application }) => `Rejected ${application}${str(d.reason) ? `: “${d.reason}”` : ""}`,
  "admission.delete": ({ application }) => `Deleted ${application}`,
  "student.create": ({ d, student }) => `Added student ${student}${str(d.email) ? ` (${d.email})` : ""}`,
  "student.update": ({ d, student }) => {
    const changed = fieldList(d.changed);
    return changed ? `Edited student ${student}: ${changed}` : `Saved student ${student} without changes`;
  },
  "student.delete": ({ d, student }) => `Deleted student ${student}${str(d.name) ? ` (${d.name})` : ""}`,
  "student.activate": ({ student }) => `Activated student ${student}`,
  "student.deactivate": ({ d, student }) =>
    `Deactivated student ${student}${typeof d.endedSessions === "number" && d.endedSessions > 0 ? " and signed them out" : ""}`,
  "student.send_credentials": ({ student }) => `Sent a new sign-in link to ${student}`,
  "student.unlock": ({ student }) => `Unlocked sign-in for student ${student}`,
  "student.sign_out_everywhere": ({ d, student }) =>
    `Signed student ${student} out everywhere${typeof d.endedSessions === "number" ? ` (${plural(d.endedSessions, "session")})` : ""}`,
  "student.export": ({ d }) =>
    `Exported ${typeof d.rows === "number" ? plural(d.rows, "student") : "students"} to CSV${str(d.search) ? ` (search “${d.search}”)` : ""}`,
  "student.profile_update": ({ d }) => {
    const changed = fieldList(d.fields);
    return changed ? `Updated their profile: ${changed}` : "Updated their profile";
  },
  "contact.status": ({ d, inquiry }) => `Moved ${inquiry} from ${statusText(d.from)} to ${statusText(d.to)}`,
  "contact.reply": ({ d, inquiry }) => `Replied to ${inquiry}${str(d.to) ? ` (e-mailed to ${d.to})` : ""}`,
  "contact.delete": ({ d }) => `Deleted the inquiry from ${str(d.name) ?? "a visitor"}${str(d.subject) ? ` about ${d.subject}` : ""}`,
  "gallery.upload": ({ d }) => `Uploaded the image${quoted(d.title)}${str(d.category) ? ` to ${d.category}` : ""}`,
  "gallery.update": ({ d }) => {
    const changed = fieldList(d.changed);
    return `Edited the image${quoted(d.title)}${changed ? `: ${changed}` : ""}`;
  },
  "gallery.delete": ({ d }) => `Deleted the image${quoted(d.title)}${str(d.category) ? ` from ${d.category}` : ""}`,
  "ticket.status": ({ d, entry }) => `Moved ticket #${entry.entityId ?? "?"} from ${statusText(d.from)} to ${statusText(d.to)}`,
  "ticket.assign": ({ d, entry }) => `Assigned ticket #${entry.entityId ?? "?"}${str(d.assignedTo) ? ` to ${d.assignedTo}` : ""}`,
  "settings.update": ({ d }) => {
    const changed = Array.isArray(d.changed) ? d.changed.map(String).join(", ") : null;
    return changed ? `Changed the settings: ${changed}` : "Saved the settings";
  },
  "analytics.export": ({ d }) => {
    const range = ANALYTICS_RANGE_LABELS[String(d.range) as AnalyticsRange] as string | undefined;
    return `Exported the analytics report${range ? ` for the ${range.toLowerCase()}` : str(d.range) ? ` (${d.range})` : ""}`;
  },
};

const isKnown = (action: string): action is AuditAction => Object.hasOwn(SENTENCES, action);

/** One sentence for an entry: what was done, to which record. */
export function describeActivity(entry: Entry): string {
  const d = entry.details as Record<string, unknown>;
  if (isKnown(entry.action)) {
    return SENTENCES[entry.action]({
      d,
      entry,
      student: str(d.studentId) ?? (entry.entityId ? `#${entry.entityId}` : "a student"),
      inquiry: entry.entityId ? `contact inquiry #${entry.entityId}` : "a contact inquiry",
      application: str(d.applicationNumber) ?? (entry.entityId ? `application #${entry.entityId}` : "an application"),
    });
  }
  // An action recorded by an older version: still readable.
  const target = entry.entityType ? ` (${entry.entityType}${entry.entityId ? ` #${entry.entityId}` : ""})` : "";
  return `${humanise(entry.action)}${target}`;
}

/** Who did it: the person, or the system for entries without one (a lockout, a scheduled job). */
export function actorText(entry: Pick<ActivityEntry, "actor">): { name: string; detail: string | null } {
  if (!entry.actor) return { name: "System", detail: null };
  const role = entry.actor.role === "admin" ? "Admin" : entry.actor.role === "student" ? "Student" : entry.actor.role;
  return { name: entry.actor.name, detail: [role, entry.actor.email].filter(Boolean).join(" · ") || null };
}
