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
    const why = error instanceof Error ? error.message : String(error);
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    if (failed) throw new Error(`Migration ${failed} failed: ${why}`);
    // Kysely's words for a database a newer version has migrated: said as what to do.
    const newer = /previously executed migration (\S+) is missing/.exec(why)?.[1];
    if (newer)
      throw new Error(
        `The database was brought up to date by a newer version of this program (migration ${newer}, unknown to this one): run that version, or restore a backup from before it.`,
      );
    // No migration ran: the database itself could not be reached or read.
    throw new Error(`The database could not be opened: ${why}`);
  }
  if (isPostgres(db)) await ensureVersionTriggers(db);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
