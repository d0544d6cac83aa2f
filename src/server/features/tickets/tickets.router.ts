import {
  createTicketInput,
  ticketAssignInput,
  ticketIdInput,
  ticketListQuery,
  ticketResponseInput,
  ticketStatusInput,
} from "../../../shared/schemas/tickets.ts";
import { adminProcedure, authedProcedure, router } from "../../trpc.ts";
import {
  addResponse,
  assignableAdmins,
  assignTicket,
  changeTicketStatus,
  createTicket,
  getTicket,
  listTickets,
  ticketSummary,
} from "./tickets.service.ts";

export const ticketsRouter = router({
  list: adminProcedure.input(ticketListQuery).query(({ ctx, input }) => listTickets(ctx.deps, input)),
  mine: authedProcedure.input(ticketListQuery).query(({ ctx, input }) => listTickets(ctx.deps, input, ctx.auth.user.id)),
  summary: adminProcedure.query(({ ctx }) => ticketSummary(ctx.deps)),
  admins: adminProcedure.query(({ ctx }) => assignableAdmins(ctx.deps)),
  get: authedProcedure.input(ticketIdInput).query(({ ctx, input }) => getTicket(ctx.deps, ctx.auth.user, input.id)),
  create: authedProcedure.input(createTicketInput).mutation(({ ctx, input }) => createTicket(ctx.deps, ctx.auth.user, input)),
  respond: authedProcedure
    .input(ticketResponseInput)
    .mutation(({ ctx, input }) => addResponse(ctx.deps, ctx.auth.user, input.id, input.message)),
  setStatus: adminProcedure
    .input(ticketStatusInput)
    .mutation(({ ctx, input }) => changeTicketStatus(ctx.deps, ctx.auth.user, input.id, input.status)),
  assign: adminProcedure
    .input(ticketAssignInput)
    .mutation(({ ctx, input }) => assignTicket(ctx.deps, ctx.auth.user, input.id, input.assignedTo)),
});
