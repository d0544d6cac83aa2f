/**
 * Every feature of the server, in mounting order (issue 15). Adding a feature is one line here; app.ts and
 * router.ts need no change.
 */
import { admissionsFeature } from "./admissions/admissions.feature.ts";
import { analyticsFeature } from "./analytics/analytics.feature.ts";
import { authFeature } from "./auth/auth.feature.ts";
import { contactsFeature } from "./contacts/contacts.feature.ts";
import { contentFeature } from "./content/content.feature.ts";
import { dashboardFeature } from "./dashboard/dashboard.feature.ts";
import { examsFeature } from "./exams/exams.feature.ts";
import { feesFeature } from "./fees/fees.feature.ts";
import { galleryFeature } from "./gallery/gallery.feature.ts";
import { healthFeature } from "./health/health.feature.ts";
import { libraryFeature } from "./library/library.feature.ts";
import { noticesFeature } from "./notices/notices.feature.ts";
import { notificationsFeature } from "./notifications/notifications.feature.ts";
import { programmesFeature } from "./programmes/programmes.feature.ts";
import { settingsFeature } from "./settings/settings.feature.ts";
import { siteFeature } from "./site/site.feature.ts";
import { staffFeature } from "./staff/staff.feature.ts";
import { studentFeature } from "./student/student.feature.ts";
import { studentsFeature } from "./students/students.feature.ts";
import { studiesFeature } from "./studies/studies.feature.ts";
import { ticketsFeature } from "./tickets/tickets.feature.ts";

export const FEATURES = [
  healthFeature,
  authFeature,
  studentFeature,
  siteFeature,
  admissionsFeature,
  studentsFeature,
  contactsFeature,
  notificationsFeature,
  dashboardFeature,
  analyticsFeature,
  settingsFeature,
  ticketsFeature,
  galleryFeature,
  staffFeature,
  programmesFeature,
  contentFeature,
  studiesFeature,
  feesFeature,
  libraryFeature,
  examsFeature,
  noticesFeature,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Every feature's tRPC sub-routers under their keys, with their exact types. */
export type FeatureRouters = UnionToIntersection<(typeof FEATURES)[number]["trpc"]>;

export const featureRouters = Object.assign({}, ...FEATURES.map((f) => f.trpc)) as FeatureRouters;
