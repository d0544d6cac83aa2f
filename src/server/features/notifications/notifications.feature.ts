/** The notifications feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { notificationRest } from "./notifications.rest.ts";
import { notificationsRouter } from "./notifications.router.ts";

export const notificationsFeature = defineFeature({
  rest: [["/api/notifications", notificationRest]],
  trpc: { notifications: notificationsRouter },
});
