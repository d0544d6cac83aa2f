/** tRPC procedures of fee plans (issue 19): each programme's instalment days and late fee, raising a term's fees, concessions, fee settings. */
import * as schemas from "../../../shared/schemas/fee-plans.ts";
import { feeSettingsSave } from "../../../shared/schemas/settings.ts";
import { adminProcedure, byActor, officeProcedure, router } from "../../trpc.ts";
import { giveConcession, listConcessions, withdrawConcession } from "./concessions.service.ts";
import { feeSettingsOf, listPlans, raiseFees, raisePreview, saveFeeSettings, savePlan } from "./plans.service.ts";

export const feePlansRouter = router({
  list: officeProcedure.input(schemas.planListQuery).query(({ ctx, input }) => listPlans(ctx.deps, input)),
  save: adminProcedure.input(schemas.feePlanForm).mutation(byActor(savePlan)),
  raisePreview: officeProcedure.input(schemas.raisePreviewInput).query(({ ctx, input }) => raisePreview(ctx.deps, input)),
  raise: officeProcedure.input(schemas.raiseFeesInput).mutation(byActor(raiseFees)),
  concessions: officeProcedure.input(schemas.concessionListQuery).query(({ ctx, input }) => listConcessions(ctx.deps, input)),
  giveConcession: officeProcedure.input(schemas.concessionForm).mutation(byActor(giveConcession)),
  withdrawConcession: officeProcedure
    .input(schemas.withdrawConcessionInput)
    .mutation(({ ctx, input }) => withdrawConcession(ctx.deps, ctx.auth.user.id, input.id, input.reason, ctx)),
  settings: adminProcedure.query(({ ctx }) => feeSettingsOf(ctx.deps)),
  saveSettings: adminProcedure.input(feeSettingsSave).mutation(byActor(saveFeeSettings)),
});
