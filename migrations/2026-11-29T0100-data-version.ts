/**
 * PostgreSQL's data version (issue 21): one row counting the statements that wrote the database, bumped by
 * a statement-level trigger on every table (db/postgres.ts: ensureVersionTriggers, run after each
 * migration so later tables get it too). Read caches in every process compare it (db/connection.ts:
 * dataVersion): a commit by any process moves it, and a version is only seen once its writes are. SQLite
 * needs none of it (one process; its own write counter).
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/connection.ts";

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table data_version (id integer primary key check (id = 1), v bigint not null)`.execute(db);
  await sql`insert into data_version (id, v) values (1, 0)`.execute(db);
  await sql`create function bump_data_version() returns trigger language plpgsql as $$
    begin update data_version set v = v + 1 where id = 1; return null; end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists bump_data_version() cascade`.execute(db);
  await sql`drop table if exists data_version`.execute(db);
}
