/** Readiness: the database answers a query. */
import { sql } from "kysely";
import { MSG } from "../../../shared/messages.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../platform/errors.ts";

export async function checkHealth(deps: Pick<AppDeps, "db" | "now">) {
  try {
    await sql`select 1`.execute(deps.db);
  } catch {
    // 503: what a load balancer or a monitor reads as "not ready" (twelfth walk: it was a 500).
    throw new AppError("SERVICE_UNAVAILABLE", MSG.internal, { retryAfter: 30 });
  }
  return { status: "ok" as const, time: deps.now().toISOString() };
}
