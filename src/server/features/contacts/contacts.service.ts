/**
 * Contact inquiries (DECISIONS 1): stored for real, raising an admin notification; listed, opened,
 * answered by e-mail (DECISIONS 4), moved through their statuses and deleted by admins.
 */
import type { Kysely, Updateable } from "kysely";
import type { ContactInquiriesTable, ContactInquiry, Database } from "../../../../db/schema.ts";
import { admin } from "../../../shared/i18n/admin.ts";
import { contact } from "../../../shared/i18n/contact.ts";
import { parseLocale } from "../../../shared/i18n/locales.ts";
import { currentLocale, labelsOf } from "../../../shared/i18n/translate.ts";
import {
  CONTACT_MESSAGES,
  type ContactAssignInput,
  type ContactInput,
  type ContactListQuery,
  type ContactReplyInput,
  type ContactStatusInput,
} from "../../../shared/schemas/contact.ts";
import type { AppDeps } from "../../deps.ts";
import { type AuditEntry, audit } from "../../platform/audit.ts";
import { countByStatus } from "../../platform/counts.ts";
import { notFound } from "../../platform/errors.ts";
import { newestFirstPage } from "../../platform/paging.ts";
import { acceptedSubmissions, ipKey } from "../../platform/rate-limit.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { textContains } from "../../platform/search.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { notifyAdmins } from "../notifications/notifications.service.ts";
import { getSettings } from "../settings/settings.service.ts";
import { assertAssignable } from "../staff/staff.service.ts";

/** What the list's search looks in (the same columns as its text index, migrations/…-text-search). */
export const CONTACT_SEARCH_COLUMNS = ["name", "email", "subject", "message", "phone"];

/** The contact form's answer (REST and tRPC callers show it; the site's own page has its own words), in the request's language. */
const contactThanks = () => contact.t("thanks");

export function toContactItem(c: ContactInquiry) {
  return {
    _id: String(c.id),
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    subject: c.subject,
    message: c.message,
    status: c.status,
    assignedTo: c.assigned_to,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

export async function submitContact(deps: AppDeps, input: ContactInput, meta: SessionMeta = {}) {
  const { general } = await getSettings(deps);
  // Only accepted messages count, so people behind one shared address do not use up each other's turns.
  const limit = acceptedSubmissions(
    deps.limits,
    [
      ["contactPerIp", ipKey(meta)],
      ["contactPerEmail", input.email.toLowerCase()],
    ],
    general.timeZone,
  );
  await limit.assertOpen();
  // A filled honeypot is a bot: answer as usual so it learns nothing, store nothing (it counts, so a bot is bounded).
  if (input.website.trim() !== "") {
    deps.logger.info("contact form honeypot filled; message dropped", { ip: meta.ip ?? null });
    await limit.countAccepted();
    return { message: contactThanks() };
  }
  const at = deps.now();
  const inquiry = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("contact_inquiries")
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
        status: "new",
        language: currentLocale(),
        ip: meta.ip ?? null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await notifyAdmins(trx, at, {
      type: "contact",
      priority: "medium",
      kind: "contact.new",
      params: { name: row.name, subject: row.subject, excerpt: row.message.slice(0, 120) },
      data: { contactId: row.id, name: row.name, email: row.email, subject: row.subject },
    });
    return row;
  });
  await limit.countAccepted();
  return { message: contactThanks(), id: inquiry.id };
}

/** Admin list: newest first, server-side search, status filter and pagination (DECISIONS 13). */
export async function listContacts(deps: Pick<AppDeps, "db">, query: ContactListQuery) {
  let base = deps.db.selectFrom("contact_inquiries");
  if (query.status !== "all") base = base.where("status", "=", query.status);
  if (query.search) base = base.where(textContains(deps.db, "contact_inquiries", CONTACT_SEARCH_COLUMNS, query.search));
  // The whole answer is remembered too, so a repeated request is serialized once (platform/http.ts: ok).
  return cachedRead(deps.db, `contacts:list:${query.status}:${query.limit}:${query.page}:${query.search}`, async () => {
    const [{ items, pagination }, stats] = await Promise.all([
      newestFirstPage({
        db: deps.db,
        table: "contact_inquiries",
        base,
        cacheKey: `contacts:${query.status}:${query.search}`,
        page: query.page,
        limit: query.limit,
        toItems: (rows: ContactInquiry[]) => rows.map(toContactItem),
      }),
      contactStats(deps),
    ]);
    return { contacts: items, pagination, stats };
  });
}

/** The admin answers (spec part 2 §8), read in the request's language at each use. */
export const CONTACT_TEXT = labelsOf(["statusUpdated", "replySent", "deleted"], (key) => admin.t(`con.${key}`));

/** The four counters of Contact Management, over every inquiry whatever the list's filters. */
export async function contactStats(deps: Pick<AppDeps, "db">) {
  return cachedRead(deps.db, "contacts:stats", () => countContactsByStatus(deps));
}

async function countContactsByStatus(deps: Pick<AppDeps, "db">) {
  const by = await countByStatus(deps.db.selectFrom("contact_inquiries"));
  const counts = { new: by.new ?? 0, inProgress: by["in-progress"] ?? 0, resolved: by.resolved ?? 0, closed: by.closed ?? 0 };
  return { total: counts.new + counts.inProgress + counts.resolved + counts.closed, ...counts };
}

async function findInquiry(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom("contact_inquiries").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(CONTACT_MESSAGES.notFound());
  return row;
}

/** One inquiry with its replies, oldest reply first. */
export async function getContact(deps: Pick<AppDeps, "db">, id: number) {
  const inquiry = await findInquiry(deps.db, id);
  const replies = await deps.db
    .selectFrom("contact_replies")
    .selectAll()
    .where("inquiry_id", "=", id)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const assignee =
    inquiry.assigned_to === null
      ? undefined
      : await deps.db.selectFrom("users").select("name").where("id", "=", inquiry.assigned_to).executeTakeFirst();
  return {
    ...toContactItem(inquiry),
    assignedToName: assignee?.name ?? null,
    replies: replies.map((r) => ({
      _id: String(r.id),
      id: r.id,
      message: r.message,
      respondedBy: r.responded_by,
      createdAt: r.created_at,
    })),
  };
}

/** Saves the office's change to an inquiry (its updated_at follows) and logs it, in one transaction. */
async function changeInquiry(
  deps: AppDeps,
  id: number,
  values: Pick<Updateable<ContactInquiriesTable>, "status" | "assigned_to">,
  log: Pick<AuditEntry, "actorUserId" | "action" | "details" | "ip">,
) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("contact_inquiries")
      .set({ ...values, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await audit(trx, now, { ...log, entityType: "contact", entityId: id });
  });
}

export async function updateContactStatus(deps: AppDeps, adminId: number, input: ContactStatusInput, meta: SessionMeta = {}) {
  const current = await findInquiry(deps.db, input.id);
  await changeInquiry(
    deps,
    input.id,
    { status: input.status },
    { actorUserId: adminId, action: "contact.status", details: { from: current.status, to: input.status }, ip: meta.ip },
  );
  return { message: CONTACT_TEXT.statusUpdated, contact: await getContact(deps, input.id) };
}

/** Hands the inquiry to an active administrator or staff member, or to nobody (issue 17). */
export async function assignContact(deps: AppDeps, actorId: number, input: ContactAssignInput, meta: SessionMeta = {}) {
  await findInquiry(deps.db, input.id);
  const assigneeName = input.assignedTo === null ? null : await assertAssignable(deps.db, input.assignedTo);
  await changeInquiry(
    deps,
    input.id,
    { assigned_to: input.assignedTo },
    { actorUserId: actorId, action: "contact.assign", details: { assignedTo: input.assignedTo, assigneeName }, ip: meta.ip },
  );
  return { contact: await getContact(deps, input.id) };
}

/**
 * Stores the reply and e-mails it to the sender in one transaction (the outbox delivers it), and marks a
 * new or in-progress inquiry resolved. A resolved or closed one keeps its status.
 */
export async function respondToContact(
  deps: AppDeps,
  adminId: number,
  adminName: string,
  input: ContactReplyInput,
  meta: SessionMeta = {},
) {
  const inquiry = await findInquiry(deps.db, input.id);
  const now = deps.now();
  const at = now.toISOString();
  const status = inquiry.status === "new" || inquiry.status === "in-progress" ? "resolved" : inquiry.status;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_replies")
      .values({
        inquiry_id: inquiry.id,
        message: input.message,
        responded_by: input.respondedBy ?? adminName,
        admin_user_id: adminId,
        created_at: at,
      })
      .execute();
    await trx.updateTable("contact_inquiries").set({ status, updated_at: at }).where("id", "=", inquiry.id).execute();
    await deps.mail.enqueue(
      trx,
      inquiry.email,
      {
        template: "contact_reply",
        name: inquiry.name,
        subject: inquiry.subject,
        reply: input.message,
        originalMessage: inquiry.message,
      },
      parseLocale(inquiry.language),
    );
    await audit(trx, now, {
      actorUserId: adminId,
      action: "contact.reply",
      entityType: "contact",
      entityId: inquiry.id,
      details: { to: inquiry.email, status },
      ip: meta.ip,
    });
  });
  deps.mail.kick();
  return { message: CONTACT_TEXT.replySent, contact: await getContact(deps, inquiry.id) };
}

/** Deletes the inquiry and its replies. */
export async function deleteContact(deps: AppDeps, adminId: number, id: number, meta: SessionMeta = {}) {
  const inquiry = await findInquiry(deps.db, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("contact_inquiries").where("id", "=", id).execute();
    await audit(trx, deps.now(), {
      actorUserId: adminId,
      action: "contact.delete",
      entityType: "contact",
      entityId: id,
      details: { name: inquiry.name, email: inquiry.email, subject: inquiry.subject },
      ip: meta.ip,
    });
  });
  return { message: CONTACT_TEXT.deleted };
}
