/** REST paths of Analytics and Reports, admin only. Mounted at /api/admin/analytics. */
import { Hono } from "hono";
import { analyticsQuery } from "../../../shared/schemas/analytics.ts";
import { type AppEnv, currentAuth, ok, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { analyticsOverview, exportAnalyticsCsv } from "./analytics.service.ts";

export const analyticsRest = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/", async (c) => ok(c, await analyticsOverview(c.get("deps"), parseInput(analyticsQuery, c.req.query()).range)))
  .get("/export", async (c) => {
    const { range } = parseInput(analyticsQuery, c.req.query());
    const { filename, csv } = await exportAnalyticsCsv(c.get("deps"), currentAuth(c).user.id, range, requestMeta(c));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    });
  });
