/** Support tickets (spec part 2 Help and Support, §3 Support ticket, §5 Ticket form). */
import * as v from "valibot";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "../constants.ts";
import { pageParams, requiredChoice, requiredText } from "./common.ts";

export const createTicketInput = v.object({
  subject: requiredText("Subject is required", 200),
  category: requiredChoice(TICKET_CATEGORIES, "Category"),
  priority: requiredChoice(TICKET_PRIORITIES, "Priority"),
  description: requiredText("Description is required", 5000),
});
export type CreateTicketInput = v.InferOutput<typeof createTicketInput>;

const id = v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer("Unknown ticket"), v.minValue(1, "Unknown ticket"));

export const ticketIdInput = v.object({ id });
export const ticketStatusInput = v.object({ id, status: v.picklist(TICKET_STATUSES, "Please choose a status") });
export const ticketResponseInput = v.object({ id, message: requiredText("Please write a response", 5000) });
export const ticketAssignInput = v.object({
  id,
  assignedTo: v.nullable(
    v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer("Unknown admin"), v.minValue(1, "Unknown admin")),
  ),
});

export const ticketListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(["all", ...TICKET_STATUSES], "Unknown status"), "all"),
  priority: v.optional(v.picklist(["all", ...TICKET_PRIORITIES], "Unknown priority"), "all"),
  category: v.optional(v.picklist(["all", ...TICKET_CATEGORIES], "Unknown category"), "all"),
});
export type TicketListQuery = v.InferOutput<typeof ticketListQuery>;
