/**
 * Helpers for the admin screens' tests only (nothing in the app imports this file): the whole app at an
 * admin path, signed in as the admin, with the procedures the layout needs answering; fake-time steps.
 */
import { ADMIN } from "../lib/testing.tsx";
import type { RouterOutputs, SessionUser } from "../lib/trpc.ts";
import { type Handlers, renderSignedIn } from "./portal-testing.tsx";
// The pages under test, loaded up front: React.lazy then resolves them at once.
import "./admin-layout.tsx";
import "../features/dashboard/activity-page.tsx";
import "../features/contacts/admin-contacts-page.tsx";
import "../features/dashboard/dashboard-page.tsx";
import "../features/notifications/notifications-page.tsx";
import "../features/students/students-page.tsx";
import "../features/analytics/analytics-page.tsx";
import "../features/studies/courses-admin-page.tsx";
import "../features/exams/exams-admin-page.tsx";
import "../features/gallery/admin-gallery-page.tsx";
import "../features/tickets/help-page.tsx";
import "../features/library/library-admin-page.tsx";
import "../features/settings/settings-page.tsx";
import "../features/staff/staff-page.tsx";
import "../features/admissions/admin-edit-page.tsx";
import "../features/admissions/application-print-page.tsx";
import "../features/admissions/admin-admissions-page.tsx";
import "../features/students/student-id-card-page.tsx";

export { advance, errorOf, type Handlers, withFakeTimerCleanup } from "./portal-testing.tsx";

/** The app at `path` (e.g. "/admin/students?page=2"), signed in as an admin (or as `user`, e.g. STAFF). */
export function renderAdmin(path: string, handlers: Handlers = {}, user: SessionUser = ADMIN) {
  return renderSignedIn(path, user, {
    "notifications.unreadCount": () => ({ count: 0 }),
    // The Fees link's count (none waiting), unless the test answers the To confirm list itself.
    "feeDesk.pending": () => ({ payments: [], pagination: pagination(0) }),
    ...handlers,
  });
}

export const pagination = (totalItems: number, currentPage = 1, limit = 10) => ({
  totalItems,
  totalPages: Math.ceil(totalItems / limit),
  currentPage,
  limit,
});

type StudentRow = RouterOutputs["students"]["list"]["students"][number];

/** A row of the students list as the server answers it (typed, so it follows the server's shape). */
export const student = (overrides: Partial<StudentRow> = {}): StudentRow => ({
  _id: "7",
  id: 7,
  name: "Ravi Kumar",
  email: "ravi@example.com",
  mobile: "+91 98765 43210",
  student_id: "STU0002",
  standard: "BCom",
  dateOfBirth: "2001-05-04",
  bloodGroup: "B+",
  address: "12 Park Street, Pune",
  gender: "Male",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001",
  emergencyContact: { name: "Sunita Kumar", relationship: "Mother", phone: "+91 98765 00000", email: null },
  profilePhoto: null,
  isActive: true,
  createdAt: "2026-01-15T10:00:00.000Z",
  lastLogin: null,
  lockedUntil: null,
  course: null,
  term: 1,
  programmeId: null,
  version: "v1",
  ...overrides,
});
