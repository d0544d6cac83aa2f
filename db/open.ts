/**
 * The database the configuration names (issue 21): PostgreSQL when DATABASE_URL is set, else the SQLite
 * file under DATA_DIR (the default). What serve and the command line open.
 */
import type SQLite from "better-sqlite3";
import { type DB, openDatabase } from "./connection.ts";
import { openPostgres } from "./postgres.ts";

export interface ConfiguredDatabase {
  db: DB;
  /** SQLite's raw handle; null on PostgreSQL */
  sqlite: SQLite.Database | null;
}

export function openConfiguredDatabase(env: { DATABASE_URL?: string | undefined }, sqliteFile: string): ConfiguredDatabase {
  if (env.DATABASE_URL) return { db: openPostgres(env.DATABASE_URL).db, sqlite: null };
  return openDatabase(sqliteFile);
}
