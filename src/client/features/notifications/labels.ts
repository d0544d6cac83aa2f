/** How notification types and priorities read and look (spec part 2 §3). */
import { alerts } from "../../../shared/i18n/alerts.ts";
import { ticketCategoryName, ticketPriorityName, ticketStatusName } from "../../../shared/i18n/help.ts";
import { linkedRecord } from "../../lib/linked-record.ts";
import type { BadgeTone } from "../../ui/badge.tsx";

/** The type filter of the notifications screen; values are the server's types. */
export const NOTIFICATION_FILTERS = ["all", "admission", "system", "security", "contact", "support", "payment"] as const;
export const filterLabel = (value: (typeof NOTIFICATION_FILTERS)[number]) => alerts.t(`filter.${value}`);

const TYPES = ["admission", "system", "security", "contact", "course", "support", "payment"] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** A type in the reader's language; an unknown one made readable. */
export const typeLabel = (type: string) => (isOneOf(TYPES, type) ? alerts.t(`type.${type}`) : type.charAt(0).toUpperCase() + type.slice(1));

const PRIORITY_TONES: Record<string, BadgeTone> = { high: "rejected", medium: "pending", low: "neutral" };
const PRIORITIES = ["high", "medium", "low"] as const;

export const priorityTone = (priority: string): BadgeTone => PRIORITY_TONES[priority] ?? "neutral";
export const priorityLabel = (priority: string) =>
  isOneOf(PRIORITIES, priority) ? alerts.t(`priority.${priority}`) : `${priority.charAt(0).toUpperCase()}${priority.slice(1)}`;

const RECORDS = [
  { type: "admission", key: "admissionId", page: "/admissions", label: "area.application" },
  { type: "contact", key: "contactId", page: "/contacts", label: "area.inquiry" },
  { type: "support", key: "ticketId", page: "/help", label: "area.ticket" },
] as const;

/** Where the record behind a notification is managed: by its kind where that says more than its type. */
const AREAS = {
  admission: "/admissions",
  contact: "/contacts",
  support: "/help",
  security: "/activity",
  "fee.upiReported": "/fees?tab=confirm",
} as const;
export const areaOf = ({ type, kind, data }: { type: string; kind: string | null; data: Record<string, unknown> }) => {
  // A notification about one application, inquiry or ticket opens it in its list's details (lib/linked-record.ts).
  const own = RECORDS.find((r) => r.type === type && typeof data[r.key] === "number");
  if (own) return { href: linkedRecord(own.page, data[own.key] as number), label: alerts.t(own.label) };
  const key = kind !== null && kind in AREAS ? kind : type;
  return key in AREAS ? { href: AREAS[key as keyof typeof AREAS], label: alerts.t(`area.${key as keyof typeof AREAS}`) } : null;
};

/** "applicationNumber" → "Application number", "ip" → "IP address" (the known keys in the reader's language). */
const KEYS = [
  "ip",
  "email",
  "userId",
  "contactId",
  "admissionId",
  "ticketId",
  "applicationNumber",
  "name",
  "subject",
  "course",
  "to",
  "template",
  "role",
  "ticketNumber",
  "category",
  "priority",
  "status",
] as const;

export function detailLabel(key: string): string {
  if (isOneOf(KEYS, key)) return alerts.t(`key.${key}`);
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A ticket's stored words, in the reader's language (the Help catalogue's, which the details load). */
const WORDS: Record<string, (stored: string) => string> = {
  category: ticketCategoryName,
  priority: ticketPriorityName,
  status: ticketStatusName,
};

/** A detail's value as text: a ticket's words in the reader's language, objects and lists as compact JSON, empty as "—". */
export function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return WORDS[key]?.(value) ?? value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
