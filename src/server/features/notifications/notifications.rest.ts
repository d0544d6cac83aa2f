/** REST paths for notifications (spec part 1 §7, shared by both areas): any signed-in user, own rows only. */
import { Hono } from "hono";
import * as schemas from "../../../shared/schemas/notifications.ts";
import { type AppContext, type AppEnv, currentAuth, ok, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import * as service from "./notifications.service.ts";

const idOf = (c: AppContext) => parseInput(schemas.notificationIdInput, { id: c.req.param("id") }).id;
const userIdOf = (c: AppContext) => currentAuth(c).user.id;

/** Mounted at /api/notifications. */
export const notificationRest = new Hono<AppEnv>()
  .use(requireRole())
  .get("/", async (c) =>
    ok(c, await service.listNotifications(c.get("deps"), userIdOf(c), parseInput(schemas.notificationListQuery, c.req.query()))),
  )
  .get("/unread-count", async (c) => ok(c, await service.unreadCount(c.get("deps"), userIdOf(c))))
  .patch("/mark-all-read", async (c) => ok(c, await service.markAllNotificationsRead(c.get("deps"), userIdOf(c))))
  .patch("/:id/read", async (c) => ok(c, await service.markNotificationRead(c.get("deps"), userIdOf(c), idOf(c))))
  .delete("/:id", async (c) => ok(c, await service.deleteNotification(c.get("deps"), userIdOf(c), idOf(c))));
