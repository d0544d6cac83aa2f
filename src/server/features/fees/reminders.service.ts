/**
 * Fee reminders (issue 19; docs/fees/reports.md): the office reminds one student now, or every student of the
 * dues list (as filtered) with something overdue; and the server reminds automatically, once per instalment and
 * kind, `remindDaysBefore` days before its due day and `remindDaysAfter` days after it while still unpaid
 * (Settings → Fees; 0 switches one off). Each reminder is a portal notification and an e-mail (where the student
 * keeps e-mail notifications on), written in the student's language, listing what is due with amounts and days
 * and linking to /student/fees. What is owed comes from the ledger (`standings`), read in the same transaction.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../../db/schema.ts";
import { programmeInstalmentName } from "../../../shared/fee-terms.ts";
import { feeReports as text } from "../../../shared/i18n/feeReports.ts";
import { INTL_LOCALE, type Locale, localeOfLanguage } from "../../../shared/i18n/locales.ts";
import { currentLocale } from "../../../shared/i18n/translate.ts";
import { rupees } from "../../../shared/money.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import type { RemindOverdueInput } from "../../../shared/schemas/fee-reports.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { localDate, zonedInstant } from "../../platform/calendar.ts";
import { AppError } from "../../platform/errors.ts";
import { heldForChange } from "../../platform/row-lock.ts";
import { storedLocale } from "../accounts/accounts.repository.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { notifyStudents } from "../notifications/notifications.service.ts";
import { getSettings } from "../settings/settings.service.ts";
import { readPreferences } from "../student/preferences.service.ts";
import { auditStudent } from "../students/students.service.ts";
import { STUDENT_FEES } from "./fee-notices.ts";
import { type DueItem, duesByStudent, duesOf } from "./reports.service.ts";

type DB = Kysely<Database>;
type ReminderDeps = Pick<AppDeps, "db" | "now" | "mail" | "env">;

/** What a reminder is about: due soon (automatic), overdue (automatic), or the office's reminder of everything owed. */
export type ReminderKind = "before" | "after" | "manual";

/** An "after" reminder missed on its day (the server was down) is still sent within this many days, not later. */
export const AFTER_CATCH_UP_DAYS = 7;
/** Students reminded a batch per transaction. */
const BATCH = 100;

const studentNotFound = () => new AppError("NOT_FOUND", text.t("rule.student"));

// ————— the words —————

/** 30 Nov 2026 / ३० नव॰ २०२६ (Latin digits: docs/decisions/019). */
const dayIn = (day: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/**
 * A reminder's title and message in a language: what it is about, each instalment with what is still to pay and
 * its due day, the total, and how to pay. Kept as written (fixed words), since its lines are the student's own.
 */
export function reminderWords(kind: ReminderKind, items: readonly DueItem[], locale: Locale): { title: string; message: string } {
  const t = (key: Parameters<typeof text.t>[0], params?: Record<string, string | number>) => text.t(key, params, locale);
  const sum = (list: readonly DueItem[]) => list.reduce((all, i) => all + i.outstanding, 0);
  const amount = rupees(sum(items), locale);
  const overdue = items.filter((i) => i.overdue);
  // "Fee overdue: ₹X to pay" names what is overdue, not the whole balance (the lines and "In all" give the rest).
  const title =
    kind === "before"
      ? t("remind.title.before", { amount, due: dayIn(items[0]!.dueOn, locale) })
      : overdue.length > 0
        ? t("remind.title.overdue", { amount: rupees(sum(overdue), locale) })
        : t(kind === "after" ? "remind.title.overdue" : "remind.title.manual", { amount });
  const lines = items.map(
    (i) =>
      `• ${t(i.overdue ? "remind.lineOverdue" : "remind.line", {
        instalment: programmeInstalmentName(i, locale),
        amount: rupees(i.outstanding, locale),
        due: dayIn(i.dueOn, locale),
      })}`,
  );
  const intro = t(kind === "before" ? "remind.intro.before" : kind === "after" ? "remind.intro.after" : "remind.intro.manual");
  const message = [intro, ...lines, ...(items.length > 1 ? [t("remind.total", { amount })] : []), t("remind.pay")].join("\n");
  return { title, message };
}

// ————— sending —————

interface Recipient {
  id: number;
  name: string;
  preferences: string;
}

/**
 * Sends each student their reminder (portal + e-mail in their language) in the caller's transaction, and records
 * it per instalment: the automatic kinds once (fee_reminders' key), the office's as its latest time.
 */
async function deliver(
  deps: ReminderDeps,
  trx: DB,
  kind: ReminderKind,
  people: readonly Recipient[],
  dues: Map<number, DueItem[]>,
  fallback: Locale,
): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (const person of people) {
    const items = dues.get(person.id);
    if (!items?.length) continue;
    const words = reminderWords(kind, items, storedLocale(person.preferences) ?? fallback);
    await notifyStudents(deps, trx, now, [person.id], {
      type: "payment",
      priority: items.some((i) => i.overdue) ? "high" : "medium",
      ...words,
      data: { feeReminder: kind, instalments: items.map((i) => i.instalmentId) },
      email: true,
      link: STUDENT_FEES,
    });
    await trx
      .insertInto("fee_reminders")
      .values(items.map((i) => ({ instalment_id: i.instalmentId, kind, sent_at: now.toISOString() })))
      .onConflict((oc) =>
        kind === "manual" ? oc.columns(["instalment_id", "kind"]).doUpdateSet({ sent_at: now.toISOString() }) : oc.doNothing(),
      )
      .execute();
    sent += 1;
  }
  return sent;
}

const recipients = (db: DB, ids: readonly number[]) =>
  db
    .selectFrom("users")
    .select(["id", "name", "preferences"])
    .where("id", "in", [...ids])
    .where("role", "=", "student")
    .where("is_active", "=", 1)
    .orderBy("id")
    .execute();

const fallbackLocale = async (deps: Pick<AppDeps, "db">) => localeOfLanguage((await getSettings(deps)).language);

/**
 * "Remind" on the dues list: everything the student still owes, now. A second reminder on the institute's day
 * only with `again` (the screen's "Remind … again?" answered Send again).
 */
export async function remindStudent(
  deps: ReminderDeps,
  actorId: number,
  { userId, again = false }: { userId: number; again?: boolean },
  meta: SessionMeta = {},
) {
  const { general } = await getSettings(deps);
  const today = localDate(deps.now(), general.timeZone);
  const dayStarted = zonedInstant(`${today}T00:00`, general.timeZone).toISOString();
  const fallback = await fallbackLocale(deps);
  const result = await deps.db.transaction().execute(async (trx) => {
    const student = await trx
      .selectFrom("users")
      .select(["id", "name", "student_id", "preferences", "is_active"])
      .where("id", "=", userId)
      .where("role", "=", "student")
      // Two office people pressing Remind at once: the second waits here, then finds the first's reminder.
      .$call(heldForChange(trx))
      .executeTakeFirst();
    if (!student) throw studentNotFound();
    if (student.is_active !== 1) throw new AppError("CONFLICT", text.t("rule.inactive", { name: student.name }));
    // A second reminder the same day only when the office was asked and said so (walk 16b: two at once, two e-mails).
    if (!again && (await remindedSince(trx, userId, dayStarted)))
      throw new AppError("CONFLICT", text.t("rule.remindedToday", { name: student.name }));
    const dues = await duesOf(trx, today, [userId]);
    const items = dues.get(userId) ?? [];
    if (items.length === 0) throw new AppError("CONFLICT", text.t("rule.nothingOwed", { name: student.name }));
    await deliver(deps, trx, "manual", [student], dues, fallback);
    const amount = items.reduce((sum, i) => sum + i.outstanding, 0);
    await auditStudent(trx, deps.now(), {
      actorUserId: actorId,
      action: "fee.reminders",
      student,
      details: { instalments: items.length, amount },
      ip: meta.ip,
    });
    return { student, amount, emailed: readPreferences(student.preferences).emailNotifications };
  });
  deps.mail.kick();
  const words = { name: result.student.name, amount: rupees(result.amount, currentLocale()) };
  return { message: text.t(result.emailed ? "said.reminded" : "said.remindedPortal", words) };
}

/** Whether a fee reminder went to the student since `since` (the start of the institute's day). */
async function remindedSince(db: Kysely<Database>, userId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom("fee_reminders")
    .innerJoin("fee_instalments", "fee_instalments.id", "fee_reminders.instalment_id")
    .select("fee_reminders.instalment_id")
    .where("fee_instalments.user_id", "=", userId)
    .where("fee_reminders.sent_at", ">=", since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * "Remind all overdue": every active student of the list as filtered (search, programme) with something overdue,
 * in batches of a hundred (one transaction each). A student already sent a fee reminder today (the institute's
 * day) is skipped, so a second click or a second office member does not send it twice.
 */
export async function remindOverdue(deps: ReminderDeps, actorId: number, scope: RemindOverdueInput, meta: SessionMeta = {}) {
  const { general } = await getSettings(deps);
  const now = deps.now();
  const today = localDate(now, general.timeZone);
  const dayStarted = zonedInstant(`${today}T00:00`, general.timeZone).toISOString();
  const fallback = await fallbackLocale(deps);
  const owing = await deps.db
    .selectFrom(duesByStudent(deps.db, today, scope, "overdue").as("s"))
    .innerJoin("users", "users.id", "s.user_id")
    .select(["s.user_id", "users.is_active"])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("fee_reminders")
            .innerJoin("fee_instalments", "fee_instalments.id", "fee_reminders.instalment_id")
            .select("fee_reminders.instalment_id")
            .whereRef("fee_instalments.user_id", "=", "s.user_id")
            .where("fee_reminders.sent_at", ">=", dayStarted),
        )
        .as("reminded_today"),
    )
    .orderBy("s.user_id")
    .execute();
  const due = owing.filter((r) => r.is_active === 1 && !r.reminded_today).map((r) => r.user_id);
  let reminded = 0;
  for (let i = 0; i < due.length; i += BATCH) {
    const ids = due.slice(i, i + BATCH);
    reminded += await deps.db.transaction().execute(async (trx) => {
      const [people, dues] = await Promise.all([recipients(trx, ids), duesOf(trx, today, ids)]);
      // Only what is overdue now counts (someone may have paid since the list was read).
      for (const [id, items] of dues) if (!items.some((x) => x.overdue)) dues.delete(id);
      return deliver(deps, trx, "manual", people, dues, fallback);
    });
    // The server answers other requests after each batch, as the scheduled reminders do (thirteenth walk: 3,000
    // students held every other request for 0.7–2.5 s).
    await Bun.sleep(0);
  }
  const skipped = owing.length - reminded;
  await audit(deps.db, now, {
    actorUserId: actorId,
    action: "fee.reminders",
    entityType: "student",
    details: { count: reminded, skipped, search: scope.search, programme: scope.programme },
    ip: meta.ip,
  });
  if (reminded) deps.mail.kick();
  return {
    reminded,
    skipped,
    message:
      owing.length === 0
        ? text.t("said.noneOverdue")
        : reminded === 0
          ? text.t("said.remindedNone", { count: skipped })
          : skipped
            ? text.t("said.remindedAllSkipped", { count: reminded, skipped })
            : text.t("said.remindedAll", { count: reminded }),
  };
}

/**
 * The automatic reminders: each instalment still unpaid gets one "before" reminder from `remindDaysBefore` days
 * before its due day (up to the day itself) and one "after" reminder from `remindDaysAfter` days after it (a
 * missed day is caught up within AFTER_CATCH_UP_DAYS); 0 switches that kind off. One message per student and kind,
 * listing their instalments of that kind; paid instalments, instalments with a UPI transfer waiting for the office,
 * and inactive students get none. Safe to call as often
 * as one likes: the server calls it every hour (workers.ts), never a test unless it asks.
 */
export async function sendFeeReminders(deps: ReminderDeps): Promise<{ today: string; reminded: number; instalments: number }> {
  const settings = await getSettings(deps);
  const { remindDaysBefore: before, remindDaysAfter: after } = settings.fees;
  const today = localDate(deps.now(), settings.general.timeZone);
  const fallback = localeOfLanguage(settings.language);
  const windows: { kind: "before" | "after"; from: string; to: string }[] = [];
  if (before > 0) windows.push({ kind: "before", from: today, to: addDays(today, before) });
  if (after > 0) windows.push({ kind: "after", from: addDays(today, -(after + AFTER_CATCH_UP_DAYS)), to: addDays(today, -after) });
  let reminded = 0;
  let instalments = 0;
  for (const w of windows) {
    const candidates = await deps.db
      .selectFrom("fee_instalments")
      .innerJoin("users", "users.id", "fee_instalments.user_id")
      .select(["fee_instalments.id", "fee_instalments.user_id"])
      .where("fee_instalments.due_on", ">=", w.from)
      .where("fee_instalments.due_on", "<=", w.to)
      .where("users.is_active", "=", 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("fee_reminders")
              .select("fee_reminders.instalment_id")
              .whereRef("fee_reminders.instalment_id", "=", "fee_instalments.id")
              .where("fee_reminders.kind", "=", w.kind),
          ),
        ),
      )
      // A transfer the student reported and the office has not checked yet: not chased meanwhile.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("fee_payments")
              .select("fee_payments.id")
              .whereRef("fee_payments.instalment_id", "=", "fee_instalments.id")
              .where("fee_payments.status", "=", "pending"),
          ),
        ),
      )
      .orderBy("fee_instalments.user_id")
      .execute();
    const users = [...new Set(candidates.map((c) => c.user_id))];
    const wanted = new Set(candidates.map((c) => c.id));
    for (let i = 0; i < users.length; i += BATCH) {
      const ids = users.slice(i, i + BATCH);
      const sent = await deps.db.transaction().execute(async (trx) => {
        const [people, all] = await Promise.all([recipients(trx, ids), duesOf(trx, today, ids)]);
        // Each student's instalments of this window that are still unpaid (the others are not this reminder's).
        const dues = new Map<number, DueItem[]>();
        for (const [id, items] of all) {
          const mine = items.filter((x) => wanted.has(x.instalmentId));
          if (mine.length) dues.set(id, mine);
        }
        for (const person of people) instalments += dues.get(person.id)?.length ?? 0;
        return deliver(deps, trx, w.kind, people, dues, fallback);
      });
      reminded += sent;
      // The server answers requests between batches (a synchronous write of thousands held them all).
      await Bun.sleep(0);
    }
  }
  if (reminded) deps.mail.kick();
  return { today, reminded, instalments };
}
