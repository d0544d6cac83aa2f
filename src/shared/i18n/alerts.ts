/** The admin area's notifications: the Notifications screen, its types, priorities and details. */
import { isOneOf } from "../constants.ts";
import en from "./en/alerts.json";
import { namespace } from "./translate.ts";

export const alerts = namespace("alerts", en, {
  hi: () => import("./hi/office.ts").then((m) => ({ default: m.alerts })),
  mr: () => import("./mr/office.ts").then((m) => ({ default: m.alerts })),
});

/** What a notification can say: each kind has a title and a message in the catalogue (`kind.<kind>.title`). */
export const NOTIFICATION_KINDS = [
  "admission.new",
  "admission.walkIn",
  "contact.new",
  "ticket.new",
  "ticket.message",
  "ticket.reply",
  "ticket.status",
  "account.locked",
  "mail.failed",
  "backup.failed",
  "material.new",
  "assignment.new",
  "assignment.graded",
  "assignment.dueChanged",
  "exam.scheduled",
  "exam.changed",
  "exam.cancelled",
  "exam.noLongerTaken",
  "results.published",
  "results.corrected",
  "library.overdue",
  "library.overdueBooks",
  "fee.receipt",
  "fee.rejected",
  "fee.upiReported",
  "fee.receiptCancelled",
  "fee.raised",
  "fee.concession",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationParams = Record<string, string | number>;

export const isNotificationKind = (value: unknown): value is NotificationKind => isOneOf(NOTIFICATION_KINDS, value);
