/**
 * Notices and events (issue 18; docs/studies/notices.md). The office publishes a notice, or an event with a
 * day, time and venue, to every active student or to one programme's; publishing notifies the audience at
 * once (the bell, /student/notifications, and by e-mail when asked) in the same transaction. An
 * administrator may delete one: it disappears from the lists and dashboards and its notifications are
 * withdrawn from the students' lists (e-mails already sent cannot be recalled). The student dashboard
 * reads the upcoming events with `upcomingEventsFor`.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, NoticesTable } from "../../../../db/schema.ts";
import { notices as text } from "../../../shared/i18n/notices.ts";
import { NOTICE_BOARD_DAYS, type NoticeBoardQuery, type NoticeForm, type NoticeListQuery } from "../../../shared/schemas/notices.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { localDate, zonedLocal } from "../../platform/calendar.ts";
import { countWhere } from "../../platform/counts.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { NEWEST_PUBLISHED, orderedPage } from "../../platform/paging.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { anyColumnContains } from "../../platform/search.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { notifyStudents } from "../notifications/notifications.service.ts";
import { getSettings } from "../settings/settings.service.ts";

type DB = Kysely<Database>;
type NoticeRow = Selectable<NoticesTable>;

const notFound = () => new AppError("NOT_FOUND", text.t("rule.notFound"));

/** The students a notice reaches, as one set: active students, every one or one programme's. */
function audienceOf(db: DB, programmeId: number | null) {
  let q = db.selectFrom("users").select("id").where("role", "=", "student").where("is_active", "=", 1);
  if (programmeId !== null) q = q.where("programme_id", "=", programmeId);
  return q;
}

/**
 * The publish form's audiences: every active student, or one programme's (listed programmes, and archived
 * ones that still have active students), each with how many students it reaches.
 */
export async function noticeAudiences(deps: Pick<AppDeps, "db">) {
  return cachedRead(deps.db, "notices:audiences", async () => {
    const [programmes, counts] = await Promise.all([
      deps.db
        .selectFrom("programmes")
        .select(["id", "name", "archived"])
        .orderBy("archived")
        .orderBy("sort_order")
        .orderBy("name")
        .execute(),
      deps.db
        .selectFrom("users")
        .select((eb) => ["programme_id", eb.fn.countAll<number>().as("n")])
        .where("role", "=", "student")
        .where("is_active", "=", 1)
        .groupBy("programme_id")
        .execute(),
    ]);
    const students = new Map(counts.map((c) => [c.programme_id, Number(c.n)]));
    return {
      everyone: counts.reduce((sum, c) => sum + Number(c.n), 0),
      programmes: programmes
        .filter((p) => p.archived === 0 || (students.get(p.id) ?? 0) > 0)
        .map((p) => ({ id: p.id, name: p.name, students: students.get(p.id) ?? 0 })),
    };
  });
}

function toOffice(
  n: NoticeRow,
  names: { programmes: Map<number, string>; people: Map<number, string> },
  clock: { today: string; timeZone: string },
) {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    programmeId: n.programme_id,
    /** null: every student */
    programmeName: n.programme_id === null ? null : (names.programmes.get(n.programme_id) ?? null),
    eventDate: n.event_date,
    eventTime: n.event_time,
    venue: n.venue,
    priority: n.priority,
    publishedAt: n.published_at,
    /** when it was published on the institute's clock, for the screen to write whatever the device's zone */
    publishedLocal: zonedLocal(new Date(n.published_at), clock.timeZone),
    publishedBy: n.published_by === null ? null : (names.people.get(n.published_by) ?? null),
    recipients: n.recipients,
    emailed: n.emailed === 1,
    /** an event from today on (in the institute's time zone) */
    upcoming: n.kind === "event" && n.event_date !== null && n.event_date >= clock.today,
  };
}

/** The programmes' and publishers' names of a page of notices: two queries, whatever the page's size. */
async function namesOf(db: DB, rows: NoticeRow[]) {
  const programmeIds = [...new Set(rows.map((r) => r.programme_id).filter((id): id is number => id !== null))];
  const peopleIds = [...new Set(rows.map((r) => r.published_by).filter((id): id is number => id !== null))];
  const [programmes, people] = await Promise.all([
    programmeIds.length ? db.selectFrom("programmes").select(["id", "name"]).where("id", "in", programmeIds).execute() : [],
    peopleIds.length ? db.selectFrom("users").select(["id", "name"]).where("id", "in", peopleIds).execute() : [],
  ]);
  return { programmes: new Map(programmes.map((p) => [p.id, p.name])), people: new Map(people.map((p) => [p.id, p.name])) };
}

async function institute(deps: Pick<AppDeps, "db">) {
  const settings = await getSettings(deps);
  return { timeZone: settings.general.timeZone };
}

/**
 * Publishes a notice or an event and notifies its audience at once, in one transaction: the audience is one
 * set-based query and the notifications are written in batches (notifyStudents), so 10,000 students take
 * a fraction of a second (docs/studies/notices.md has the figure). With `email`, each student who keeps
 * e-mail notifications on also gets it by e-mail, in their own language's frame.
 */
export async function publishNotice(deps: AppDeps, actorId: number, input: NoticeForm, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const { timeZone } = await institute(deps);
  const today = localDate(now, timeZone);
  const isEvent = input.kind === "event";
  if (isEvent && input.eventDate !== null && input.eventDate < today)
    throw fieldError("BAD_REQUEST", "eventDate", text.t("rule.eventPast"));

  const { row, programmeName } = await deps.db.transaction().execute(async (trx) => {
    let programmeName: string | null = null;
    if (input.programmeId !== null) {
      const programme = await trx.selectFrom("programmes").select("name").where("id", "=", input.programmeId).executeTakeFirst();
      if (!programme) throw fieldError("BAD_REQUEST", "programmeId", text.t("rule.programme"));
      programmeName = programme.name;
    }
    const notice = await trx
      .insertInto("notices")
      .values({
        kind: input.kind,
        title: input.title,
        body: input.body,
        programme_id: input.programmeId,
        event_date: isEvent ? input.eventDate : null,
        event_time: isEvent ? input.eventTime : null,
        venue: isEvent ? (input.venue ?? null) : null,
        priority: input.priority,
        published_by: actorId,
        published_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const students = (await audienceOf(trx, input.programmeId).execute()).map((s) => s.id);
    // Notification ids are AUTOINCREMENT: everything written after `before` in this transaction is this notice's.
    const before = await trx
      .selectFrom("notifications")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    await notifyStudents(deps, trx, now, students, {
      type: "system",
      title: input.title,
      message: input.body,
      priority: input.priority,
      // No page of its own: the notice is the notification (its e-mail leads to the notifications page).
      email: input.email,
      // An event's day, time and venue head its message, written in each reader's language (notifications.service: withEventHead).
      data: {
        noticeId: notice.id,
        kind: input.kind,
        ...(isEvent ? { eventDate: input.eventDate, eventTime: input.eventTime, venue: input.venue ?? null, headAtRead: true } : {}),
      },
    });
    const written = await trx
      .selectFrom("notifications")
      .select((eb) => [eb.fn.min("id").as("first"), eb.fn.max("id").as("last")])
      .where("id", ">", Number(before?.id ?? 0))
      .executeTakeFirstOrThrow();
    const row = await trx
      .updateTable("notices")
      .set({
        recipients: students.length,
        emailed: input.email ? 1 : 0,
        first_notification_id: written.first === null ? null : Number(written.first),
        last_notification_id: written.last === null ? null : Number(written.last),
      })
      .where("id", "=", notice.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "notice.publish",
      entityType: "notice",
      entityId: notice.id,
      details: { title: input.title, kind: input.kind, programme: programmeName, recipients: students.length, email: input.email },
      ip: meta.ip,
    });
    return { row, programmeName };
  });
  if (input.email) deps.mail.kick();

  const publisher = await deps.db.selectFrom("users").select("name").where("id", "=", actorId).executeTakeFirst();
  const names = {
    programmes: new Map(programmeName === null || row.programme_id === null ? [] : [[row.programme_id, programmeName] as const]),
    people: new Map(publisher ? [[actorId, publisher.name] as const] : []),
  };
  return {
    message: text.t(isEvent ? "said.eventPublished" : "said.noticePublished", { count: row.recipients }),
    notice: toOffice(row, names, { today, timeZone }),
  };
}

/** The office's list: newest first (upcoming events: soonest first), searched and filtered by the server. */
export async function listNotices(deps: Pick<AppDeps, "db" | "now">, query: NoticeListQuery) {
  const { timeZone } = await institute(deps);
  const today = localDate(deps.now(), timeZone);
  let base = deps.db.selectFrom("notices");
  if (query.filter === "notices") base = base.where("kind", "=", "notice");
  else if (query.filter === "events") base = base.where("kind", "=", "event");
  else if (query.filter === "upcoming") base = base.where("kind", "=", "event").where("event_date", ">=", today);
  if (query.search) base = base.where(anyColumnContains(["notices.title", "notices.body", "notices.venue"], query.search));
  const order =
    query.filter === "upcoming"
      ? ([
          ["event_date", "asc"],
          ["event_time", "asc"],
          ["id", "asc"],
        ] as const)
      : NEWEST_PUBLISHED;
  const [{ rows, pagination }, counts] = await Promise.all([
    orderedPage<NoticeRow>(base, order, query.page, query.limit),
    deps.db
      .selectFrom("notices")
      .select((eb) => [
        countWhere(eb, eb("kind", "=", "notice")).as("notices"),
        countWhere(eb, eb("kind", "=", "event")).as("events"),
        countWhere(eb, eb.and([eb("kind", "=", "event"), eb("event_date", ">=", today)])).as("upcoming"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const names = await namesOf(deps.db, rows);
  return {
    notices: rows.map((r) => toOffice(r, names, { today, timeZone })),
    pagination,
    counts: { notices: Number(counts.notices ?? 0), events: Number(counts.events ?? 0), upcoming: Number(counts.upcoming ?? 0) },
  };
}

/**
 * Deletes a notice (administrators): it leaves the office's list and the dashboards, and its notifications
 * are withdrawn from every student's list, read or not (the range of ids its publish wrote, checked against
 * its type and time). E-mails already sent cannot be recalled: the office publishes a correction instead.
 */
export async function deleteNotice(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  const now = deps.now();
  const { title, withdrawn } = await deps.db.transaction().execute(async (trx) => {
    const notice = await trx.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirst();
    if (!notice) throw notFound();
    let withdrawn = 0;
    if (notice.first_notification_id !== null && notice.last_notification_id !== null) {
      const result = await trx
        .deleteFrom("notifications")
        .where("id", ">=", notice.first_notification_id)
        .where("id", "<=", notice.last_notification_id)
        .where("type", "=", "system")
        .where("created_at", "=", notice.published_at)
        .executeTakeFirst();
      withdrawn = Number(result.numDeletedRows);
    }
    await trx.deleteFrom("notices").where("id", "=", id).execute();
    const programme =
      notice.programme_id === null
        ? null
        : ((await trx.selectFrom("programmes").select("name").where("id", "=", notice.programme_id).executeTakeFirst())?.name ?? null);
    await audit(trx, now, {
      actorUserId: actorId,
      action: "notice.delete",
      entityType: "notice",
      entityId: id,
      details: { title: notice.title, kind: notice.kind, programme, withdrawn },
      ip: meta.ip,
    });
    return { title: notice.title, withdrawn };
  });
  return { message: text.t("said.deleted", { title }), withdrawn };
}

/**
 * The student's notice board (stop 53; docs/studies/notices.md "The notice board"): the notices and events for
 * every student or the student's programme, read from the notices themselves — so a student who joined after
 * one was published finds it too, and a deleted one is gone — newest first, a page at a time. A notice stays
 * NOTICE_BOARD_DAYS after it was published; an event also until its day has passed.
 */
export async function myNoticeBoard(deps: Pick<AppDeps, "db" | "now">, userId: number, query: NoticeBoardQuery) {
  const { timeZone } = await institute(deps);
  const now = deps.now();
  const today = localDate(now, timeZone);
  const since = new Date(now.getTime() - NOTICE_BOARD_DAYS * 86_400_000).toISOString();
  const me = await deps.db.selectFrom("users").select("programme_id").where("id", "=", userId).executeTakeFirst();
  const programmeId = me?.programme_id ?? null;
  const base = deps.db
    .selectFrom("notices")
    .where((eb) =>
      programmeId === null ? eb("programme_id", "is", null) : eb.or([eb("programme_id", "is", null), eb("programme_id", "=", programmeId)]),
    )
    .where((eb) => eb.or([eb("published_at", ">=", since), eb.and([eb("kind", "=", "event"), eb("event_date", ">=", today)])]));
  const { rows, pagination } = await orderedPage<NoticeRow>(base, NEWEST_PUBLISHED, query.page, query.limit);
  return {
    notices: rows.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      forProgramme: n.programme_id !== null,
      eventDate: n.event_date,
      eventTime: n.event_time,
      venue: n.venue,
      priority: n.priority,
      publishedAt: n.published_at,
      /** an event from today on (in the institute's time zone) */
      upcoming: n.kind === "event" && n.event_date !== null && n.event_date >= today,
    })),
    pagination,
  };
}

/**
 * The student dashboard's upcoming events (issue 18): events for every student or the student's programme,
 * from `today` (YYYY-MM-DD, the institute's day) on, soonest first — one query, answered in order by the
 * notices_upcoming index (kind, event_date, event_time, programme_id) without a sort.
 */
export async function upcomingEventsFor(
  db: DB,
  user: { id: number; programmeId: number | null },
  today: string,
  limit: number,
): Promise<{ id: number; title: string; date: string; time: string | null; venue: string | null; priority: NoticeRow["priority"] }[]> {
  const rows = await db
    .selectFrom("notices")
    .select(["id", "title", "event_date", "event_time", "venue", "priority"])
    .where("kind", "=", "event")
    .where("event_date", ">=", today)
    .where((eb) =>
      user.programmeId === null
        ? eb("programme_id", "is", null)
        : eb.or([eb("programme_id", "is", null), eb("programme_id", "=", user.programmeId)]),
    )
    .orderBy("event_date")
    // All-day events (no time) first, as SQLite sorts nulls; PostgreSQL must be told (issue 21).
    .orderBy("event_time", (ob) => ob.asc().nullsFirst())
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    date: r.event_date ?? today,
    time: r.event_time,
    venue: r.venue,
    priority: r.priority,
  }));
}
