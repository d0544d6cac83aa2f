import { settingsUpdateInput } from "../../../shared/schemas/settings.ts";
import { listBackups } from "../../platform/backups.ts";
import { adminProcedure, byActor, router } from "../../trpc.ts";
import { backupNow, getAdminSettings, updateSettings } from "./settings.service.ts";

export const settingsRouter = router({
  get: adminProcedure.query(({ ctx }) => getAdminSettings(ctx.deps)),
  update: adminProcedure.input(settingsUpdateInput).mutation(byActor(updateSettings)),
  backups: adminProcedure.query(async ({ ctx }) => ({ backups: await listBackups(ctx.deps) })),
  backupNow: adminProcedure.mutation(({ ctx }) => backupNow(ctx.deps, ctx.auth.user.id, undefined, ctx)),
});
