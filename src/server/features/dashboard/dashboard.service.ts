/**
 * The admin dashboard (spec part 2, Dashboard): the headline figures with their change computed from the
 * data (definitions in docs/decisions/005-dashboard-figures.md), the other areas' totals, the recent
 * activity list, and the audit log behind "View All" (/admin/activity). Each figure is one aggregate
 * query; nothing loops over rows.
 */

import { admin } from "../../../shared/i18n/admin.ts";
import { contactSubjectLabel } from "../../../shared/i18n/contact.ts";
import { formatCount } from "../../../shared/i18n/translate.ts";
import { rupees } from "../../../shared/money.ts";
import type { ActivityQuery } from "../../../shared/schemas/dashboard.ts";
import type { AppDeps } from "../../deps.ts";
import { startOfMonth, startOfPreviousMonth } from "../../platform/calendar.ts";
import { countAs, countWhere } from "../../platform/counts.ts";
import { jsonObject } from "../../platform/json.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { feeFigures } from "../fees/reports.service.ts";
import { getSettings } from "../settings/settings.service.ts";

/** The nine management-centre cards of the dashboard. */
export const MANAGEMENT_CENTERS = 9;
/** Window of the count-type changes: pending applications and contact inquiries. */
export const CHANGE_WINDOW_DAYS = 30;
const DAY = 86_400_000;

export interface FigureChange {
  /** whole percent or count; null when a percentage has no basis (nothing in the previous period) */
  value: number | null;
  unit: "percent" | "count";
  /** what the card shows: "+12%", "-3%", "+5", "0", or "New" */
  label: string;
  /** what the change is measured against */
  comparedWith: string;
}

/** "+2,500", "-3", "0": grouped as the reader's language groups it, like the figure above it (walk 13b: "+2500"). */
const signed = (n: number) => `${n > 0 ? "+" : ""}${formatCount(n)}`;

/** Change of `current` against `previous` in whole percent. */
export function percentChange(current: number, previous: number, comparedWith: string): FigureChange {
  if (previous === 0) {
    return current === 0
      ? { value: 0, unit: "percent", label: "0%", comparedWith }
      : // No basis for a percent: the count itself ("+2 new students so far this month vs …"), value null.
        { value: null, unit: "percent", label: signed(current), comparedWith };
  }
  const value = Math.round(((current - previous) / previous) * 100);
  return { value, unit: "percent", label: `${signed(value)}%`, comparedWith };
}

/** Money's change in whole percent; with nothing the period before, the amount itself ("+₹12,500"), value null. */
export function moneyChange(current: number, previous: number, comparedWith: string): FigureChange {
  if (previous > 0 || current === 0) return percentChange(current, previous, comparedWith);
  return { value: null, unit: "percent", label: `+${rupees(current)}`, comparedWith };
}

export function countChange(delta: number, comparedWith: string): FigureChange {
  return { value: delta, unit: "count", label: signed(delta), comparedWith };
}

/**
 * The periods the changes compare: this month so far against the same stretch of last month (so the
 * 22nd is compared with the 22nd, not with a whole month), and the last 30 days.
 */
export function dashboardPeriods(now: Date, timeZone: string) {
  const monthStart = startOfMonth(now, timeZone);
  const previousMonthStart = startOfPreviousMonth(now, timeZone);
  const elapsed = now.getTime() - monthStart.getTime();
  const previousSpanEnd = new Date(Math.min(previousMonthStart.getTime() + elapsed, monthStart.getTime()));
  const windowStart = new Date(now.getTime() - CHANGE_WINDOW_DAYS * DAY);
  return { monthStart, previousMonthStart, previousSpanEnd, windowStart };
}

export async function dashboardStats(deps: Pick<AppDeps, "db" | "now">) {
  const { general } = await getSettings(deps);
  const p = dashboardPeriods(deps.now(), general.timeZone);
  const monthStart = p.monthStart.toISOString();
  const previousMonthStart = p.previousMonthStart.toISOString();
  const previousSpanEnd = p.previousSpanEnd.toISOString();
  const windowStart = p.windowStart.toISOString();
  const db = deps.db;

  const [students, admissions, contacts, others, recentAdmissions, recentContacts, fees] = await Promise.all([
    db
      .selectFrom("users")
      .where("role", "=", "student")
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        countWhere(eb, eb("created_at", ">=", monthStart)).as("thisMonth"),
        countWhere(eb, eb.and([eb("created_at", ">=", previousMonthStart), eb("created_at", "<", previousSpanEnd)])).as(
          "sameSpanLastMonth",
        ),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("admissions")
      .select((eb) => [
        countWhere(eb, eb("status", "=", "pending")).as("pending"),
        // pending at the start of the window: submitted by then and not yet processed at that time
        countWhere(
          eb,
          eb.and([eb("submitted_at", "<=", windowStart), eb.or([eb("processed_at", "is", null), eb("processed_at", ">", windowStart)])]),
        ).as("pendingThen"),
        countWhere(eb, eb.and([eb("status", "=", "approved"), eb("processed_at", ">=", monthStart)])).as("approvedThisMonth"),
        countWhere(
          eb,
          eb.and([eb("status", "=", "approved"), eb("processed_at", ">=", previousMonthStart), eb("processed_at", "<", previousSpanEnd)]),
        ).as("approvedSameSpanLastMonth"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("contact_inquiries")
      .select((eb) => [eb.fn.countAll<number>().as("total"), countWhere(eb, eb("created_at", ">=", windowStart)).as("inWindow")])
      .executeTakeFirstOrThrow(),
    db
      .selectNoFrom((eb) => [
        // The Courses page's items are subjects (issue 18), and the Library card counts books, not e-resources.
        countAs(eb.selectFrom("subjects").where("archived", "=", 0), "courses"),
        countAs(eb.selectFrom("books").where("archived", "=", 0).where("kind", "=", "book"), "books"),
        countAs(eb.selectFrom("exams"), "exams"),
        countAs(eb.selectFrom("support_tickets"), "tickets"),
        countAs(eb.selectFrom("gallery_images"), "gallery"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("admissions")
      .select(["id", "first_name", "last_name", "course", "application_number", "status", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(3)
      .execute(),
    db
      .selectFrom("contact_inquiries")
      .select(["id", "name", "subject", "status", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(2)
      .execute(),
    feeFigures(deps),
  ]);

  const n = (value: number | string | null | undefined) => Number(value ?? 0);
  // Texts in the request's language (the admin catalogue).
  const window = admin.t("change.window", { count: CHANGE_WINDOW_DAYS });
  const pending = n(admissions.pending);
  const recentActivity = [
    ...recentAdmissions.map((a) => ({
      type: "admission" as const,
      id: a.id,
      title: admin.t("recent.application", { name: `${a.first_name} ${a.last_name}` }),
      description: `${a.course} · ${a.application_number}`,
      time: a.created_at,
      status: a.status as string,
    })),
    ...recentContacts.map((c) => ({
      type: "contact" as const,
      id: c.id,
      title: admin.t("recent.inquiry", { name: c.name }),
      description: admin.t("recent.about", { subject: contactSubjectLabel(c.subject) }),
      time: c.created_at,
      status: c.status as string,
    })),
  ].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));

  return {
    totalStudents: n(students.total),
    pendingAdmissions: pending,
    approvedThisMonth: n(admissions.approvedThisMonth),
    totalContacts: n(contacts.total),
    changes: {
      totalStudents: percentChange(n(students.thisMonth), n(students.sameSpanLastMonth), admin.t("change.students")),
      pendingAdmissions: countChange(pending - n(admissions.pendingThen), admin.t("change.pending", { window })),
      approvedThisMonth: percentChange(
        n(admissions.approvedThisMonth),
        n(admissions.approvedSameSpanLastMonth),
        admin.t("change.approvals"),
      ),
      totalContacts: countChange(n(contacts.inWindow), admin.t("change.contacts", { window })),
    },
    totalCourses: n(others.courses),
    totalBooks: n(others.books),
    totalExams: n(others.exams),
    totalTickets: n(others.tickets),
    managementCenters: MANAGEMENT_CENTERS,
    galleryImages: n(others.gallery),
    recentActivity,
    /** the fees at a glance (stop 48): paise, and the UPI payments waiting for the office */
    fees: {
      collectedThisMonth: fees.collected,
      collectedChange: moneyChange(fees.collected, fees.collectedBefore, admin.t("change.collected")),
      outstanding: fees.outstanding,
      overdue: fees.overdue,
      overdueStudents: fees.overdueStudents,
      toConfirm: fees.toConfirm,
    },
  };
}

/**
 * The audit log, newest first: who did what to which record, and when. The type "fee" is every fee entry (the
 * `fee.*` actions), whichever record it is about; those entries stay under their record's type too.
 */
export async function listActivity(deps: Pick<AppDeps, "db">, query: ActivityQuery) {
  let base = deps.db.selectFrom("audit_log");
  if (query.type === "fee") base = base.where("audit_log.action", "like", "fee.%");
  else if (query.type) base = base.where("audit_log.entity_type", "=", query.type);
  const { rows, pagination } = await pageWithTotal(
    base,
    base
      .leftJoin("users", "users.id", "audit_log.actor_user_id")
      .select([
        "audit_log.id",
        "audit_log.action",
        "audit_log.entity_type",
        "audit_log.entity_id",
        "audit_log.details",
        "audit_log.ip",
        "audit_log.created_at",
        "audit_log.actor_user_id",
        "users.name as actor_name",
        "users.email as actor_email",
        "users.role as actor_role",
      ])
      .orderBy("audit_log.created_at", "desc")
      .orderBy("audit_log.id", "desc"),
    query,
  );
  return {
    activities: rows.map((r) => ({
      _id: String(r.id),
      id: r.id,
      action: r.action,
      entityType: r.entity_type,
      entityId: r.entity_id,
      details: jsonObject(r.details),
      actor:
        r.actor_user_id !== null && r.actor_name !== null
          ? { id: r.actor_user_id, name: r.actor_name, email: r.actor_email, role: r.actor_role }
          : null,
      ip: r.ip,
      createdAt: r.created_at,
    })),
    pagination,
  };
}
