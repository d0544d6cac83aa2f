/**
 * Help and support tickets: students (and admins) raise them; admins list, answer, assign and change
 * their status; the person who raised one follows its conversation. Numbers look like TKT-2026-00042.
 */

import type { SupportTicket } from "../../../../db/schema.ts";
import { help } from "../../../shared/i18n/help.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { isOffice } from "../../../shared/roles.ts";
import type { CreateTicketInput, TicketListQuery } from "../../../shared/schemas/tickets.ts";
import { type AppDeps, publicUrl } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { countByStatus } from "../../platform/counts.ts";
import { AppError, forbidden, notFound } from "../../platform/errors.ts";
import { newestFirstPage } from "../../platform/paging.ts";
import { anyColumnContains } from "../../platform/search.ts";
import { nextSequenceValue } from "../../platform/sequences.ts";
import type { Authenticated, SessionMeta } from "../auth/auth.service.ts";
import { notifyAdmins, notifyUser, settleNotificationsWhere } from "../notifications/notifications.service.ts";
import { recipientLocale } from "../settings/settings.service.ts";
import { assertAssignable } from "../staff/staff.service.ts";
import { readPreferences } from "../student/preferences.service.ts";

type Actor = Authenticated["user"];

/** Who wrote a ticket's last message after it was raised: its author, the office, or nobody yet. */
export type LastReplyBy = "author" | "office" | null;
const lastReplyOf = (t: SupportTicket, lastAuthorId: number | null | undefined): LastReplyBy =>
  lastAuthorId === undefined ? null : lastAuthorId === t.created_by ? "author" : "office";

export function toTicketItem(t: SupportTicket, assignee?: { name: string } | null, lastReplyBy: LastReplyBy = null) {
  return {
    _id: String(t.id),
    id: t.id,
    ticketNumber: t.ticket_number,
    studentName: t.student_name,
    studentEmail: t.student_email,
    subject: t.subject,
    description: t.description,
    category: t.category,
    priority: t.priority,
    status: t.status,
    assignedTo: t.assigned_to,
    assignedToName: assignee?.name ?? null,
    /** who wrote last since it was raised: "author" after the office answered is the student waiting again (walk 17) */
    lastReplyBy,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
  };
}

export async function createTicket(deps: AppDeps, actor: Actor, input: CreateTicketInput) {
  const now = deps.now();
  const at = now.toISOString();
  const ticket = await deps.db.transaction().execute(async (trx) => {
    const year = now.getUTCFullYear();
    const n = await nextSequenceValue(trx, `ticket:${year}`);
    const row = await trx
      .insertInto("support_tickets")
      .values({
        ticket_number: `TKT-${year}-${String(n).padStart(5, "0")}`,
        created_by: actor.id,
        student_name: actor.name,
        student_email: actor.email,
        subject: input.subject,
        description: input.description,
        category: input.category,
        priority: input.priority,
        status: "open",
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await notifyAdmins(trx, now, {
      type: "support",
      priority: input.priority === "urgent" || input.priority === "high" ? "high" : "medium",
      kind: "ticket.new",
      params: { number: row.ticket_number, name: row.student_name, subject: row.subject },
      data: { ticketId: row.id, ticketNumber: row.ticket_number, category: row.category, priority: row.priority },
    });
    return row;
  });
  return { ticket: toTicketItem(ticket) };
}

async function summary(deps: Pick<AppDeps, "db">, createdBy?: number) {
  let tickets = deps.db.selectFrom("support_tickets");
  if (createdBy !== undefined) tickets = tickets.where("created_by", "=", createdBy);
  const by = await countByStatus(tickets);
  return {
    total: Object.values(by).reduce((s, n) => s + n, 0),
    open: by.open ?? 0,
    inProgress: by.in_progress ?? 0,
    resolved: by.resolved ?? 0,
    closed: by.closed ?? 0,
  };
}

export const ticketSummary = (deps: Pick<AppDeps, "db">) => summary(deps);

/** Admins see every ticket; `createdBy` narrows to one person's own (my-tickets). */
export async function listTickets(deps: Pick<AppDeps, "db">, query: TicketListQuery, createdBy?: number) {
  let base = deps.db.selectFrom("support_tickets");
  if (createdBy !== undefined) base = base.where("created_by", "=", createdBy);
  if (query.status !== "all") base = base.where("status", "=", query.status);
  if (query.priority !== "all") base = base.where("priority", "=", query.priority);
  if (query.category !== "all") base = base.where("category", "=", query.category);
  if (query.search)
    base = base.where(anyColumnContains(["ticket_number", "subject", "description", "student_name", "student_email"], query.search));
  const [{ items, pagination }, stats] = await Promise.all([
    newestFirstPage({
      db: deps.db,
      table: "support_tickets",
      base,
      cacheKey: `tickets:${createdBy ?? "all"}:${query.status}:${query.priority}:${query.category}:${query.search}`,
      page: query.page,
      limit: query.limit,
      toItems: async (rows: SupportTicket[]) => {
        const assigneeIds = [...new Set(rows.map((t) => t.assigned_to).filter((id): id is number => id !== null))];
        const ids = rows.map((t) => t.id);
        const [assignees, lastReplies] = await Promise.all([
          assigneeIds.length ? deps.db.selectFrom("users").select(["id", "name"]).where("id", "in", assigneeIds).execute() : [],
          // Each ticket's last message, in one query for the page.
          ids.length
            ? deps.db
                .selectFrom("ticket_responses as r")
                .select(["r.ticket_id", "r.author_user_id"])
                .where("r.ticket_id", "in", ids)
                .where((eb) =>
                  eb(
                    "r.id",
                    "=",
                    eb
                      .selectFrom("ticket_responses as l")
                      .select((l) => l.fn.max("l.id").as("id"))
                      .whereRef("l.ticket_id", "=", "r.ticket_id"),
                  ),
                )
                .execute()
            : [],
        ]);
        const nameOf = new Map(assignees.map((u) => [u.id, u.name]));
        const lastAuthorOf = new Map(lastReplies.map((r) => [r.ticket_id, r.author_user_id]));
        return rows.map((t) => {
          const name = t.assigned_to !== null ? nameOf.get(t.assigned_to) : undefined;
          return toTicketItem(t, name ? { name } : null, lastReplyOf(t, lastAuthorOf.get(t.id)));
        });
      },
    }),
    summary(deps, createdBy),
  ]);
  return { tickets: items, stats, pagination };
}

/**
 * Whether the ticket's author takes answers by e-mail, in which language (as every e-mail to a person:
 * recipientLocale), and whether they are a student (whose portal has the ticket's page).
 */
async function emailChoice(deps: AppDeps, userId: number): Promise<{ wanted: boolean; locale: Locale; student: boolean }> {
  const row = await deps.db.selectFrom("users").select(["role", "preferences"]).where("id", "=", userId).executeTakeFirst();
  return {
    wanted: row?.role !== "student" || readPreferences(row.preferences).emailNotifications,
    locale: await recipientLocale(deps, row?.preferences),
    student: row?.role === "student",
  };
}

/** The ticket's page in the student portal, for a notification to the student who raised it (the office's has none). */
const studentTicketLink = (student: boolean, id: number) => (student ? `/student/help/${id}` : undefined);

async function loadVisible(deps: AppDeps, actor: Actor, id: number) {
  const ticket = await deps.db.selectFrom("support_tickets").selectAll().where("id", "=", id).executeTakeFirst();
  // Someone else's ticket is answered exactly like a missing one.
  if (!ticket || (!isOffice(actor.role) && ticket.created_by !== actor.id)) throw notFound(help.t("rule.notFound"));
  return ticket;
}

/** What the portal tells a person about a ticket: read once they have the ticket itself open. */
const TICKET_NOTICES = ["ticket.new", "ticket.message", "ticket.reply", "ticket.status"] as const;

export async function getTicket(deps: AppDeps, actor: Actor, id: number) {
  const ticket = await loadVisible(deps, actor, id);
  // Reading the ticket reads what the bell said of it (walk 33a: a reply opened from its e-mail stayed unread there).
  await settleNotificationsWhere(deps.db, deps.now(), actor.id, TICKET_NOTICES, (data) => data.ticketId === id);
  const [responses, assignee] = await Promise.all([
    deps.db.selectFrom("ticket_responses").selectAll().where("ticket_id", "=", id).orderBy("created_at").orderBy("id").execute(),
    ticket.assigned_to ? deps.db.selectFrom("users").select("name").where("id", "=", ticket.assigned_to).executeTakeFirst() : undefined,
  ]);
  return {
    ticket: {
      ...toTicketItem(ticket, assignee, lastReplyOf(ticket, responses.at(-1)?.author_user_id)),
      responses: responses.map((r) => ({
        id: r.id,
        message: r.message,
        authorName: r.author_name,
        fromStaff: r.author_user_id !== ticket.created_by,
        createdAt: r.created_at,
      })),
    },
  };
}

/** An office member's answer is in the activity log (with the ticket's number and the status it moved to); the student's own messages are not office work. */
export async function addResponse(deps: AppDeps, actor: Actor, id: number, message: string, meta: SessionMeta = {}) {
  const ticket = await loadVisible(deps, actor, id);
  // The office may reopen a ticket; a student opens a new one (twelfth walk: the office was told to open one).
  if (ticket.status === "closed") throw new AppError("CONFLICT", help.t(isOffice(actor.role) ? "det.closed" : "rule.closed"));
  const now = deps.now();
  const at = now.toISOString();
  // Asked only when an admin answers someone else's ticket (the only answer that is notified and e-mailed).
  const author =
    isOffice(actor.role) && ticket.created_by !== null && ticket.created_by !== actor.id
      ? await emailChoice(deps, ticket.created_by)
      : null;
  const emailAnswer = author?.wanted === true && ticket.student_email !== null;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("ticket_responses")
      .values({ ticket_id: id, author_user_id: actor.id, author_name: actor.name, message, created_at: at })
      .execute();
    // An admin's answer moves an open ticket to in progress.
    const status = isOffice(actor.role) && ticket.status === "open" ? "in_progress" : ticket.status;
    await trx.updateTable("support_tickets").set({ status, updated_at: at }).where("id", "=", id).execute();
    if (isOffice(actor.role)) {
      await audit(trx, now, {
        actorUserId: actor.id,
        action: "ticket.reply",
        entityType: "ticket",
        entityId: id,
        details: {
          number: ticket.ticket_number,
          ...(status !== ticket.status ? { from: ticket.status, to: status } : {}),
          emailed: emailAnswer,
        },
        ip: meta.ip,
      });
    }
    if (author && ticket.created_by) {
      await notifyUser(trx, now, ticket.created_by, {
        type: "support",
        kind: "ticket.reply",
        params: { number: ticket.ticket_number, excerpt: message.slice(0, 200) },
        data: { ticketId: id, ticketNumber: ticket.ticket_number },
        link: studentTicketLink(author.student, id),
      });
    }
    // The answer also goes by e-mail to whoever raised the ticket (issue 14.5), so it reaches them off the
    // portal, unless they switched e-mail notifications off (student Settings → Notifications).
    if (emailAnswer && ticket.student_email) {
      await deps.mail.enqueue(
        trx,
        ticket.student_email,
        {
          template: "ticket_reply",
          name: ticket.student_name,
          ticketNumber: ticket.ticket_number,
          subject: ticket.subject,
          reply: message,
          // Straight to the ticket (sign-in comes back to it); an office member's own ticket is on the admin side.
          link: `${publicUrl(deps)}${studentTicketLink(author?.student ?? false, id) ?? "/admin/help"}`,
        },
        author.locale,
      );
    } else if (!isOffice(actor.role)) {
      await notifyAdmins(trx, now, {
        type: "support",
        kind: "ticket.message",
        params: { number: ticket.ticket_number, name: actor.name, excerpt: message.slice(0, 160) },
        data: { ticketId: id, ticketNumber: ticket.ticket_number },
      });
    }
  });
  deps.mail.kick();
  return getTicket(deps, actor, id);
}

export async function changeTicketStatus(deps: AppDeps, actor: Actor, id: number, status: SupportTicket["status"], meta: SessionMeta = {}) {
  if (!isOffice(actor.role)) throw forbidden();
  const ticket = await loadVisible(deps, actor, id);
  await deps.db.updateTable("support_tickets").set({ status, updated_at: deps.now().toISOString() }).where("id", "=", id).execute();
  await audit(deps.db, deps.now(), {
    actorUserId: actor.id,
    action: "ticket.status",
    entityType: "ticket",
    entityId: id,
    details: { number: ticket.ticket_number, from: ticket.status, to: status },
    ip: meta.ip,
  });
  if (ticket.created_by && ticket.created_by !== actor.id) {
    const creator = await emailChoice(deps, ticket.created_by);
    await notifyUser(deps.db, deps.now(), ticket.created_by, {
      type: "support",
      kind: "ticket.status",
      params: { number: ticket.ticket_number, status, subject: ticket.subject },
      data: { ticketId: id, ticketNumber: ticket.ticket_number, status },
      link: studentTicketLink(creator.student, id),
    });
  }
  return getTicket(deps, actor, id);
}

export async function assignTicket(deps: AppDeps, actor: Actor, id: number, assignedTo: number | null, meta: SessionMeta = {}) {
  if (!isOffice(actor.role)) throw forbidden();
  const ticket = await loadVisible(deps, actor, id);
  const assigneeName = assignedTo === null ? null : await assertAssignable(deps.db, assignedTo);
  await deps.db
    .updateTable("support_tickets")
    .set({ assigned_to: assignedTo, updated_at: deps.now().toISOString() })
    .where("id", "=", id)
    .execute();
  await audit(deps.db, deps.now(), {
    actorUserId: actor.id,
    action: "ticket.assign",
    entityType: "ticket",
    entityId: id,
    details: { number: ticket.ticket_number, assignedTo, assigneeName },
    ip: meta.ip,
  });
  return getTicket(deps, actor, id);
}
