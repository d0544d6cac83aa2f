/**
 * Rate-limit windows in the database (issue 21): with several app processes on one PostgreSQL database a
 * limit must hold across all of them, so each (rule, key) window is a row — count and the moment it
 * reopens (epoch milliseconds). A single process on SQLite keeps its windows in memory and leaves this
 * table empty (platform/rate-limit.ts).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limit_windows")
    .addColumn("rule", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_windows_pk", ["rule", "key"])
    .execute();
  await db.schema.createIndex("rate_limit_windows_reset").on("rate_limit_windows").column("reset_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limit_windows").execute();
}
