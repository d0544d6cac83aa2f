/**
 * The site's news (announcements, with a publish date: a later date publishes on that day) and its FAQs
 * (public /faq, in the office's order; a hidden one stays off the site), kept by administrators (issue 17).
 * Every change is in the activity log; public reads are remembered until the next write.
 */
import { config } from "../../../shared/i18n/config.ts";
import type { ContentListQuery, FaqInput, NewsInput } from "../../../shared/schemas/content.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { AppError } from "../../platform/errors.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import type { SessionMeta } from "../auth/auth.service.ts";

const notFound = () => new AppError("NOT_FOUND", config.t("rule.notFound"));

// ————— news —————

/** The office's list, newest publish date first, a page at a time, with what the site shows of each. */
export async function listNewsForOffice(deps: Pick<AppDeps, "db" | "now">, query: ContentListQuery) {
  const now = deps.now().toISOString();
  const [{ total }, rows] = await Promise.all([
    deps.db
      .selectFrom("announcements")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("announcements")
      .selectAll()
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  const totalItems = Number(total);
  return {
    news: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      publishedAt: r.published_at,
      isPublished: r.is_published === 1,
      status: r.is_published !== 1 ? ("draft" as const) : r.published_at > now ? ("scheduled" as const) : ("live" as const),
    })),
    pagination: { totalItems, totalPages: Math.ceil(totalItems / query.limit), currentPage: query.page, limit: query.limit },
  };
}

export async function saveNews(deps: AppDeps, actorId: number, input: NewsInput & { id?: number }, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const values = { title: input.title, body: input.body, is_published: input.isPublished ? 1 : 0, published_at: input.publishedAt ?? at };
  await deps.db.transaction().execute(async (trx) => {
    let id = input.id;
    if (id === undefined) {
      id = (
        await trx
          .insertInto("announcements")
          .values({ ...values, created_at: at, updated_at: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const done = await trx
        .updateTable("announcements")
        .set({ ...values, updated_at: at })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw notFound();
    }
    await audit(trx, now, {
      actorUserId: actorId,
      action: "content.news",
      entityType: "announcement",
      entityId: id,
      details: { title: input.title },
      ip: meta.ip,
    });
  });
  return { message: config.t("said.newsSaved") };
}

export async function deleteNews(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("announcements").where("id", "=", id).returning("title").executeTakeFirst();
    if (!row) throw notFound();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "content.news_delete",
      entityType: "announcement",
      entityId: id,
      details: { title: row.title },
      ip: meta.ip,
    });
  });
  return { message: config.t("said.newsDeleted") };
}

// ————— FAQs —————

export async function listFaqsForOffice(deps: Pick<AppDeps, "db">, query: ContentListQuery) {
  const [{ total }, rows] = await Promise.all([
    deps.db
      .selectFrom("faqs")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("faqs")
      .selectAll()
      .orderBy("sort_order")
      .orderBy("id")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  const totalItems = Number(total);
  return {
    faqs: rows.map((r) => ({
      id: r.id,
      question: r.question,
      answer: r.answer,
      category: r.category,
      sortOrder: r.sort_order,
      isPublished: r.is_published === 1,
    })),
    pagination: { totalItems, totalPages: Math.ceil(totalItems / query.limit), currentPage: query.page, limit: query.limit },
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

export async function saveFaq(deps: AppDeps, actorId: number, input: FaqInput & { id?: number }, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("faqs")
      .select((eb) => eb.fn.max("sort_order").as("m"))
      .executeTakeFirst();
    const values = {
      question: input.question,
      answer: input.answer,
      category: input.category ?? null,
      is_published: input.isPublished ? 1 : 0,
      ...(input.sortOrder === null
        ? input.id === undefined
          ? { sort_order: Number(last?.m ?? 0) + 10 }
          : {}
        : { sort_order: input.sortOrder }),
    };
    let id = input.id;
    if (id === undefined) {
      id = (
        await trx
          .insertInto("faqs")
          .values({ ...values, created_at: at, updated_at: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const done = await trx
        .updateTable("faqs")
        .set({ ...values, updated_at: at })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw notFound();
    }
    await audit(trx, now, {
      actorUserId: actorId,
      action: "content.faq",
      entityType: "faq",
      entityId: id,
      details: { question: input.question },
      ip: meta.ip,
    });
  });
  return { message: config.t("said.faqSaved") };
}

export async function deleteFaq(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("faqs").where("id", "=", id).returning("question").executeTakeFirst();
    if (!row) throw notFound();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "content.faq_delete",
      entityType: "faq",
      entityId: id,
      details: { question: row.question },
      ip: meta.ip,
    });
  });
  return { message: config.t("said.faqDeleted") };
}
