/**
 * `bun db/vacuum-into.ts <database> <copy>`: writes a consistent, compact copy of a live SQLite database
 * (VACUUM INTO) from its own connection. Run by db/connection.ts: backupDatabaseTo, so the copy never
 * blocks the server's event loop.
 */
import SQLite from "better-sqlite3";

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error("usage: bun db/vacuum-into.ts <database> <copy>");
  process.exit(2);
}
const db = new SQLite(source, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
try {
  db.prepare("VACUUM INTO ?").run(target);
} finally {
  db.close();
}
