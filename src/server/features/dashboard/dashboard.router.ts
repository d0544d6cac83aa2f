/** tRPC procedures of the admin dashboard. */
import { activityQuery } from "../../../shared/schemas/dashboard.ts";
import { adminProcedure, router } from "../../trpc.ts";
import { dashboardStats, listActivity } from "./dashboard.service.ts";

export const dashboardRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.deps)),
  activity: adminProcedure.input(activityQuery).query(({ ctx, input }) => listActivity(ctx.deps, input)),
});
