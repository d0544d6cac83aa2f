/** REST paths of Analytics and Reports, admin only. Mounted at /api/admin/analytics. */
import { Hono } from "hono";
import { analyticsQuery } from "../../../shared/schemas/analytics.ts";
import { type AppEnv, csvDownload, currentAuth, ok, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { analyticsOverview, exportAnalyticsCsv } from "./analytics.service.ts";

export const analyticsRest = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/", async (c) => ok(c, await analyticsOverview(c.get("deps"), parseInput(analyticsQuery, c.req.query()).range)))
  .get("/export", async (c) => {
    const { range } = parseInput(analyticsQuery, c.req.query());
    return csvDownload(c, await exportAnalyticsCsv(c.get("deps"), currentAuth(c).user.id, range, requestMeta(c)));
  });
