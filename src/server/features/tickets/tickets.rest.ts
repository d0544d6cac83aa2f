/** REST paths for support tickets (spec part 1 §7 Tickets, part 2 §7). */
import { Hono } from "hono";
import * as schemas from "../../../shared/schemas/tickets.ts";
import { type AppEnv, currentAuth, ok, readJson, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { addResponse, assignTicket, changeTicketStatus, createTicket, getTicket, listTickets, ticketSummary } from "./tickets.service.ts";

const withId = async (c: { req: { param(k: "id"): string } }, body: unknown) => ({
  ...(body && typeof body === "object" ? body : {}),
  id: c.req.param("id"),
});

export const ticketsRest = new Hono<AppEnv>()
  .use(requireRole())
  .get("/", requireRole("office"), async (c) => ok(c, await listTickets(c.get("deps"), parseInput(schemas.ticketListQuery, c.req.query()))))
  .get("/my-tickets", async (c) =>
    ok(c, await listTickets(c.get("deps"), parseInput(schemas.ticketListQuery, c.req.query()), currentAuth(c).user.id)),
  )
  .get("/stats/summary", requireRole("office"), async (c) => ok(c, await ticketSummary(c.get("deps"))))
  .post("/", async (c) =>
    ok(c, await createTicket(c.get("deps"), currentAuth(c).user, parseInput(schemas.createTicketInput, await readJson(c))), 201),
  )
  .get("/:id", async (c) => ok(c, await getTicket(c.get("deps"), currentAuth(c).user, parseInput(schemas.ticketIdInput, c.req.param()).id)))
  // Status and assignment are admin work: refused at the route (as tRPC does) before the body is even read.
  .patch("/:id/status", requireRole("office"), async (c) => {
    const input = parseInput(schemas.ticketStatusInput, await withId(c, await readJson(c)));
    return ok(c, await changeTicketStatus(c.get("deps"), currentAuth(c).user, input.id, input.status, requestMeta(c)));
  })
  .post("/:id/responses", async (c) => {
    const input = parseInput(schemas.ticketResponseInput, await withId(c, await readJson(c)));
    return ok(c, await addResponse(c.get("deps"), currentAuth(c).user, input.id, input.message, requestMeta(c)), 201);
  })
  .patch("/:id/assign", requireRole("office"), async (c) => {
    const input = parseInput(schemas.ticketAssignInput, await withId(c, await readJson(c)));
    return ok(c, await assignTicket(c.get("deps"), currentAuth(c).user, input.id, input.assignedTo, requestMeta(c)));
  });
