/**
 * The REST apps and tRPC routers of Student Management, Contact Management, notifications and the admin
 * dashboard, gathered so app.ts and router.ts mount them with one line each.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../platform/http.ts";
import { adminContactRest } from "./contacts/contacts.rest.ts";
import { activityRest, dashboardRest } from "./dashboard/dashboard.rest.ts";
import { dashboardRouter } from "./dashboard/dashboard.router.ts";
import { notificationRest } from "./notifications/notifications.rest.ts";
import { notificationsRouter } from "./notifications/notifications.router.ts";
import { adminStudentRest } from "./students/students.rest.ts";
import { studentsRouter } from "./students/students.router.ts";

/** Call before the /api/* 404 handler. */
export function mountAdminFeatures(app: Hono<AppEnv>) {
  app.route("/api/admin/students", adminStudentRest);
  app.route("/api/public/admin/contacts", adminContactRest);
  app.route("/api/notifications", notificationRest);
  app.route("/api/admin/dashboard", dashboardRest);
  app.route("/api/admin/activity", activityRest);
}

/** Spread into appRouter (contacts.* is extended in place: the existing `contacts` key). */
export const adminFeatureRouters = {
  students: studentsRouter,
  notifications: notificationsRouter,
  dashboard: dashboardRouter,
};
