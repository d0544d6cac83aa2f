/**
 * Staff accounts (issue 17): `users.role` accepts `staff` besides `admin` and `student`. SQLite cannot change
 * a CHECK constraint in place, so the table is rebuilt the way SQLite documents (ALTER TABLE, "making other
 * kinds of table schema changes"): with foreign keys off (sessions and eight other tables reference users,
 * some with ON DELETE CASCADE, which a plain DROP would set off), a copy under the new CHECK, the same rows
 * and ids, the old table dropped and the copy renamed, then its indexes and triggers (the search index's)
 * made again and the id sequence kept, so an id once used is never given out again. One transaction; the
 * foreign keys are checked before it commits. PostgreSQL (issue 21) swaps the constraint in place.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/connection.ts";

const NARROW = "role in ('admin', 'student')";
const WIDE = "role in ('admin', 'staff', 'student')";

async function rebuildUsers(db: Kysely<any>, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    // PostgreSQL changes a CHECK in place (issue 21), inside the migration's own transaction (DDL is
    // transactional there): the column's constraint is named users_role_check.
    await sql`alter table users drop constraint users_role_check`.execute(db);
    await sql.raw(`alter table users add constraint users_role_check check (${to})`).execute(db);
    return;
  }
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const table = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(trx)).rows[0]
        ?.sql;
      if (!table?.includes(from)) throw new Error(`users has no CHECK ${from}`);
      const attached = (
        await sql<{
          sql: string;
        }>`select sql from sqlite_master where tbl_name = 'users' and type in ('index', 'trigger') and sql is not null`.execute(trx)
      ).rows;
      const sequence = (await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'users'`.execute(trx)).rows[0]?.seq;
      await sql.raw(table.replace(from, to).replace(/^CREATE TABLE "?users"?/i, 'CREATE TABLE "users_rebuilt"')).execute(trx);
      await sql`insert into users_rebuilt select * from users`.execute(trx);
      await sql`drop table users`.execute(trx);
      await sql`alter table users_rebuilt rename to users`.execute(trx);
      for (const { sql: statement } of attached) await sql.raw(statement).execute(trx);
      if (sequence !== undefined) await sql`update sqlite_sequence set seq = max(seq, ${sequence}) where name = 'users'`.execute(trx);
      const broken = (await sql`PRAGMA foreign_key_check`.execute(trx)).rows;
      if (broken.length > 0) throw new Error(`foreign keys broken by the users rebuild: ${JSON.stringify(broken.slice(0, 3))}`);
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildUsers(db, NARROW, WIDE);
}

/** Refused (the CHECK fails the copy) while staff accounts exist. */
export async function down(db: Kysely<any>): Promise<void> {
  await rebuildUsers(db, WIDE, NARROW);
}
