/** How notification types and priorities read and look (spec part 2 §3). */
import type { BadgeTone } from "../../ui/badge.tsx";

/** The type filter of the notifications screen; values are the server's types. */
export const NOTIFICATION_FILTERS = [
  { value: "all", label: "All Types" },
  { value: "admission", label: "Admissions" },
  { value: "system", label: "System" },
  { value: "security", label: "Security" },
  { value: "contact", label: "Contacts" },
  { value: "support", label: "Support" },
] as const;

const TYPE_LABELS: Record<string, string> = {
  admission: "Admission",
  system: "System",
  security: "Security",
  contact: "Contact",
  course: "Course",
  support: "Support",
};

export const typeLabel = (type: string) => TYPE_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

const PRIORITY_TONES: Record<string, BadgeTone> = { high: "rejected", medium: "pending", low: "neutral" };

export const priorityTone = (priority: string): BadgeTone => PRIORITY_TONES[priority] ?? "neutral";
export const priorityLabel = (priority: string) => `${priority.charAt(0).toUpperCase()}${priority.slice(1)} priority`;

/** Where the record behind a notification is managed. */
const AREAS: Record<string, { href: string; label: string }> = {
  admission: { href: "/admissions", label: "Open Admissions" },
  contact: { href: "/contacts", label: "Open Contacts" },
  support: { href: "/help", label: "Open Help & Support" },
  security: { href: "/activity", label: "Open the activity log" },
};
export const areaOf = (type: string) => AREAS[type] ?? null;

/** "applicationNumber" → "Application number", "ip" → "IP address". */
const KEY_LABELS: Record<string, string> = {
  ip: "IP address",
  email: "E-mail",
  userId: "User",
  contactId: "Inquiry",
  admissionId: "Application",
  ticketId: "Ticket",
};

export function detailLabel(key: string): string {
  if (KEY_LABELS[key]) return KEY_LABELS[key]!;
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A detail's value as text: objects and lists as compact JSON, empty as "—". */
export function detailValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
