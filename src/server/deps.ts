/** What every service and adapter is handed: built once in main.ts, or by a test. */
import type { DB } from "../../db/connection.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./platform/logger.ts";

export interface AppDeps {
  db: DB;
  env: Env;
  logger: Logger;
  /** the current time; tests pass a fixed or movable clock */
  now: () => Date;
}

/** The current time as stored in the database. */
export const isoNow = (deps: Pick<AppDeps, "now">) => deps.now().toISOString();
