/**
 * Writes a consistent, compact copy of a live SQLite database (VACUUM INTO) from its own connection:
 * run as a separate process by db/connection.ts: backupDatabaseTo, so the copy never blocks the server's
 * event loop — `bun db/vacuum-into.ts <database> <copy>` from the source tree, the internal
 * `__vacuum-into` command of the release executable (src/server/cli.ts).
 */
import SQLite from "better-sqlite3";

export function vacuumInto([source, target]: string[]): number {
  if (!source || !target) {
    console.error("usage: vacuum-into <database> <copy>");
    return 2;
  }
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  return 0;
}

if (import.meta.main) process.exitCode = vacuumInto(process.argv.slice(2));
