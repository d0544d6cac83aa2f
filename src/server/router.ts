/** The tRPC API: one sub-router per feature. The client imports only the type. */
import { adminFeatureRouters } from "./features/admin-routes.ts";
import { admissionsRouter } from "./features/admissions/admissions.router.ts";
import { analyticsRouter } from "./features/analytics/analytics.router.ts";
import { authRouter } from "./features/auth/auth.router.ts";
import { contactsRouter } from "./features/contacts/contacts.router.ts";
import { galleryRouter } from "./features/gallery/gallery.router.ts";
import { healthRouter } from "./features/health/health.router.ts";
import { settingsRouter } from "./features/settings/settings.router.ts";
import { siteRouter } from "./features/site/site.router.ts";
import { ticketsRouter } from "./features/tickets/tickets.router.ts";
import { studentRouter, verifyRouter } from "./features/student/student.router.ts";
import { router } from "./trpc.ts";

export const appRouter = router({
  admissions: admissionsRouter,
  analytics: analyticsRouter,
  auth: authRouter,
  contacts: contactsRouter,
  gallery: galleryRouter,
  health: healthRouter,
  settings: settingsRouter,
  site: siteRouter,
  tickets: ticketsRouter,
  student: studentRouter,
  verify: verifyRouter,
  ...adminFeatureRouters,
});

export type AppRouter = typeof appRouter;
