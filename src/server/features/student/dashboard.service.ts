/** The student dashboard: real figures only (DECISIONS 6); blocks without data yet are named in NOT_YET_AVAILABLE. */
import type { User } from "../../../../db/schema.ts";
import { student } from "../../../shared/i18n/student.ts";
import type { AppDeps } from "../../deps.ts";
import { accountStats } from "../auth/account.service.ts";
import { toPublicUser } from "../auth/auth.service.ts";
import { loadStudent } from "./profile.service.ts";

const RECENT_ACTIVITY = 5;

/** Dashboard blocks whose data does not exist yet (courses, exams, library, assignments): shown as empty states. */
export const NOT_YET_AVAILABLE = ["courseProgress", "exams", "library", "assignments", "performance"] as const;

// ————— dashboard —————

/** The filled-in share of the profile fields a student keeps up to date themselves. */
const COMPLETENESS_FIELDS: readonly [StudentField, (u: User) => string | null][] = [
  ["mobile", (u) => u.mobile],
  ["dateOfBirth", (u) => u.date_of_birth],
  ["gender", (u) => u.gender],
  ["address", (u) => u.address],
  ["city", (u) => u.city],
  ["state", (u) => u.state],
  ["pincode", (u) => u.pincode],
  ["bloodGroup", (u) => u.blood_group],
  ["emergencyName", (u) => u.emergency_name],
  ["emergencyRelationship", (u) => u.emergency_relationship],
  ["emergencyPhone", (u) => u.emergency_phone],
  ["photo", (u) => u.photo_file],
];
type StudentField =
  | "mobile"
  | "dateOfBirth"
  | "gender"
  | "address"
  | "city"
  | "state"
  | "pincode"
  | "bloodGroup"
  | "emergencyName"
  | "emergencyRelationship"
  | "emergencyPhone"
  | "photo";

export function profileCompleteness(u: User) {
  // Named in the request's language (the student catalogue).
  const missing = COMPLETENESS_FIELDS.filter(([, read]) => !read(u)?.trim()).map(([field]) => student.t(`field.${field}`));
  return { percent: Math.round(((COMPLETENESS_FIELDS.length - missing.length) * 100) / COMPLETENESS_FIELDS.length), missing };
}

/**
 * GET /student/dashboard/stats: only what exists — the course and admission, account activity, profile
 * completeness, notifications. Blocks without data yet are null and listed in `notYetAvailable`.
 */
export async function studentDashboard(deps: AppDeps, userId: number) {
  const user = await loadStudent(deps, userId);
  const [account, unread, recent, admission] = await Promise.all([
    accountStats(deps, userId),
    deps.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("recipient_user_id", "=", userId)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("notifications")
      .select(["id", "type", "title", "message", "priority", "read_at", "created_at"])
      .where("recipient_user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(RECENT_ACTIVITY)
      .execute(),
    user.admission_id === null
      ? undefined
      : deps.db
          .selectFrom("admissions")
          .select(["application_number", "status", "submitted_at", "processed_at"])
          .where("id", "=", user.admission_id)
          .executeTakeFirst(),
  ]);
  const completeness = profileCompleteness(user);
  return {
    student: { name: user.name, student_id: user.student_id, photo: toPublicUser(user).photo },
    course: user.course ?? user.standard,
    admission:
      admission && admission.status === "approved"
        ? { applicationNumber: admission.application_number, appliedAt: admission.submitted_at, approvedAt: admission.processed_at }
        : null,
    account: {
      lastLogin: account.lastLogin,
      activeSessions: account.activeSessions,
      memberSince: account.memberSince,
      profileCompleteness: completeness.percent,
      missingProfileFields: completeness.missing,
    },
    unreadNotifications: Number(unread.n),
    recentActivity: recent.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      description: n.message,
      priority: n.priority,
      read: n.read_at !== null,
      time: n.created_at,
    })),
    upcomingEvents: [] as never[],
    courseProgress: null,
    exams: null,
    library: null,
    assignments: null,
    performance: null,
    notYetAvailable: NOT_YET_AVAILABLE,
  };
}
