// biome-ignore-all lint/suspicious/noExplicitAny lint/complexity/noBannedTypes: one paging helper for several tables; Kysely cannot type a table chosen at run time, the callers type the rows
/**
 * One page of an admin list, newest first by (created_at, id), with its total — the shape every list
 * screen shows (spec: data.<items> + pagination). Issue 9:
 * - the total and the page are remembered until the next write (platform/read-cache.ts), so paging and
 *   refreshing do not recount or re-read;
 * - a page is found in two steps: its ids from the index alone (an OFFSET then skips index entries, not
 *   table rows: page 5,000 of 100,000 applications 1.4 → 0.4 ms), then those rows by primary key.
 */
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { trimMemory } from "./glibc-memory.ts";
import { cachedRead } from "./read-cache.ts";

export interface Pagination {
  totalItems: number;
  totalPages: number;
  currentPage: number;
  limit: number;
}

type ListTable = "admissions" | "users" | "contact_inquiries" | "support_tickets" | "gallery_images" | "notifications";

export interface NewestFirstPageOptions<Row, Item> {
  db: Kysely<Database>;
  /** the list's table; its primary key is `id` and its index covers the filters and created_at */
  table: ListTable;
  /** the table with the list's filters applied, nothing selected */
  base: SelectQueryBuilder<Database, any, {}>;
  /** names the list and its filters in the read cache (page and limit are added) */
  cacheKey: string;
  page: number;
  limit: number;
  /** turns the page's rows into what the screen gets (may read more, e.g. photo flags) */
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>;
}

export async function newestFirstPage<Row, Item>(
  opts: NewestFirstPageOptions<Row, Item>,
): Promise<{ items: Item[]; pagination: Pagination }> {
  const { db, table, base, page, limit } = opts;
  const once = <T>(key: string, compute: () => Promise<T>) => cachedRead(db, `${opts.cacheKey}:${key}`, compute);
  const [{ total }, items] = await Promise.all([
    once("total", () => base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow()),
    once(`page:${limit}:${page}`, async () => {
      const ids = base
        .select(`${table}.id` as any)
        .orderBy(`${table}.created_at` as any, "desc")
        .orderBy(`${table}.id` as any, "desc")
        .limit(limit)
        .offset((page - 1) * limit);
      const rows = (await db
        .selectFrom(table)
        .selectAll()
        .where(`${table}.id` as any, "in", ids)
        .orderBy(`${table}.created_at` as any, "desc")
        .orderBy(`${table}.id` as any, "desc")
        .execute()) as Row[];
      return opts.toItems(rows);
    }),
  ]);
  return { items, pagination: paginationOf(Number(total), page, limit) };
}

export const paginationOf = (totalItems: number, page: number, limit: number): Pagination => ({
  totalItems,
  totalPages: Math.ceil(totalItems / limit),
  currentPage: page,
  limit,
});

/** `orderedPage`'s order for what is published (news, notices): newest first, the later-added first on a tie. */
export const NEWEST_PUBLISHED = [
  ["published_at", "desc"],
  ["id", "desc"],
] as const;

/**
 * One page of a short admin list in its own order (programmes, news, FAQs: tens or hundreds of rows), with
 * its total: a plain OFFSET, where newestFirstPage's two-step id lookup would buy nothing.
 */
export async function orderedPage<Row>(
  base: SelectQueryBuilder<Database, any, {}>,
  order: readonly (readonly [column: string, direction: "asc" | "desc"])[],
  page: number,
  limit: number,
): Promise<{ rows: Row[]; pagination: Pagination }> {
  let rows = base.selectAll();
  for (const [column, direction] of order) rows = rows.orderBy(column as any, direction);
  const found = await pageWithTotal(base, rows, { page, limit });
  return { rows: found.rows as Row[], pagination: found.pagination };
}

/**
 * One page of a list with its total, the two read side by side: `base` is the list with its filters and
 * nothing selected (it is counted), `rows` the same list with its columns and its order (it is cut to the page).
 */
export async function pageWithTotal<Row>(
  base: SelectQueryBuilder<Database, any, {}>,
  rows: SelectQueryBuilder<Database, any, Row>,
  at: { page: number; limit: number },
): Promise<{ rows: Row[]; pagination: Pagination }> {
  const [{ total }, found] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    rows
      .limit(at.limit)
      .offset((at.page - 1) * at.limit)
      .execute(),
  ]);
  return { rows: found as Row[], pagination: paginationOf(Number(total), at.page, at.limit) };
}

/** Rows an export reads at a time (a few hundred kilobytes of memory, some milliseconds of the server). */
export const EXPORT_PAGE = 1_000;

/**
 * An export of a list: how many rows `base` (the list with its filters, nothing selected) finds, for the
 * activity log, and every one of them newest first by (created_at, id), a page at a time: each page the
 * rows after the last one of the page before (keyset), so an export of 100,000 applications holds one page
 * in memory, never re-reads skipped rows, and the server answers other requests between pages (thirteenth
 * walk: one export held 758 MB and stalled everyone for 1.2 s). `select` adds the columns (and joins).
 */
export async function newestFirstExport<B extends SelectQueryBuilder<Database, any, {}>, Row extends { id: number; created_at: string }>(
  table: ListTable,
  base: B,
  select: (base: B) => SelectQueryBuilder<Database, any, Row>,
  size = EXPORT_PAGE,
): Promise<{ count: number; pages: AsyncGenerator<Row[]> }> {
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  async function* pages(): AsyncGenerator<Row[]> {
    let after: Row | null = null;
    for (;;) {
      let rows = select(base);
      if (after) rows = rows.where(olderThan(table, after));
      const page = await rows.orderBy(`${table}.created_at`, "desc").orderBy(`${table}.id`, "desc").limit(size).execute();
      if (page.length) yield page;
      if (page.length < size) {
        // A long export's pages are garbage now: handed back at once (walk 13b: 209–237 MB right after
        // 100,000 rows, over the 200 MB budget for minutes), as after a round of image work.
        if (after) {
          Bun.gc(true);
          trimMemory();
        }
        return;
      }
      after = page[page.length - 1]!;
      await Bun.sleep(0);
    }
  }
  return { count: Number(count), pages: pages() };
}

/** The keyset condition of newestFirstExport: rows older than `after` in (created_at, id) order. */
const olderThan = (table: ListTable, after: { id: number; created_at: string }) => (eb: ExpressionBuilder<any, any>) =>
  eb.or([
    eb(`${table}.created_at`, "<", after.created_at),
    eb.and([eb(`${table}.created_at`, "=", after.created_at), eb(`${table}.id`, "<", after.id)]),
  ]);
