/** Readiness: the database answers a query. */
import { sql } from "kysely";
import type { AppDeps } from "../../deps.ts";

export async function checkHealth(deps: Pick<AppDeps, "db" | "now">) {
  await sql`select 1`.execute(deps.db);
  return { status: "ok" as const, time: deps.now().toISOString() };
}
