/**
 * The site's news (announcements, with a publish date: a later date publishes on that day) and its FAQs
 * (public /faq, in the office's order; a hidden one stays off the site), kept by administrators (issue 17).
 * Every change is in the activity log; public reads are remembered until the next write.
 */
import type { Kysely } from "kysely";
import type { Announcement, Database, Faq } from "../../../../db/schema.ts";
import type { AuditAction } from "../../../shared/audit-actions.ts";
import { config } from "../../../shared/i18n/config.ts";
import { NEWS_ON_HOME } from "../../../shared/news.ts";
import type { ContentListQuery, FaqInput, NewsInput } from "../../../shared/schemas/content.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { zonedInstant, zonedLocal } from "../../platform/calendar.ts";
import { AppError } from "../../platform/errors.ts";
import { NEWEST_PUBLISHED, orderedPage } from "../../platform/paging.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { getSettings } from "../settings/settings.service.ts";
import { listNews } from "../site/site.service.ts";

const notFound = () => new AppError("NOT_FOUND", config.t("rule.notFound"));

type Item = { table: "announcements"; entityType: "announcement" } | { table: "faqs"; entityType: "faq" };
const NEWS: Item = { table: "announcements", entityType: "announcement" };
const FAQ: Item = { table: "faqs", entityType: "faq" };

/**
 * Adds (no id) or changes one news item or FAQ and logs it with `details`, in one transaction. `values`
 * may be computed inside it (a new FAQ's position after the last).
 */
async function saveItem(
  deps: AppDeps,
  actorId: number,
  item: Item,
  id: number | undefined,
  values: (trx: Kysely<Database>) => Promise<Record<string, unknown>>,
  logged: { action: AuditAction; details: Record<string, unknown> },
  meta: SessionMeta,
) {
  const now = deps.now();
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const row = await values(trx);
    let saved = id;
    if (saved === undefined) {
      saved = (
        await trx
          .insertInto(item.table)
          .values({ ...row, created_at: at, updated_at: at } as never)
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const done = await trx
        .updateTable(item.table)
        .set({ ...row, updated_at: at } as never)
        .where("id", "=", saved)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw notFound();
    }
    await audit(trx, now, { actorUserId: actorId, entityType: item.entityType, entityId: saved, ip: meta.ip, ...logged });
  });
}

/** Deletes one news item or FAQ and logs what it was called (its title or question). */
async function deleteItem(deps: AppDeps, actorId: number, item: Item, id: number, action: AuditAction, meta: SessionMeta) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = (await trx
      .deleteFrom(item.table)
      .where("id", "=", id)
      .returning(item.table === "faqs" ? "question" : "title")
      .executeTakeFirst()) as { question?: string; title?: string } | undefined;
    if (!row) throw notFound();
    await audit(trx, now, { actorUserId: actorId, action, entityType: item.entityType, entityId: id, details: row, ip: meta.ip });
  });
}

// ————— news —————

/** The office's list, newest publish date first, a page at a time, with what the site shows of each. */
export async function listNewsForOffice(deps: Pick<AppDeps, "db" | "now">, query: ContentListQuery) {
  const now = deps.now().toISOString();
  const { timeZone } = (await getSettings(deps)).general;
  // The home page shows the newest few published: the others are published but on no page (walk 19a).
  const onHome = new Set((await listNews(deps, NEWS_ON_HOME)).news.map((n) => n.id));
  const { rows, pagination } = await orderedPage<Announcement>(
    deps.db.selectFrom("announcements"),
    NEWEST_PUBLISHED,
    query.page,
    query.limit,
  );
  return {
    news: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      publishedAt: r.published_at,
      /** the same on the institute's clock, as the edit form shows it */
      publishedAtLocal: zonedLocal(new Date(r.published_at), timeZone),
      isPublished: r.is_published === 1,
      status:
        r.is_published !== 1
          ? ("draft" as const)
          : r.published_at > now
            ? ("scheduled" as const)
            : onHome.has(r.id)
              ? ("live" as const)
              : ("older" as const),
    })),
    pagination,
  };
}

export async function saveNews(deps: AppDeps, actorId: number, input: NewsInput & { id?: number }, meta: SessionMeta = {}) {
  const { timeZone } = (await getSettings(deps)).general;
  const moment = input.publishedAt;
  const values = {
    title: input.title,
    body: input.body,
    is_published: input.isPublished ? 1 : 0,
    published_at: moment === null ? deps.now().toISOString() : moment.endsWith("Z") ? moment : zonedInstant(moment, timeZone).toISOString(),
  };
  await saveItem(deps, actorId, NEWS, input.id, async () => values, { action: "content.news", details: { title: input.title } }, meta);
  return { message: config.t("said.newsSaved") };
}

export async function deleteNews(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  await deleteItem(deps, actorId, NEWS, id, "content.news_delete", meta);
  return { message: config.t("said.newsDeleted") };
}

// ————— FAQs —————

export async function listFaqsForOffice(deps: Pick<AppDeps, "db">, query: ContentListQuery) {
  const { rows, pagination } = await orderedPage<Faq>(
    deps.db.selectFrom("faqs"),
    [
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    query.page,
    query.limit,
  );
  return {
    faqs: rows.map((r) => ({
      id: r.id,
      question: r.question,
      answer: r.answer,
      category: r.category,
      sortOrder: r.sort_order,
      isPublished: r.is_published === 1,
    })),
    pagination,
  };
}

/** The public /faq page: the published questions in the office's order. */
export async function publicFaqs(deps: Pick<AppDeps, "db">) {
  return cachedRead(deps.db, "site:faqs", async () => ({
    faqs: (
      await deps.db
        .selectFrom("faqs")
        .select(["id", "question", "answer", "category"])
        .where("is_published", "=", 1)
        .orderBy("sort_order")
        .orderBy("id")
        .execute()
    ).map((r) => ({ id: r.id, question: r.question, answer: r.answer, category: r.category })),
  }));
}

/** A FAQ without a position goes after the last one when added, and keeps its place when changed. */
export async function saveFaq(deps: AppDeps, actorId: number, input: FaqInput & { id?: number }, meta: SessionMeta = {}) {
  const values = async (trx: Kysely<Database>) => {
    let position: { sort_order?: number } = {};
    if (input.sortOrder !== null) position = { sort_order: input.sortOrder };
    else if (input.id === undefined) {
      const last = await trx
        .selectFrom("faqs")
        .select((eb) => eb.fn.max("sort_order").as("m"))
        .executeTakeFirst();
      position = { sort_order: Number(last?.m ?? 0) + 10 };
    }
    return {
      question: input.question,
      answer: input.answer,
      category: input.category ?? null,
      is_published: input.isPublished ? 1 : 0,
      ...position,
    };
  };
  await saveItem(deps, actorId, FAQ, input.id, values, { action: "content.faq", details: { question: input.question } }, meta);
  return { message: config.t("said.faqSaved") };
}

export async function deleteFaq(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  await deleteItem(deps, actorId, FAQ, id, "content.faq_delete", meta);
  return { message: config.t("said.faqDeleted") };
}
