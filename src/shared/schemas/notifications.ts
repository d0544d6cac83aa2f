/** The notification list and actions shared by the admin and student areas (spec part 1 §7, part 2 §2). */
import * as v from "valibot";
import { NOTIFICATION_TYPES } from "../constants.ts";
import { alerts } from "../i18n/alerts.ts";
import { labelsOf } from "../i18n/translate.ts";
import { pageParams, recordId } from "./common.ts";

/** The notification actions' messages, in the reader's language at each use. */
export const NOTIFICATION_MESSAGES = labelsOf(["notFound", "deleted"] as const, (key) => alerts.t(`msg.${key}`));

/** GET /notifications: page, limit (defaults 1 and 10), search over title and message, type filter. */
export const notificationListQuery = v.object({
  ...pageParams(10, 100),
  type: v.optional(v.picklist(["all", ...NOTIFICATION_TYPES], alerts.m("msg.unknownType")), "all"),
});
export type NotificationListQuery = v.InferOutput<typeof notificationListQuery>;

/** PATCH /notifications/{id}/read, DELETE /notifications/{id}. */
export const notificationIdInput = v.object({ id: recordId(alerts.m("msg.notFound")) });
