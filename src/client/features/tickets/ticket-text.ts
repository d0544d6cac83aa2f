/** How support tickets read and look (spec part 2, Help and Support; §3 Support ticket). */
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "../../../shared/constants.ts";
import type { BadgeTone } from "../../ui/badge.tsx";

export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** A status as the spec shows it: the stored value with underscores as spaces ("in_progress" → "in progress"). */
export const statusText = (status: string) => status.replace(/_/g, " ");

const STATUS_TONES: Record<string, BadgeTone> = { open: "pending", in_progress: "info", resolved: "approved", closed: "neutral" };
export const statusToneOf = (status: string): BadgeTone => STATUS_TONES[status] ?? "neutral";

const PRIORITY_TONES: Record<string, BadgeTone> = { low: "neutral", medium: "info", high: "pending", urgent: "rejected" };
export const priorityToneOf = (priority: string): BadgeTone => PRIORITY_TONES[priority] ?? "neutral";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const categoryLabel = (category: string) => capitalise(category);
export const priorityLabel = (priority: string) => capitalise(priority);

export const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
export const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(value) }));
export const STATUS_OPTIONS = TICKET_STATUSES.map((value) => ({ value, label: capitalise(statusText(value)) }));

export const TICKET_FILTERS = [{ value: "all", label: "All Status" }, ...STATUS_OPTIONS] as const;

/** The description under the subject in the table. */
export const DESCRIPTION_PREVIEW_CHARS = 60;

export function truncate(text: string, max = DESCRIPTION_PREVIEW_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

/** The spec's texts (part 2, Help and Support; §8). */
export const HELP_TEXT = {
  loading: "Loading tickets...",
  empty: "No support tickets",
  emptyDescription: "Tickets raised by students and staff will appear here.",
  created: "Ticket created successfully!",
  createFailed: "Error creating ticket. Please try again.",
  creating: "Creating Ticket...",
  noFaqs: "No FAQs created",
  analyticsSoon: "Analytics Coming Soon",
  loadFailed: "We could not load the tickets. Please try again.",
  detailsFailed: "We could not load this ticket. Please try again.",
  responseSent: "Response sent.",
  responseFailed: "Your response could not be sent. Please try again.",
  statusChanged: "Ticket status updated.",
  statusFailed: "The status could not be changed. Please try again.",
  assigned: "Ticket assignment updated.",
  assignFailed: "The ticket could not be assigned. Please try again.",
} as const;
