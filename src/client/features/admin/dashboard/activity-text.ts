/**
 * The audit log in words: each recorded action (`student.create`, `contact.reply`, …) as a sentence
 * built from its details. Unknown actions still read sensibly ("Gallery upload", with their details).
 */
import type { RouterOutputs } from "../../../lib/trpc.ts";

export type ActivityEntry = RouterOutputs["dashboard"]["activity"]["activities"][number];

/** The activity log's filter: the audit log's entity types. */
export const ACTIVITY_FILTERS = [
  { value: "all", label: "All activity" },
  { value: "admission", label: "Admissions" },
  { value: "student", label: "Students" },
  { value: "contact", label: "Contacts" },
  { value: "user", label: "Accounts and sign-in" },
  { value: "ticket", label: "Support tickets" },
  { value: "settings", label: "Settings" },
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

/** One sentence for an entry: what was done, to which record. */
export function describeActivity(entry: Pick<ActivityEntry, "action" | "entityType" | "entityId" | "details">): string {
  const d = entry.details as Record<string, unknown>;
  const student = str(d.studentId) ?? (entry.entityId ? `#${entry.entityId}` : "a student");
  const inquiry = entry.entityId ? `contact inquiry #${entry.entityId}` : "a contact inquiry";
  const application = str(d.applicationNumber) ?? (entry.entityId ? `application #${entry.entityId}` : "an application");
  switch (entry.action) {
    case "student.create":
      return `Added student ${student}${str(d.email) ? ` (${d.email})` : ""}`;
    case "student.update": {
      const changed = fieldList(d.changed);
      return changed ? `Edited student ${student}: ${changed}` : `Saved student ${student} without changes`;
    }
    case "student.delete":
      return `Deleted student ${student}${str(d.name) ? ` (${d.name})` : ""}`;
    case "student.activate":
      return `Activated student ${student}`;
    case "student.deactivate":
      return `Deactivated student ${student}${typeof d.endedSessions === "number" && d.endedSessions > 0 ? ` and signed them out` : ""}`;
    case "student.send_credentials":
      return `Sent a new sign-in link to ${student}`;
    case "student.export":
      return `Exported ${typeof d.rows === "number" ? `${d.rows} student${d.rows === 1 ? "" : "s"}` : "students"} to CSV${str(d.search) ? ` (search “${d.search}”)` : ""}`;
    case "student.profile_update": {
      const changed = fieldList(d.fields);
      return changed ? `Updated their profile: ${changed}` : "Updated their profile";
    }
    case "student.photo_update":
      return "Changed their profile photo";
    case "contact.status":
      return `Moved ${inquiry} from ${statusText(d.from)} to ${statusText(d.to)}`;
    case "contact.reply":
      return `Replied to ${inquiry}${str(d.to) ? ` (e-mailed to ${d.to})` : ""}`;
    case "contact.delete":
      return `Deleted the inquiry from ${str(d.name) ?? "a visitor"}${str(d.subject) ? ` about ${d.subject}` : ""}`;
    case "admission.approve":
      return `Approved ${application}${str(d.studentId) ? ` — student ${d.studentId}` : ""}`;
    case "admission.reject":
      return `Rejected ${application}${str(d.reason) ? `: “${d.reason}”` : ""}`;
    case "admission.delete":
      return `Deleted ${application}`;
    case "settings.update": {
      const changed = Array.isArray(d.changed) ? d.changed.map(String).join(", ") : null;
      return changed ? `Changed the settings: ${changed}` : "Saved the settings";
    }
    case "account.password_changed":
      return "Changed their password";
    case "account.password_reset":
      return "Reset their password with an e-mailed code";
    case "account.first_login":
      return "Chose a password at first sign-in";
    case "account.logout_all":
      return "Signed out of every other device";
    case "account.locked":
      return `Account #${entry.entityId ?? "?"} locked after ${typeof d.failures === "number" ? d.failures : "repeated"} failed sign-ins`;
    case "account.two_factor_on":
      return "Turned on two-step sign-in";
    case "account.two_factor_off":
      return "Turned off two-step sign-in";
    case "ticket.status":
      return `Moved ticket #${entry.entityId ?? "?"} from ${statusText(d.from)} to ${statusText(d.to)}`;
    case "ticket.assign":
      return `Assigned ticket #${entry.entityId ?? "?"}${str(d.assignedTo) ? ` to ${d.assignedTo}` : ""}`;
    default: {
      const target = entry.entityType ? ` (${entry.entityType}${entry.entityId ? ` #${entry.entityId}` : ""})` : "";
      return `${humanise(entry.action)}${target}`;
    }
  }
}

/** Who did it: the person, or the system for entries without one (a lockout, a scheduled job). */
export function actorText(entry: Pick<ActivityEntry, "actor">): { name: string; detail: string | null } {
  if (!entry.actor) return { name: "System", detail: null };
  const role = entry.actor.role === "admin" ? "Admin" : entry.actor.role === "student" ? "Student" : entry.actor.role;
  return { name: entry.actor.name, detail: [role, entry.actor.email].filter(Boolean).join(" · ") || null };
}
