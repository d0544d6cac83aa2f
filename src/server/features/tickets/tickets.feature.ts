/** The tickets feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { ticketsRest } from "./tickets.rest.ts";
import { ticketsRouter } from "./tickets.router.ts";

export const ticketsFeature = defineFeature({
  rest: [["/api/tickets", ticketsRest]],
  trpc: { tickets: ticketsRouter },
});
