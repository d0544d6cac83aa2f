/** Contact inquiries (DECISIONS 1): stored for real, raising an admin notification; listed for admins. */
import type { ContactInput, ContactListQuery } from "../../../shared/schemas/contact.ts";
import type { ContactInquiry } from "../../../../db/schema.ts";
import type { AppDeps } from "../../deps.ts";
import { anyColumnContains } from "../../platform/search.ts";
import { notifyAdmins } from "../notifications/notifications.service.ts";
import type { SessionMeta } from "../auth/auth.service.ts";

export const CONTACT_THANKS = "Thank you for contacting us! We will get back to you within 24 hours.";

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
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

export async function submitContact(deps: AppDeps, input: ContactInput, meta: SessionMeta = {}) {
  deps.limits.consume("contactPerIp", meta.ip ?? "unknown");
  // A filled honeypot is a bot: answer as usual so it learns nothing, store nothing.
  if (input.website.trim() !== "") {
    deps.logger.info("contact form honeypot filled; message dropped", { ip: meta.ip ?? null });
    return { message: CONTACT_THANKS };
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
        ip: meta.ip ?? null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await notifyAdmins(trx, at, {
      type: "contact",
      priority: "medium",
      title: "New contact inquiry",
      message: `${row.name} wrote about ${row.subject}: ${row.message.slice(0, 120)}`,
      data: { contactId: row.id, name: row.name, email: row.email, subject: row.subject },
    });
    return row;
  });
  return { message: CONTACT_THANKS, id: inquiry.id };
}

/** Admin list: newest first, server-side search, status filter and pagination (DECISIONS 13). */
export async function listContacts(deps: Pick<AppDeps, "db">, query: ContactListQuery) {
  let base = deps.db.selectFrom("contact_inquiries");
  if (query.status !== "all") base = base.where("status", "=", query.status);
  if (query.search) base = base.where(anyColumnContains(["name", "email", "subject", "message", "phone"], query.search));
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  const totalItems = Number(total);
  return {
    contacts: rows.map(toContactItem),
    pagination: {
      totalItems,
      totalPages: Math.ceil(totalItems / query.limit),
      currentPage: query.page,
      limit: query.limit,
    },
  };
}
