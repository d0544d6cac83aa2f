/** Helpers for the student pages' tests only (nothing in the app imports this file). */

import { type Handlers, renderSignedIn } from "../../layouts/portal-testing.tsx";
import { STUDENT } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
// The pages and the layout are lazy chunks: loaded up front, React.lazy resolves them at once.
import "../../layouts/student-layout.tsx";
import "./dashboard-page.tsx";
import "./id-card-page.tsx";
import "./profile-page.tsx";
import "./settings-page.tsx";

export { advance, errorOf, withFakeTimerCleanup } from "../../layouts/portal-testing.tsx";

export const PROFILE: RouterOutputs["student"]["profile"] = {
  id: STUDENT.id,
  name: STUDENT.name,
  email: STUDENT.email,
  student_id: "STU0001",
  status: "active",
  mobile: "9876543210",
  dateOfBirth: "2001-08-15",
  gender: "Female",
  address: "12, Karve Road, Kothrud",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411038",
  bloodGroup: "B+",
  standard: "BBA",
  section: null,
  rollNumber: null,
  course: "Business Administration",
  emergencyContact: { name: "Rajesh Sharma", relationship: "Father", phone: "9822012345", email: null },
  photo: null,
  programme: { slug: "bba", name: "BBA" },
  programmeName: "BBA",
};

export const SETTINGS: RouterOutputs["student"]["settings"] = {
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: true,
  theme: "light",
  language: "english",
  twoFactorAuth: false,
  showPhotoOnVerification: true,
};

/** The signed-in demo student, with a stored session the server confirms. */
export function renderStudentAt(path: string, handlers: Handlers = {}, opts: { user?: typeof STUDENT } = {}) {
  return renderSignedIn(path, opts.user ?? STUDENT, handlers);
}
