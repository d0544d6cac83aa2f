/** Help & Support in the admin area: tickets, their statuses, priorities and categories, and the tickets schema's messages. */
import { isOneOf, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "../constants.ts";
import en from "./en/help.json";
import { namespace } from "./translate.ts";

export const help = namespace("help", en, {
  hi: () => import("./hi/office.ts").then((m) => ({ default: m.help })),
  mr: () => import("./mr/office.ts").then((m) => ({ default: m.help })),
});

const readable = (value: string) => {
  const words = value.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A ticket's status, priority and category in the reader's language (an unknown value made readable). */
export const ticketStatusName = (status: string) => (isOneOf(TICKET_STATUSES, status) ? help.t(`status.${status}`) : readable(status));
export const ticketPriorityName = (priority: string) =>
  isOneOf(TICKET_PRIORITIES, priority) ? help.t(`priority.${priority}`) : readable(priority);
export const ticketCategoryName = (category: string) =>
  isOneOf(TICKET_CATEGORIES, category) ? help.t(`category.${category}`) : readable(category);
