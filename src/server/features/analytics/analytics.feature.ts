/** The analytics feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { analyticsRest } from "./analytics.rest.ts";
import { analyticsRouter } from "./analytics.router.ts";

export const analyticsFeature = defineFeature({
  rest: [["/api/admin/analytics", analyticsRest]],
  trpc: { analytics: analyticsRouter },
});
