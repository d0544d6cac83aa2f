/**
 * `serve`, the default command (src/server/cli.ts, main.ts): env → lock → db → migrate → seed → app →
 * Bun.serve; stops cleanly on SIGINT/SIGTERM.
 */

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { oneProcessAtATime } from "../../db/connection.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { openConfiguredDatabase } from "../../db/open.ts";
import { seed } from "../../db/seed.ts";
import { createApp } from "./app.ts";
import type { Env } from "./env.ts";
import { effectiveLogLevel, getSettings } from "./features/settings/settings.service.ts";
import { ensureStoreFolders, fileStore } from "./platform/file-store.ts";
import { configureImageProcessing } from "./platform/images.ts";
import { createLogger } from "./platform/logger.ts";
import { sweepOrphanFiles } from "./platform/orphan-sweep.ts";
import { createDatabaseRateLimiter, createRateLimiter } from "./platform/rate-limit.ts";
import { claimServerLock } from "./platform/server-lock.ts";
import { dataPaths, ensureDataDirs } from "./platform/storage.ts";
import { createInstituteMailer, startFeeReminders, startInstituteBackups, startLibraryReminders } from "./workers.ts";

/** Seconds a connection may pass without a byte in either direction (Bun.serve's `idleTimeout`, at most 255). */
const IDLE_TIMEOUT_S = 60;

/** Serves until a signal stops the process. The environment is parsed by the caller (errors are its to print). */
export async function serve(env: Env): Promise<void> {
  configureImageProcessing();
  const paths = dataPaths(env.dataDir);
  ensureDataDirs(paths);
  await ensureStoreFolders(fileStore(env));
  // One server per SQLite file; on PostgreSQL several processes share the database (issue 21, docs/SCALING.md).
  const releaseLock = env.DATABASE_URL ? () => {} : claimServerLock(paths.serverLock);
  const { db, sqlite } = openConfiguredDatabase(env, paths.database);
  const logger = createLogger(env.LOG_LEVEL ?? "info");
  const now = () => new Date();

  // Processes starting together on one PostgreSQL database migrate and seed one after the other. A refusal (the
  // database brought up to date by a newer version) closes the database at once: PostgreSQL's open pool kept the
  // refused process alive 10 s more (walk 19b).
  const { created } = await oneProcessAtATime(db, "start", async () => {
    await migrateToLatest(db);
    return seed(db, {
      now: now(),
      production: env.production,
      files: fileStore(env),
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
    });
  }).catch(async (err: unknown) => {
    await db.destroy();
    releaseLock();
    throw err;
  });
  if (env.DATABASE_URL) markServedFromPostgres(paths.movedToPostgres, env.DATABASE_URL, now());
  // The logins made now are printed at once: whatever happens next (a port already taken), they are not lost
  // (walk 15a: a failed bind left the admin's one printed password unseen).
  printCreated(created);
  if (!env.LOG_LEVEL) logger.level = effectiveLogLevel((await getSettings({ db })).system);
  // Files a crash left behind between writing an upload and committing its row (nothing is serving yet).
  await sweepOrphanFiles({ db, env, logger, now });

  const base = { db, sqlite, env, logger, now };
  const mail = createInstituteMailer(base);
  // Several processes may share PostgreSQL: their limits are counted in the database (issue 21).
  const deps = { ...base, mail, limits: env.DATABASE_URL ? createDatabaseRateLimiter(db, now) : createRateLimiter(now) };
  mail.start();
  const stopBackups = startInstituteBackups(deps);
  const stopReminders = startLibraryReminders(deps);
  const stopFeeReminders = startFeeReminders(deps);
  const app = createApp(deps);
  const stopWork = async () => {
    stopBackups();
    stopReminders();
    stopFeeReminders();
    await mail.stop();
    await db.destroy();
    releaseLock();
  };
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      port: env.PORT,
      hostname: env.HOST,
      reusePort: env.REUSE_PORT,
      fetch: app.fetch,
      maxRequestBodySize: 128 * 1024 * 1024,
      // Bun's default of 10 s closed an upload coming in slower than about 20 KB/s — a phone's upload on a weak
      // line — after 12–19 s, with no answer (behind nginx: 502, the server marked down). A minute without a
      // byte either way ends a connection, as nginx's own client_body_timeout does (walk 20b).
      idleTimeout: IDLE_TIMEOUT_S,
    });
  } catch (err) {
    // No port (taken, or not ours to bind): nothing else may keep the process, or the data folder's lock, alive
    // (walk 15a: it said "Failed" and ran on, so systemd never restarted it and `migrate` was refused).
    await stopWork();
    throw err;
  }

  // Where this process listens (what an operator checks with ss or curl), and the address visitors use.
  const listening = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${server.port}`;
  console.log(`Institute portal listening on ${listening}${env.PUBLIC_URL ? ` (public address ${env.PUBLIC_URL})` : ""}`);
  if (env.STORAGE_URL) console.log(`Uploaded files are kept in ${fileStore(env).location}.`);
  console.log(
    mail.transport.kind === "smtp" ? "E-mail is sent through SMTP_URL." : `E-mail is written to ${paths.outbox} (set SMTP_URL to send it).`,
  );

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      await server.stop();
      await stopWork();
      process.exit(0);
    });
  }
}

/** The accounts the first start made, with their passwords: shown once, on the console (the system journal). */
function printCreated(created: Awaited<ReturnType<typeof seed>>["created"]): void {
  for (const c of created) {
    const who = c.role === "admin" ? "Admin login" : `Demo student login (student ID ${c.studentId})`;
    console.log(`${who}: ${c.login} / ${c.password}`);
  }
  const shown = created.filter((c) => !c.password.startsWith("(from "));
  if (shown.length)
    console.log(
      shown.length === 1 ? "This password is shown only once. Keep it safe." : "These passwords are shown only once. Keep them safe.",
    );
  if (created.some((c) => c.mustChange)) console.log("The administrator's password must be changed at the first sign-in.");
}

/**
 * A site served from PostgreSQL says so in its data folder (`moved-to-postgres`, as `copy-to-postgres` writes it):
 * a command run there without DATABASE_URL is then refused, not run on a new, empty SQLite file — an administrator
 * the site does not know, a password reset that finds nobody (walk 19b). Its password is left out.
 */
function markServedFromPostgres(marker: string, databaseUrl: string, at: Date): void {
  const where = new URL(databaseUrl);
  where.password = "";
  // "copied to <address> on …" or "served from <address> since …": kept while it names this database; a
  // server on another one says so (walk 20b: the refusal named the old address).
  if (existsSync(marker) && readFileSync(marker, "utf8").includes(` ${where.href} `)) return;
  writeFileSync(marker, `served from ${where.href} since ${at.toISOString()}\n`, { mode: 0o600 });
}
