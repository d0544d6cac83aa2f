/** REST paths of the admin dashboard (spec part 2 §7: administrators and staff) and its activity log (administrators). */
import { Hono } from "hono";
import { activityQuery } from "../../../shared/schemas/dashboard.ts";
import { type AppEnv, ok, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { dashboardStats, listActivity } from "./dashboard.service.ts";

/** Mounted at /api/admin/dashboard. */
export const dashboardRest = new Hono<AppEnv>()
  .use(requireRole("office"))
  .get("/stats", async (c) => ok(c, await dashboardStats(c.get("deps"))));

/** Mounted at /api/admin/activity. */
export const activityRest = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/", async (c) => ok(c, await listActivity(c.get("deps"), parseInput(activityQuery, c.req.query()))));
