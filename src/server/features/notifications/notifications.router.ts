/** tRPC procedures for the signed-in user's own notifications. */
import * as schemas from "../../../shared/schemas/notifications.ts";
import { authedProcedure, router } from "../../trpc.ts";
import * as service from "./notifications.service.ts";

export const notificationsRouter = router({
  list: authedProcedure
    .input(schemas.notificationListQuery)
    .query(({ ctx, input }) => service.listNotifications(ctx.deps, ctx.auth.user.id, input)),
  unreadCount: authedProcedure.query(({ ctx }) => service.unreadCount(ctx.deps, ctx.auth.user.id)),
  markRead: authedProcedure
    .input(schemas.notificationIdInput)
    .mutation(({ ctx, input }) => service.markNotificationRead(ctx.deps, ctx.auth.user.id, input.id)),
  markAllRead: authedProcedure.mutation(({ ctx }) => service.markAllNotificationsRead(ctx.deps, ctx.auth.user.id)),
  remove: authedProcedure
    .input(schemas.notificationIdInput)
    .mutation(({ ctx, input }) => service.deleteNotification(ctx.deps, ctx.auth.user.id, input.id)),
});
