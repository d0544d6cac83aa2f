/** tRPC procedures of Analytics and Reports (the CSV export is REST only: it is a file download). */
import { analyticsQuery } from "../../../shared/schemas/analytics.ts";
import { adminProcedure, router } from "../../trpc.ts";
import { analyticsOverview } from "./analytics.service.ts";

export const analyticsRouter = router({
  overview: adminProcedure.input(analyticsQuery).query(({ ctx, input }) => analyticsOverview(ctx.deps, input.range)),
});
