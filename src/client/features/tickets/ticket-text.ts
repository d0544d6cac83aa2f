/** How support tickets read and look (spec part 2, Help and Support; §3 Support ticket). */
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "../../../shared/constants.ts";
import { help, ticketCategoryName, ticketPriorityName, ticketStatusName } from "../../../shared/i18n/help.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";

export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A status, priority or category in the reader's language ("in_progress" → "In progress"). */
export { ticketCategoryName as categoryLabel, ticketPriorityName as priorityLabel, ticketStatusName as statusText };

/** The selects' choices, labelled in the reader's language. */
export const categoryOptions = () => TICKET_CATEGORIES.map((value) => ({ value, label: ticketCategoryName(value) }));
export const priorityOptions = () => TICKET_PRIORITIES.map((value) => ({ value, label: ticketPriorityName(value) }));
export const statusOptions = () => TICKET_STATUSES.map((value) => ({ value, label: ticketStatusName(value) }));

export const TICKET_FILTER_VALUES = ["all", ...TICKET_STATUSES] as const;
export const ticketFilterLabel = (value: (typeof TICKET_FILTER_VALUES)[number]) =>
  value === "all" ? help.t("filter.all") : ticketStatusName(value);

/** The description under the subject in the table. */
export const DESCRIPTION_PREVIEW_CHARS = 60;

export function truncate(text: string, max = DESCRIPTION_PREVIEW_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

/** The spec's texts (part 2, Help and Support; §8), in the reader's language (read at each use). */
export const HELP_TEXT = labelsOf(
  [
    "loading",
    "empty",
    "createFailed",
    "creating",
    "analyticsSoon",
    "loadFailed",
    "detailsFailed",
    "responseSent",
    "responseFailed",
    "statusChanged",
    "statusFailed",
    "assigned",
    "assignFailed",
  ] as const,
  (key) => help.t(key),
);
