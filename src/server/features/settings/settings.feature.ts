/** The settings feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { adminBackupsRest, adminSettingsRest } from "./settings.rest.ts";
import { settingsRouter } from "./settings.router.ts";

export const settingsFeature = defineFeature({
  rest: [
    ["/api/admin/settings", adminSettingsRest],
    ["/api/admin/backups", adminBackupsRest],
  ],
  trpc: { settings: settingsRouter },
});
