/** tRPC procedures for the signed-in user's own notifications. */
import * as schemas from "../../../shared/schemas/notifications.ts";
import { authedProcedure, router } from "../../trpc.ts";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCount,
} from "./notifications.service.ts";

export const notificationsRouter = router({
  list: authedProcedure
    .input(schemas.notificationListQuery)
    .query(({ ctx, input }) => listNotifications(ctx.deps, ctx.auth.user.id, input)),
  unreadCount: authedProcedure.query(({ ctx }) => unreadCount(ctx.deps, ctx.auth.user.id)),
  markRead: authedProcedure
    .input(schemas.notificationIdInput)
    .mutation(({ ctx, input }) => markNotificationRead(ctx.deps, ctx.auth.user.id, input.id)),
  markAllRead: authedProcedure.mutation(({ ctx }) => markAllNotificationsRead(ctx.deps, ctx.auth.user.id)),
  remove: authedProcedure
    .input(schemas.notificationIdInput)
    .mutation(({ ctx, input }) => deleteNotification(ctx.deps, ctx.auth.user.id, input.id)),
});
