/** tRPC procedures of the admin dashboard. */
import { activityQuery } from "../../../shared/schemas/dashboard.ts";
import { adminProcedure, officeProcedure, router } from "../../trpc.ts";
import { dashboardStats, listActivity } from "./dashboard.service.ts";
import { sampleContent } from "./sample-content.ts";

export const dashboardRouter = router({
  stats: officeProcedure.query(({ ctx }) => dashboardStats(ctx.deps)),
  activity: adminProcedure.input(activityQuery).query(({ ctx, input }) => listActivity(ctx.deps, input)),
  /** What of a new installation's sample content the public site still shows (administrators replace it). */
  sampleContent: adminProcedure.query(({ ctx }) => sampleContent(ctx.deps)),
});
