/**
 * `copy-to-postgres <url>` (issue 21, docs/SCALING.md): moves an institute from its SQLite file to an empty
 * PostgreSQL database, both migrated to the same schema first. Every table is copied in foreign-key order
 * (parents first) in batches, in one PostgreSQL transaction — all or nothing — and each identity column's
 * sequence is moved past the copied ids so new rows never collide; then the database is vacuumed and analysed
 * so the first queries have statistics. The SQLite file is only read.
 */
import type SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/** SQLite's own and bookkeeping tables, not the institute's data. */
const SKIPPED = /^(sqlite_|kysely_migration)|_fts(_|$)/;
const BATCH = 500;

export interface CopyReport {
  tables: { name: string; rows: number }[];
  rows: number;
}

function copyOrder(sqlite: SQLite.Database, tables: string[]): string[] {
  const parents = new Map(
    tables.map((t) => [
      t,
      [...new Set((sqlite.pragma(`foreign_key_list("${t}")`) as { table: string }[]).map((r) => r.table))].filter((p) => p !== t),
    ]),
  );
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (t: string) => {
    if (state.get(t) === "done") return;
    if (state.get(t) === "visiting") throw new Error(`the tables' foreign keys go round in a circle at ${t}`);
    state.set(t, "visiting");
    for (const p of parents.get(t) ?? []) if (parents.has(p)) visit(p);
    state.set(t, "done");
    order.push(t);
  };
  for (const t of tables) visit(t);
  return order;
}

export async function copySqliteToPostgres(sqlite: SQLite.Database, pg: Kysely<Database>): Promise<CopyReport> {
  const tables = (sqlite.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[]).filter(
    (t) => !SKIPPED.test(t) && /^[a-z_]+$/.test(t),
  );
  const { rows: pgTables } = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(pg);
  const present = new Set(pgTables.map((r) => r.name));
  const missing = tables.filter((t) => !present.has(t));
  if (missing.length) throw new Error(`PostgreSQL lacks ${missing.join(", ")}: both databases must be migrated to the same version`);
  const { rows: people } = await sql<{ n: number }>`select count(*) as n from users`.execute(pg);
  if (Number(people[0]!.n) > 0) throw new Error("The PostgreSQL database is not empty (it has accounts): copy into a new, empty database.");

  const report: CopyReport = { tables: [], rows: 0 };
  await pg.transaction().execute(async (trx) => {
    // Rows the migrations themselves insert (none today, but a copy must be exact): cleared, children first.
    const order = copyOrder(sqlite, tables);
    for (const table of [...order].reverse()) await sql.raw(`delete from ${table}`).execute(trx);
    for (const table of order) {
      const columns = (sqlite.pragma(`table_info("${table}")`) as { name: string }[]).map((c) => c.name);
      let copied = 0;
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (!batch.length) return;
        // biome-ignore lint/suspicious/noExplicitAny: a table chosen at run time, checked against both schemas above
        await trx
          .insertInto(table as any)
          .values(batch as any)
          .execute();
        copied += batch.length;
        batch = [];
      };
      for (const row of sqlite.prepare(`select ${columns.map((c) => `"${c}"`).join(", ")} from "${table}"`).iterate() as Iterable<
        Record<string, unknown>
      >) {
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      if (columns.includes("id")) {
        await sql
          .raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1), (select count(*) from ${table}) > 0)
                where pg_get_serial_sequence('${table}', 'id') is not null`)
          .execute(trx);
      }
      report.tables.push({ name: table, rows: copied });
      report.rows += copied;
    }
  });
  // The planner's statistics and the visibility map for the copied rows now, rather than when autovacuum
  // gets to them a minute into serving (the benchmark saw that pass slow its lists): outside the transaction.
  await sql`vacuum (analyze)`.execute(pg);
  return report;
}
