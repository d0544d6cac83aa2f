/**
 * Notifications addressed to people: one row per recipient, so read state and deletion are personal.
 * Every reader function takes the signed-in user's id and touches only that user's rows; another
 * person's notification answers 404 as if it did not exist.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database, Notification, NotificationType, Priority } from "../../../../db/schema.ts";
import { alerts, isNotificationKind, type NotificationKind, type NotificationParams } from "../../../shared/i18n/alerts.ts";
import { contactSubjectLabel } from "../../../shared/i18n/contact.ts";
import { ticketStatusName } from "../../../shared/i18n/help.ts";
import { INTL_LOCALE, localeOfLanguage } from "../../../shared/i18n/locales.ts";
import { timeOfDay } from "../../../shared/i18n/time-of-day.ts";
import { currentLocale } from "../../../shared/i18n/translate.ts";
import { isOneOf } from "../../../shared/is-one-of.ts";
import { OFFICE_ROLES } from "../../../shared/roles.ts";
import { NOTIFICATION_MESSAGES, type NotificationListQuery } from "../../../shared/schemas/notifications.ts";
import type { Settings } from "../../../shared/schemas/settings.ts";
import { termName } from "../../../shared/terms.ts";
import { type AppDeps, publicUrl } from "../../deps.ts";
import { countWhere } from "../../platform/counts.ts";
import { notFound } from "../../platform/errors.ts";
import { jsonObject } from "../../platform/json.ts";
import type { OutboxMessage } from "../../platform/mail.ts";
import { newestFirstPage } from "../../platform/paging.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { anyColumnContains } from "../../platform/search.ts";
import { storedLocale } from "../accounts/accounts.repository.ts";
import { enqueueEmail } from "../settings/institute-mail.ts";
import { getSettings } from "../settings/settings.service.ts";
import { readPreferences } from "../student/preferences.service.ts";

/** "Recent" on the notifications screen means the last 24 hours (spec part 2 §9). */
export const RECENT_MS = 24 * 3_600_000;

/** What a new notification says: a kind and its parameters (written in each reader's language), or fixed text. */
export type NotificationWords = { kind: NotificationKind; params: NotificationParams } | { title: string; message: string };

export type NewNotification = NotificationWords & {
  type: NotificationType;
  priority?: Priority;
  data?: Record<string, unknown>;
  /** false keeps an alert in the portal only (default: e-mailed too where Settings say so) */
  email?: boolean;
  /** the portal page it is about, a path (/student/help/7): stored, offered as "Open", and the e-mail's link */
  link?: string;
};

/** A parameter shown in the reader's words: an inquiry's subject, a ticket's status, an account's role. */
function readable(kind: NotificationKind, params: NotificationParams): NotificationParams {
  const out = { ...params };
  if (kind === "contact.new" && typeof out.subject === "string") out.subject = contactSubjectLabel(out.subject);
  if (kind === "ticket.status" && typeof out.status === "string") out.status = ticketStatusName(out.status).toLocaleLowerCase();
  if (kind === "account.locked" && (out.role === "admin" || out.role === "student")) out.role = alerts.t(`role.${out.role}`);
  // A calendar day (YYYY-MM-DD), and a day and time on the institute's clock (YYYY-MM-DDTHH:MM), are written the
  // reader's way: 25 Nov 2026, २५ नव॰ २०२६; 5 Dec 2026, 10:00 am.
  if (typeof out.due === "string" && /^\d{4}-\d{2}-\d{2}$/.test(out.due)) out.due = wallClock(`${out.due}T00:00`, false);
  if (typeof out.at === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(out.at)) out.at = wallClock(out.at, true);
  // A term by its number and the programme's unit: "Year 2", "सेमेस्टर 3".
  if (typeof out.term === "number" && (out.termUnit === "year" || out.termUnit === "semester")) out.term = termName(out.termUnit, out.term);
  return out;
}

/**
 * The screens' way (client lib/format.ts): Hindi and Marathi name the part of the day ("दोपहर 2:30", "दुपार
 * 2:30"), as the Exams page does, not "2:30 pm" (walk 22c); English keeps "2:30 pm".
 */
const wallClock = (local: string, withTime: boolean) => {
  const locale = currentLocale();
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(withTime ? timeOfDay(locale === "en") : {}),
    timeZone: "UTC",
  }).format(new Date(`${local}:00Z`));
};

/**
 * "Sat, 5 Dec 2026 · 10:30 am", "शनि, 5 डिसें, 2026 · सकाळ 10:30": an event's day and time in the current language,
 * the day as the screens write it (the notice board: wallClock's day) after its weekday.
 */
function eventWhen(date: string, time: string | null): string {
  const locale = currentLocale();
  const intl = INTL_LOCALE[locale];
  const weekday = new Intl.DateTimeFormat(intl, { weekday: "short", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  const day = `${weekday}, ${wallClock(`${date}T00:00`, false)}`;
  if (!time) return day;
  const clock = new Intl.DateTimeFormat(intl, { ...timeOfDay(locale === "en"), timeZone: "UTC" }).format(
    new Date(`1970-01-01T${time}:00Z`),
  );
  return `${day} · ${clock}`;
}

/**
 * An event notice's message: its day, time and venue above the office's words, the day written in the reader's
 * language (walk 26: a Marathi page read "Sat, 5 Dec, 2026 · 11:00 am"). The notice stores the office's words
 * and, in `data`, the day (`eventDate`, `eventTime`, `venue`, `headAtRead`); rows written before stop 56 carry the
 * day in their message already, in the institute's language.
 */
function withEventHead(message: string, data: Record<string, unknown> | undefined): string {
  if (data?.headAtRead !== true || typeof data.eventDate !== "string") return message;
  const time = typeof data.eventTime === "string" ? data.eventTime : null;
  const venue = typeof data.venue === "string" ? data.venue : "";
  return `${[eventWhen(data.eventDate, time), venue].filter(Boolean).join("\n")}\n\n${message}`;
}

/** Kinds whose words name a day and time (`at`) when it was told with one; rows written before say it without. */
const TOLD_WITH_TIME = ["assignment.new", "exam.scheduled", "exam.changed", "exam.cancelled"] as const;

/** The title and message in the current language (the request's, or the one `inLocale` sets). */
export function notificationText(kind: NotificationKind, params: NotificationParams): { title: string; message: string } {
  const shown = readable(kind, params);
  if (kind === "fee.raised" && typeof params.term === "number") {
    return { title: alerts.t("kind.fee.raised.titleTerm", shown), message: alerts.t("kind.fee.raised.messageTerm", shown) };
  }
  const message =
    typeof params.at === "string" && isOneOf(TOLD_WITH_TIME, kind)
      ? alerts.t(`kind.${kind}.messageAt`, shown)
      : alerts.t(`kind.${kind}.message`, shown);
  return { title: alerts.t(`kind.${kind}.title`, shown), message };
}

/** The words stored with the row (what search looks in): English for a kind, else the given text. */
function storedWords(n: NotificationWords) {
  if (!("kind" in n)) return { title: n.title, message: n.message, kind: null, params: null };
  return { ...inLocale("en", () => notificationText(n.kind, n.params)), kind: n.kind, params: JSON.stringify(n.params) };
}

/**
 * The admin notification switches (Settings → Notifications) decide which events reach the admins:
 * "Admission alerts" for admission events, "System alerts" for system events. Security, contact and
 * support events always notify: they need someone's action.
 */
function adminsWantIt(settings: Settings, type: NotificationType): boolean {
  if (type !== "admission" && type !== "system") return true;
  return type === "admission" ? settings.notifications.admissionAlerts : settings.notifications.systemAlerts;
}

/** The alerts staff members receive too (issue 17); the others go to administrators only. */
const STAFF_TYPES: readonly NotificationType[] = ["admission", "contact", "support", "payment"];

/** The alerts that are also e-mailed (issue 14.4): new applications, new inquiries, failed mail, failed backups. */
const EMAILED_TYPES: readonly NotificationType[] = ["admission", "contact", "system"];

/**
 * Notifies every active admin, in one statement; with Settings → Notifications → Email notifications on, the
 * alert is also e-mailed to General → admin e-mail (through the outbox, in the caller's transaction).
 */
export async function notifyAdmins(
  db: Kysely<Database>,
  at: Date,
  n: NewNotification,
  /** who caused it from the office (a walk-in they entered): not told of their own act (walk 29b) */
  except: number | null = null,
): Promise<void> {
  const settings = await getSettings({ db });
  if (!adminsWantIt(settings, n.type)) return;
  const words = storedWords(n);
  if (n.email !== false && settings.notifications.emailNotifications && EMAILED_TYPES.includes(n.type)) {
    // The admin address is the institute's, not a person's: the alert is written in the institute's default
    // language (System Settings → General), whatever language the visitor who caused it was using.
    const locale = localeOfLanguage(settings.language);
    const { title, message } = "kind" in n ? inLocale(locale, () => notificationText(n.kind, n.params)) : words;
    await enqueueEmail(db, at, settings.general.adminEmail, { template: "admin_alert", title, message }, locale);
  }
  // Staff handle admissions, inquiries and tickets: they are told about those; system and security alerts are
  // the administrators' alone.
  await notifyWhere(db, at, n, (users) => {
    const office = users.where("role", "in", STAFF_TYPES.includes(n.type) ? OFFICE_ROLES : ["admin"]).where("is_active", "=", 1);
    return except === null ? office : office.where("id", "!=", except);
  });
}

type UsersQuery = SelectQueryBuilder<Database, "users", {}>;

/**
 * One notification for every user `pick` selects (the active administrators, the students whose fees were just
 * raised), in one INSERT … SELECT: a term of thousands is one statement.
 */
export async function notifyWhere(db: Kysely<Database>, at: Date, n: NewNotification, pick: (users: UsersQuery) => UsersQuery) {
  const words = storedWords(n);
  await db
    .insertInto("notifications")
    .columns(["recipient_user_id", "type", "title", "message", "kind", "params", "priority", "data", "link", "created_at"])
    .expression(
      pick(db.selectFrom("users")).select((eb) => [
        "users.id",
        eb.val(n.type).as("type"),
        eb.val(words.title).as("title"),
        eb.val(words.message).as("message"),
        eb.val(words.kind).as("kind"),
        eb.val(words.params).as("params"),
        eb.val(n.priority ?? "medium").as("priority"),
        eb.val(JSON.stringify(n.data ?? {})).as("data"),
        eb.val(n.link ?? null).as("link"),
        eb.val(at.toISOString()).as("created_at"),
      ]),
    )
    .execute();
}

export async function notifyUser(db: Kysely<Database>, at: Date, userId: number, n: NewNotification): Promise<void> {
  await db
    .insertInto("notifications")
    .values({
      recipient_user_id: userId,
      type: n.type,
      ...storedWords(n),
      priority: n.priority ?? "medium",
      data: JSON.stringify(n.data ?? {}),
      link: n.link ?? null,
      created_at: at.toISOString(),
    })
    .execute();
}

const BATCH = 500;

/**
 * Tells students something (issue 18: new material, an assignment, results, an overdue book): one row each,
 * written in batches of 500, in the caller's transaction. With `email: true` each student who keeps e-mail
 * notifications on (Settings → Notifications) also gets it by e-mail, in their own language, with a link
 * to `link` in the portal (their notifications page without one).
 */
export async function notifyStudents(
  deps: Pick<AppDeps, "mail" | "env">,
  db: Kysely<Database>,
  at: Date,
  userIds: readonly number[],
  n: NewNotification,
): Promise<void> {
  const ids = [...new Set(userIds)];
  const words = storedWords(n);
  const row = {
    type: n.type,
    ...words,
    priority: n.priority ?? "medium",
    data: JSON.stringify(n.data ?? {}),
    link: n.link ?? null,
    created_at: at.toISOString(),
  };
  for (let i = 0; i < ids.length; i += BATCH) {
    await db
      .insertInto("notifications")
      .values(ids.slice(i, i + BATCH).map((id) => ({ ...row, recipient_user_id: id })))
      .execute();
  }
  if (n.email !== true) return;
  const fallback = localeOfLanguage((await getSettings({ db })).language);
  for (let i = 0; i < ids.length; i += BATCH) {
    const people = await db
      .selectFrom("users")
      .select(["name", "email", "preferences"])
      .where("id", "in", ids.slice(i, i + BATCH))
      .where("is_active", "=", 1)
      .execute();
    const messages: OutboxMessage[] = [];
    for (const person of people) {
      if (!readPreferences(person.preferences).emailNotifications) continue;
      const locale = storedLocale(person.preferences) ?? fallback;
      const { title, message } = inLocale(locale, () =>
        "kind" in n ? notificationText(n.kind, n.params) : { ...n, message: withEventHead(n.message, n.data) },
      );
      const link = `${publicUrl(deps)}${n.link ?? "/student/notifications"}`;
      messages.push({ to: person.email, email: { template: "student_alert", name: person.name, title, message, link }, locale });
    }
    await deps.mail.enqueueMany(db, messages);
  }
}

/** A notification as both areas read it (spec part 2 §3): a kind's words in the reader's language. */
export function toNotificationItem(n: Notification) {
  const params = n.params ? jsonObject(n.params) : null;
  const data = jsonObject(n.data);
  const words =
    isNotificationKind(n.kind) && params
      ? notificationText(n.kind, params as NotificationParams)
      : { title: n.title, message: withEventHead(n.message, data) };
  return {
    _id: String(n.id),
    id: n.id,
    type: n.type,
    /** what it says, when a kind (the office's screen opens the place that deals with some kinds) */
    kind: isNotificationKind(n.kind) ? n.kind : null,
    title: words.title,
    message: words.message,
    priority: n.priority,
    read: n.read_at !== null,
    readAt: n.read_at,
    /** the portal page it is about (a path), or null */
    link: n.link,
    createdAt: n.created_at,
    timestamp: n.created_at,
    data,
  };
}

/** The four counters of the notifications screen, over all of the user's notifications. */
export async function notificationCounts(deps: Pick<AppDeps, "db" | "now">, userId: number) {
  const recentSince = new Date(deps.now().getTime() - RECENT_MS).toISOString();
  const row = await deps.db
    .selectFrom("notifications")
    .where("recipient_user_id", "=", userId)
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      countWhere(eb, eb("read_at", "is", null)).as("unread"),
      countWhere(eb, eb("priority", "=", "high")).as("highPriority"),
      countWhere(eb, eb("created_at", ">=", recentSince)).as("recent24h"),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    unread: Number(row.unread ?? 0),
    highPriority: Number(row.highPriority ?? 0),
    recent24h: Number(row.recent24h ?? 0),
  };
}

/** The user's notifications, newest first, searched and filtered by type on the server. */
export async function listNotifications(deps: Pick<AppDeps, "db" | "now">, userId: number, query: NotificationListQuery) {
  let base = deps.db.selectFrom("notifications").where("recipient_user_id", "=", userId);
  if (query.type !== "all") base = base.where("type", "=", query.type);
  if (query.search) base = base.where(anyColumnContains(["title", "message"], query.search));
  const [{ items, pagination }, counts] = await Promise.all([
    newestFirstPage({
      db: deps.db,
      table: "notifications",
      base,
      // The words are written in the reader's language, so each language keeps its own copy.
      cacheKey: `notifications:${userId}:${currentLocale()}:${query.type}:${query.search}`,
      page: query.page,
      limit: query.limit,
      toItems: (rows: Notification[]) => rows.map(toNotificationItem),
    }),
    notificationCounts(deps, userId),
  ]);
  return { notifications: items, pagination, counts };
}

/** The top bar's badge. */
export async function unreadCount(deps: Pick<AppDeps, "db">, userId: number) {
  const row = await deps.db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("recipient_user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) };
}

/**
 * The person's unread notifications of a kind about one thing (`data`, as stored), marked read because the thing
 * is settled (a book returned: its overdue reminders no longer ask anything of the student; walk 17).
 */
export async function settleNotifications(
  db: Kysely<Database>,
  at: Date,
  userId: number,
  kind: NotificationKind,
  data: Record<string, unknown>,
) {
  await db
    .updateTable("notifications")
    .set({ read_at: at.toISOString() })
    .where("recipient_user_id", "=", userId)
    .where("kind", "=", kind)
    .where("data", "=", JSON.stringify(data))
    .where("read_at", "is", null)
    .execute();
}

/**
 * The person's unread notifications of a kind (or kinds) whose `data` says they are answered now, marked read (a
 * reminder listing several books, once every one of them is back: library/loans.service.ts; a ticket's, once the
 * person has it open: tickets.service.ts).
 */
export async function settleNotificationsWhere(
  db: Kysely<Database>,
  at: Date,
  userId: number,
  kind: NotificationKind | readonly NotificationKind[],
  answered: (data: Record<string, unknown>) => boolean,
) {
  const waiting = await db
    .selectFrom("notifications")
    .select(["id", "data"])
    .where("recipient_user_id", "=", userId)
    .where("kind", "in", typeof kind === "string" ? [kind] : kind)
    .where("read_at", "is", null)
    .execute();
  const ids = waiting.filter((n) => answered(jsonObject(n.data))).map((n) => n.id);
  if (ids.length) await db.updateTable("notifications").set({ read_at: at.toISOString() }).where("id", "in", ids).execute();
}

/** Marks one of the user's notifications read (reading it again keeps the first time). */
export async function markNotificationRead(deps: Pick<AppDeps, "db" | "now">, userId: number, id: number) {
  const at = deps.now().toISOString();
  const row = await deps.db
    .updateTable("notifications")
    .set((eb) => ({ read_at: eb.fn.coalesce("read_at", eb.val(at)) }))
    .where("id", "=", id)
    .where("recipient_user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return { notification: toNotificationItem(row) };
}

export async function markAllNotificationsRead(deps: Pick<AppDeps, "db" | "now">, userId: number) {
  const result = await deps.db
    .updateTable("notifications")
    .set({ read_at: deps.now().toISOString() })
    .where("recipient_user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return { updated: Number(result.numUpdatedRows) };
}

export async function deleteNotification(deps: Pick<AppDeps, "db">, userId: number, id: number) {
  const result = await deps.db.deleteFrom("notifications").where("id", "=", id).where("recipient_user_id", "=", userId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return { message: NOTIFICATION_MESSAGES.deleted };
}
