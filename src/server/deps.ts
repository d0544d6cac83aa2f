/** What every service and adapter is handed: built once in main.ts, or by a test. */
import type SQLite from "better-sqlite3";
import type { DB } from "../../db/connection.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./platform/logger.ts";
import type { Mailer } from "./platform/mail.ts";
import type { RateLimiter } from "./platform/rate-limit.ts";

export interface AppDeps {
  db: DB;
  /** SQLite's raw handle, for backups and integrity checks only; null on PostgreSQL (issue 21) */
  sqlite: SQLite.Database | null;
  env: Env;
  logger: Logger;
  /** the current time; tests pass a fixed or movable clock */
  now: () => Date;
  mail: Mailer;
  limits: RateLimiter;
}

/** The current time as stored in the database. */
export const isoNow = (deps: Pick<AppDeps, "now">) => deps.now().toISOString();

/** The site's own address for links in e-mails. */
export const publicUrl = (deps: Pick<AppDeps, "env">) =>
  (deps.env.PUBLIC_URL ?? `http://localhost:${deps.env.PORT || 3000}`).replace(/\/$/, "");
