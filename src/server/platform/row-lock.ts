/**
 * A row read to be changed in the same transaction, with a check between (a version compared): on PostgreSQL it
 * is held until the transaction ends (SELECT … FOR NO KEY UPDATE), so a second change waits and then reads the
 * first's result. Not FOR UPDATE: that also waits for every insert naming the row by a foreign key (an audit entry
 * naming an administrator), and two such locks taken in another order deadlocked (stop 53's review). SQLite's
 * writes take turns in the one process, so its read needs nothing. Use: `.$call(heldForChange(db))`.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../../../db/connection.ts";
import type { Database } from "../../../db/schema.ts";

export const heldForChange =
  (db: Kysely<Database>) =>
  <Q extends { forNoKeyUpdate(): Q }>(query: Q): Q =>
    isPostgres(db) ? query.forNoKeyUpdate() : query;

/**
 * A row that must stay as it is while the transaction adds beside it (a hand-in under its assignment): many may
 * hold it at once, and a change or deletion that reads it with `heldForChange` waits for them (SELECT … FOR SHARE
 * on PostgreSQL), then sees what they added. SQLite: nothing, as above.
 */
export const heldAsIs =
  (db: Kysely<Database>) =>
  <Q extends { forShare(): Q }>(query: Q): Q =>
    isPostgres(db) ? query.forShare() : query;

/**
 * A rule about a row that may not exist yet (one book per ISBN, one pending application per e-mail, one
 * transfer per UTR) is checked with its value held until the transaction ends: two requests checking one value
 * at once take turns on PostgreSQL (a transaction-level advisory lock on "scope:value"), so the second's check
 * reads the first's row. Held in the check's transaction, before the check. SQLite: nothing, as above.
 */
export async function holdValue(db: Kysely<Database>, scope: string, value: string): Promise<void> {
  // Outside a transaction the lock would end with its own statement: nothing to hold.
  if (isPostgres(db) && db.isTransaction) await sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${value}`}, 0))`.execute(db);
}

/**
 * A record's version as an edit form carries it: a hash of what it holds (an exam's row, a student's form
 * columns), so any change since the form was filled (by anyone, at any moment) makes its save refused.
 */
export const rowVersion = (values: unknown): string => Bun.hash(JSON.stringify(values)).toString(36);
