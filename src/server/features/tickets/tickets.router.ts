import * as schemas from "../../../shared/schemas/tickets.ts";
import { authedProcedure, officeProcedure, router } from "../../trpc.ts";
import { addResponse, assignTicket, changeTicketStatus, createTicket, getTicket, listTickets, ticketSummary } from "./tickets.service.ts";

export const ticketsRouter = router({
  list: officeProcedure.input(schemas.ticketListQuery).query(({ ctx, input }) => listTickets(ctx.deps, input)),
  mine: authedProcedure.input(schemas.ticketListQuery).query(({ ctx, input }) => listTickets(ctx.deps, input, ctx.auth.user.id)),
  summary: officeProcedure.query(({ ctx }) => ticketSummary(ctx.deps)),
  get: authedProcedure.input(schemas.ticketIdInput).query(({ ctx, input }) => getTicket(ctx.deps, ctx.auth.user, input.id)),
  create: authedProcedure.input(schemas.createTicketInput).mutation(({ ctx, input }) => createTicket(ctx.deps, ctx.auth.user, input)),
  respond: authedProcedure
    .input(schemas.ticketResponseInput)
    .mutation(({ ctx, input }) => addResponse(ctx.deps, ctx.auth.user, input.id, input.message, ctx)),
  setStatus: officeProcedure
    .input(schemas.ticketStatusInput)
    .mutation(({ ctx, input }) => changeTicketStatus(ctx.deps, ctx.auth.user, input.id, input.status, ctx)),
  assign: officeProcedure
    .input(schemas.ticketAssignInput)
    .mutation(({ ctx, input }) => assignTicket(ctx.deps, ctx.auth.user, input.id, input.assignedTo, ctx)),
});
