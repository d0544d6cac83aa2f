/**
 * The student dashboard: real figures only — the account and admission, and (issue 18) this term's course
 * progress, assignments, upcoming exams, library loans, upcoming events, performance and achievements, all
 * in one request (each part is one or a few indexed queries, run side by side).
 */
import type { User } from "../../../../db/schema.ts";
import { student } from "../../../shared/i18n/student.ts";
import type { AppDeps } from "../../deps.ts";
import { localDate } from "../../platform/calendar.ts";
import { accountStats } from "../auth/account.service.ts";
import { toPublicUser } from "../auth/auth.service.ts";
import { resultsSummaryFor, upcomingExamsFor } from "../exams/exams.service.ts";
import { nextDueFor } from "../fees/student-fees.service.ts";
import { libraryFor } from "../library/library.service.ts";
import { upcomingEventsFor } from "../notices/notices.service.ts";
import { toNotificationItem, unreadCount } from "../notifications/notifications.service.ts";
import { studentProgrammeName } from "../programmes/programmes.service.ts";
import { getSettings } from "../settings/settings.service.ts";
import { studyFigures } from "../studies/my-studies.service.ts";
import { loadStudent } from "./profile.service.ts";

const RECENT_ACTIVITY = 5;
const UPCOMING = 3;
/** A streak worth celebrating on the dashboard, in days. */
const STREAK_ACHIEVEMENT = 3;

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
 * What the student has earned, from their own records: subjects whose every unit is ticked, a study streak
 * of several days, assignments graded at 90 % or more. Never a made-up badge.
 */
function achievementsOf(figures: Awaited<ReturnType<typeof studyFigures>>) {
  const out: { kind: "subjectDone" | "streak" | "highMarks"; subject?: string; days?: number; percent?: number }[] = [];
  for (const c of figures.courseProgress) if (c.progress === 100) out.push({ kind: "subjectDone", subject: `${c.code} ${c.name}` });
  if (figures.studyStreak >= STREAK_ACHIEVEMENT) out.push({ kind: "streak", days: figures.studyStreak });
  if (figures.assignmentPercent !== null && figures.assignmentPercent >= 90)
    out.push({ kind: "highMarks", percent: figures.assignmentPercent });
  return out;
}

/** The overall performance: the average of the graded assignments' and the published exams' percentages that exist. */
const overallOf = (...parts: (number | null)[]) => {
  const known = parts.filter((p): p is number => p !== null);
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : null;
};

/** GET /student/dashboard/stats (and `student.dashboard`): everything the dashboard shows, in one answer. */
export async function studentDashboard(deps: AppDeps, userId: number) {
  const user = await loadStudent(deps, userId);
  const now = deps.now();
  const { general } = await getSettings(deps);
  const today = localDate(now, general.timeZone);
  const [account, unread, recent, admission, figures, exams, results, library, events, nextDue] = await Promise.all([
    accountStats(deps, userId),
    unreadCount(deps, userId),
    deps.db
      .selectFrom("notifications")
      .selectAll()
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
    studyFigures(deps.db, userId, now, general.timeZone),
    upcomingExamsFor(deps.db, userId, now, UPCOMING, general.timeZone),
    resultsSummaryFor(deps.db, userId),
    libraryFor(deps.db, userId, today),
    upcomingEventsFor(deps.db, { id: userId, programmeId: user.programme_id }, today, UPCOMING),
    nextDueFor(deps.db, userId, today),
  ]);
  const completeness = profileCompleteness(user);
  return {
    student: { name: user.name, student_id: user.student_id, photo: toPublicUser(user).photo },
    /** the student's programme, by the one name every screen uses */
    course: await studentProgrammeName(deps.db, user),
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
    unreadNotifications: unread.count,
    // Read in the viewer's language, as the notifications list reads them (not the stored English words).
    recentActivity: recent.map(toNotificationItem).map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      description: n.message,
      priority: n.priority,
      read: n.read,
      time: n.createdAt,
      link: n.link,
    })),
    upcomingEvents: events,
    courseProgress: figures.courseProgress,
    assignments: figures.assignments,
    exams,
    library,
    performance: {
      overall: overallOf(figures.assignmentPercent, results.percent),
      assignmentPercent: figures.assignmentPercent,
      examPercent: results.percent,
      resultsPublished: results.published,
      completed_assignments: figures.assignments.completed,
      total_assignments: figures.assignments.total,
      study_streak: figures.studyStreak,
    },
    achievements: achievementsOf(figures),
    /** issue 19: the soonest instalment with something to pay (paise, late fee included), or null */
    nextDue,
  };
}
