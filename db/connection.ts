/**
 * The only database-specific place (DECISIONS 14): opens SQLite through better-sqlite3 with the
 * pragmas the product relies on, and hands the rest of the code a portable Kysely instance.
 */
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  /** the raw handle, for the few things Kysely cannot express (backups, integrity checks) */
  sqlite: SQLite.Database;
}

/** Opens (and creates) the database file; ":memory:" gives a private in-memory database for tests. */
export function openDatabase(file: string): OpenedDatabase {
  const sqlite = new SQLite(file);
  if (file !== ":memory:") sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite };
}

/**
 * A consistent copy of the live database in one file (SQLite's VACUUM INTO): safe while the site is
 * serving, and compact. SQLite-specific, so it lives here.
 */
export function backupDatabaseTo(sqlite: SQLite.Database, file: string): void {
  sqlite.prepare("VACUUM INTO ?").run(file);
}

/** "ok" when the file's structure is sound (PRAGMA integrity_check). */
export function integrityCheck(sqlite: SQLite.Database): string {
  return String(sqlite.pragma("integrity_check", { simple: true }));
}
