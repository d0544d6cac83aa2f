/**
 * The command line (issue 20): `serve` (the default), `migrate`, `backup`, `restore <file>`,
 * `create-admin`, `reset-password`, `check`, `version`, `--help` — the same in the source tree
 * (`bun src/server/cli.ts <command>`) and in the release executable. Returns the exit code: 0 done,
 * 1 failed or refused, 2 a command used wrongly. The environment is read as the server reads it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../db/connection.ts";
import { copySqliteToPostgres } from "../../db/copy-to-postgres.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { type ConfiguredDatabase, openConfiguredDatabase } from "../../db/open.ts";
import { openPostgres } from "../../db/postgres.ts";
import { COMMANDS, helpText, isCommand, versionText } from "./cli-commands.ts";
import { type Env, POSTGRES_URL, parseEnv } from "./env.ts";
import { createAdministratorAtConsole, resetPasswordAtConsole } from "./features/accounts/console.service.ts";
import { createBackup } from "./platform/backups.ts";
import { copyUploads } from "./platform/copy-uploads.ts";
import { checkData } from "./platform/data-check.ts";
import { AppError } from "./platform/errors.ts";
import { fileStore, folderStore } from "./platform/file-store.ts";
import { createLogger } from "./platform/logger.ts";
import { RestoreRefused, restoreBackup } from "./platform/restore.ts";
import { runningServer } from "./platform/server-lock.ts";
import { dataPaths, ensureDataDirs } from "./platform/storage.ts";
import { runtime } from "./runtime.ts";

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}
const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

const PROGRAM = runtime.kind === "release" ? "institute" : "bun src/server/cli.ts";

/** Opens the data folder's database, migrated, for a command; closes it after. */
async function withDatabase<T>(env: Env, work: (opened: ConfiguredDatabase) => Promise<T>): Promise<T> {
  const paths = dataPaths(env.dataDir);
  ensureDataDirs(paths);
  const opened = openConfiguredDatabase(env, paths.database);
  try {
    return await work(opened);
  } finally {
    await opened.db.destroy();
  }
}

export async function runCli(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  const [first = "serve", ...args] = argv;
  if (first === "--help" || first === "-h" || first === "help") {
    io.out(helpText(PROGRAM));
    return 0;
  }
  if (first === "version" || first === "--version" || first === "-v") {
    io.out(versionText(runtime.version));
    return 0;
  }
  if (first === "__vacuum-into") {
    const { vacuumInto } = await import("../../db/vacuum-into.ts");
    return vacuumInto(args);
  }
  if (!isCommand(first)) {
    io.err(`Unknown command "${first}".\n\n${helpText(PROGRAM)}`);
    return 2;
  }
  // The arguments a command takes are those its usage names: <required> and [optional].
  const usage = COMMANDS[first].usage;
  const needs = usage.match(/<[^>]+>/g)?.length ?? 0;
  const optional = usage.match(/\[[^\]]+\]/g)?.length ?? 0;
  if (args.length < needs || args.length > needs + optional) {
    io.err(`Usage: ${PROGRAM} ${COMMANDS[first].usage}`);
    return 2;
  }

  let env: Env;
  try {
    env = parseEnv(source);
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 1;
  }
  const paths = dataPaths(env.dataDir);
  const now = () => new Date();
  // After `copy-to-postgres` the site lives in PostgreSQL: a command (or a server) started without its
  // DATABASE_URL would work on the SQLite copy from before the move, and say nothing (an administrator the site
  // does not know, a backup of old data).
  if (!env.DATABASE_URL && first !== "copy-to-postgres" && first !== "copy-uploads" && existsSync(paths.movedToPostgres)) {
    io.err(
      `This site moved to PostgreSQL (${readFileSync(paths.movedToPostgres, "utf8").trim()}): set DATABASE_URL as the server has it to run "${first}". ` +
        (readFileSync(paths.movedToPostgres, "utf8").startsWith("copied to") && existsSync(paths.database)
          ? `The SQLite file ${paths.database} is the copy from before the move; to serve from it again, delete ${paths.movedToPostgres}.`
          : `To serve this folder from SQLite instead, delete ${paths.movedToPostgres}.`),
    );
    return 1;
  }
  // A server on PostgreSQL in a folder that holds a SQLite site would find none of the site's files in its
  // database and sweep them away as left over from interrupted writes (walk 20b: 18 of 18, the SQLite server
  // still running). The site moves with copy-to-postgres, which also marks the folder.
  if (env.DATABASE_URL && first === "serve" && existsSync(paths.database) && !existsSync(paths.movedToPostgres)) {
    io.err(
      `${paths.root} holds a site on SQLite (${paths.database}). To move it to PostgreSQL, stop it and run ` +
        `"${PROGRAM} copy-to-postgres <DATABASE_URL>" first (docs/SCALING.md); to serve another site from PostgreSQL, give it a DATA_DIR of its own.`,
    );
    return 1;
  }
  // Commands that read the SQLite file need it to be there (backup and check read PostgreSQL when it is set).
  const readsSqliteFile = first === "copy-to-postgres" || ((first === "backup" || first === "check") && !env.DATABASE_URL);
  if (readsSqliteFile && !existsSync(paths.database)) {
    io.err(`There is no database at ${paths.database} (DATA_DIR is ${paths.root}).`);
    return 1;
  }

  try {
    switch (first) {
      case "serve": {
        const { serve } = await import("./serve.ts");
        await serve(env);
        return 0;
      }
      case "migrate": {
        // PostgreSQL: Kysely's migrator takes the database's own lock; the servers may run (issue 21).
        const pid = env.DATABASE_URL ? null : runningServer(paths.serverLock);
        if (pid !== null) {
          io.err(`A server (process ${pid}) is running on ${paths.root}; it migrates when it starts. Stop it to migrate by hand.`);
          return 1;
        }
        const applied = await withDatabase(env, ({ db }) => migrateToLatest(db));
        io.out(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
        return 0;
      }
      case "backup": {
        const logger = createLogger("warn");
        const made = await withDatabase(env, async ({ db, sqlite }) => {
          await migrateToLatest(db);
          return createBackup({ sqlite, env, now, logger });
        });
        io.out(`Backup written: ${paths.backups}/${made.name} (${made.size} bytes)`);
        return 0;
      }
      case "restore": {
        if (env.DATABASE_URL) {
          io.err(
            "restore puts back an SQLite backup; this site's database is PostgreSQL (DATABASE_URL). Restore a PostgreSQL backup with pg_restore and unpack its uploads/ by hand (docs/SCALING.md, Backups).",
          );
          return 1;
        }
        const restored = await restoreBackup(env.dataDir, args[0]!, { uploads: fileStore(env).folder });
        io.out(`Restored ${args[0]} (${restored.files} file${restored.files === 1 ? "" : "s"}) into ${paths.root}.`);
        if (restored.movedAsideTo) io.out(`The database and uploads it replaced are in ${restored.movedAsideTo}.`);
        io.out("Start the server: it brings an older backup up to the latest schema.");
        return 0;
      }
      case "create-admin": {
        const made = await withDatabase(env, async ({ db }) => {
          await migrateToLatest(db);
          return createAdministratorAtConsole({ db, now }, { email: args[0]!, name: args[1] });
        });
        io.out(`Admin login: ${made.email} / ${made.password}`);
        io.out("This password is shown only once and must be changed at the first sign-in.");
        return 0;
      }
      case "reset-password": {
        const reset = await withDatabase(env, async ({ db }) => {
          await migrateToLatest(db);
          return resetPasswordAtConsole({ db, now }, args[0]!);
        });
        const who = reset.studentId ? `${reset.email} (student ID ${reset.studentId})` : `${reset.email} (${reset.role})`;
        io.out(`New password for ${who}: ${reset.password}`);
        io.out(`It is shown only once and must be changed at the next sign-in. Sessions ended: ${reset.sessionsEnded}.`);
        return 0;
      }
      case "copy-to-postgres": {
        const pid = runningServer(paths.serverLock);
        if (pid !== null) {
          io.err(`A server (process ${pid}) is running on ${paths.root}: stop it, so nothing is written during the copy.`);
          return 1;
        }
        if (!POSTGRES_URL.test(args[0]!)) {
          io.err(
            `The address to copy into must be a postgres:// address, such as postgres://institute:secret@127.0.0.1:5432/institute (got "${args[0]}").`,
          );
          return 2;
        }
        const target = args[0]!;
        const from = openDatabase(paths.database);
        const to = openPostgres(target);
        try {
          await migrateToLatest(from.db);
          await migrateToLatest(to.db);
          const report = await copySqliteToPostgres(from.sqlite, to.db);
          io.out(`Copied ${report.rows} rows of ${report.tables.length} tables from ${paths.database} into PostgreSQL.`);
          // Its password left out: the note says where the data went, not how to get in.
          const where = new URL(target);
          where.password = "";
          writeFileSync(paths.movedToPostgres, `copied to ${where.href} on ${now().toISOString()}\n`, { mode: 0o600 });
          io.out(
            "Start the server with DATABASE_URL set to it, and give every command the same; keep the SQLite file until you have checked the site.",
          );
        } finally {
          await from.db.destroy();
          await to.db.destroy();
        }
        return 0;
      }
      case "copy-uploads": {
        const target = fileStore(env);
        const source = path.resolve(args[0] ?? paths.uploads);
        if (!env.STORAGE_URL || (target.folder !== null && path.resolve(target.folder) === source)) {
          io.err(
            "Set STORAGE_URL to the bucket (s3://…) or shared folder (file:///…) to copy the uploads into: it names where they are now.",
          );
          return 1;
        }
        if (!existsSync(source)) {
          io.err(`There is no uploads folder at ${source}.`);
          return 1;
        }
        const report = await copyUploads(folderStore(source), target);
        io.out(
          `Copied ${report.copied} file${report.copied === 1 ? "" : "s"} from ${source} into ${target.location}; ${report.present} ${report.present === 1 ? "was" : "were"} there already.`,
        );
        if (report.skipped) io.out(`Left behind ${report.skipped} file${report.skipped === 1 ? "" : "s"} whose names no upload has.`);
        io.out("Run `check` with the same STORAGE_URL: it lists any file a row names that is not there.");
        return 0;
      }
      case "check": {
        const report = await withDatabase(env, ({ db, sqlite }) => checkData({ db, sqlite, env }));
        if (env.DATABASE_URL) {
          const where = new URL(env.DATABASE_URL);
          where.password = "";
          io.out(`database: PostgreSQL at ${where.href} (it checks its own pages and foreign keys)`);
        } else {
          io.out(`database: ${paths.database}`);
          io.out(`database integrity: ${report.integrity}`);
          io.out(`foreign keys: ${report.foreignKeys.length ? `${report.foreignKeys.length} broken` : "ok"}`);
        }
        for (const line of report.foreignKeys.slice(0, 20)) io.out(`  ${line}`);
        io.out(
          `migrations: ${report.pendingMigrations.length ? `${report.pendingMigrations.length} not applied yet (the next start applies them)` : "all applied"}`,
        );
        if (report.unknownMigrations.length)
          io.out(
            `  applied by a newer version, unknown to this one: ${report.unknownMigrations.join(", ")} (restore a backup from before it to go back)`,
          );
        if (!report.filesChecked) io.out("stored files: not checked until the migrations are applied");
        else
          io.out(
            `stored files (${fileStore(env).location}): ${report.missingFiles.length ? `${report.missingFiles.length} missing` : "all present"}`,
          );
        for (const line of report.missingFiles.slice(0, 50)) io.out(`  missing: ${line}`);
        if (report.unreferencedFiles.length)
          io.out(
            `unreferenced files: ${report.unreferencedFiles.length} (left by an interrupted upload; ${
              // Several processes share the store: a file may be another's upload on its way, so a start removes
              // only those over an hour old (orphan-sweep.ts; twelfth walk: the sentence promised the next start).
              env.DATABASE_URL ? "a start removes those more than an hour old" : "the next start removes them"
            })`,
          );
        io.out(report.ok ? "OK" : "PROBLEMS FOUND");
        return report.ok ? 0 : 1;
      }
      case "version":
        return 0; // answered above
    }
  } catch (err) {
    // A refusal or a failure, said in a sentence: no stack trace for the person at the console.
    io.err(
      err instanceof RestoreRefused || err instanceof AppError
        ? err.message
        : `Failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 1;
  }
}

if (import.meta.main) process.exitCode = await runCli(process.argv.slice(2));
