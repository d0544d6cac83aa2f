/** The health feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { Hono } from "hono";
import { type AppEnv, ok } from "../../platform/http.ts";
import { defineFeature } from "../feature.ts";
import { healthRouter } from "./health.router.ts";
import { checkHealth } from "./health.service.ts";

const healthRest = new Hono<AppEnv>().get("/", async (c) => ok(c, await checkHealth(c.get("deps"))));

export const healthFeature = defineFeature({
  rest: [["/api/health", healthRest]],
  trpc: { health: healthRouter },
});
