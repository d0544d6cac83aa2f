/** The dashboard feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { activityRest, dashboardRest } from "./dashboard.rest.ts";
import { dashboardRouter } from "./dashboard.router.ts";

export const dashboardFeature = defineFeature({
  rest: [
    ["/api/admin/dashboard", dashboardRest],
    ["/api/admin/activity", activityRest],
  ],
  trpc: { dashboard: dashboardRouter },
});
