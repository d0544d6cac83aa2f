/** Support tickets (spec part 2 Help and Support, §3 Support ticket, §5 Ticket form). */
import * as v from "valibot";
import { TICKET_CATEGORIES, TICKET_DESCRIPTION_MIN, TICKET_PRIORITIES, TICKET_STATUSES } from "../constants.ts";
import { help } from "../i18n/help.ts";
import { pageParams, recordId, requiredChoice, requiredText } from "./common.ts";

export const createTicketInput = v.object({
  subject: requiredText(help.m("rule.subject"), 200),
  category: requiredChoice(TICKET_CATEGORIES, help.m("new.category")),
  priority: requiredChoice(TICKET_PRIORITIES, help.m("new.priority")),
  description: v.pipe(
    requiredText(help.m("rule.description"), 5000),
    // Counted in characters as people see them (graphemes): five emoji are five, not ten (walk 33d).
    v.minGraphemes(TICKET_DESCRIPTION_MIN, help.m("rule.descriptionShort", { min: TICKET_DESCRIPTION_MIN })),
  ),
});
export type CreateTicketInput = v.InferOutput<typeof createTicketInput>;

const id = recordId(help.m("rule.unknownTicket"));

export const ticketIdInput = v.object({ id });
export const ticketStatusInput = v.object({ id, status: v.picklist(TICKET_STATUSES, help.m("rule.status")) });
export const ticketResponseInput = v.object({ id, message: requiredText(help.m("rule.response"), 5000) });
export const ticketAssignInput = v.object({
  id,
  assignedTo: v.nullable(recordId(help.m("rule.unknownAdmin"))),
});

export const ticketListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(["all", ...TICKET_STATUSES], help.m("rule.unknownStatus")), "all"),
  priority: v.optional(v.picklist(["all", ...TICKET_PRIORITIES], help.m("rule.unknownPriority")), "all"),
  category: v.optional(v.picklist(["all", ...TICKET_CATEGORIES], help.m("rule.unknownCategory")), "all"),
});
export type TicketListQuery = v.InferOutput<typeof ticketListQuery>;
