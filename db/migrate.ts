/** Runs every migration under migrations/ up to the latest; safe to call at every start. */
import { Migrator } from "kysely/migration";
import { runtime } from "../src/server/runtime.ts";
import { type DB, isPostgres } from "./connection.ts";
import { ensureVersionTriggers } from "./postgres.ts";

export async function migrateToLatest(db: DB): Promise<string[]> {
  // The source tree reads migrations/; the release executable carries them compiled in (runtime.ts).
  const migrator = new Migrator({ db, provider: runtime.migrations() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (isPostgres(db)) await ensureVersionTriggers(db);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
