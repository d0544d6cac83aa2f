import { settingsUpdateInput } from "../../../shared/schemas/settings.ts";
import { createBackup, listBackups } from "../../platform/backups.ts";
import { adminProcedure, byActor, router } from "../../trpc.ts";
import { getAdminSettings, updateSettings } from "./settings.service.ts";

export const settingsRouter = router({
  get: adminProcedure.query(({ ctx }) => getAdminSettings(ctx.deps)),
  update: adminProcedure.input(settingsUpdateInput).mutation(byActor(updateSettings)),
  backups: adminProcedure.query(async ({ ctx }) => ({ backups: await listBackups(ctx.deps) })),
  backupNow: adminProcedure.mutation(async ({ ctx }) => ({ backup: await createBackup(ctx.deps) })),
});
