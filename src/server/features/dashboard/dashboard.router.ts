/** tRPC procedures of the admin dashboard. */
import { activityQuery } from "../../../shared/schemas/dashboard.ts";
import { adminProcedure, officeProcedure, router } from "../../trpc.ts";
import { dashboardStats, listActivity } from "./dashboard.service.ts";

export const dashboardRouter = router({
  stats: officeProcedure.query(({ ctx }) => dashboardStats(ctx.deps)),
  activity: adminProcedure.input(activityQuery).query(({ ctx, input }) => listActivity(ctx.deps, input)),
});
