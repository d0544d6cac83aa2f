/**
 * Backups (DECISIONS 3): a consistent copy of the database (SQLite: VACUUM INTO; PostgreSQL: pg_dump) plus
 * the uploads (the file store's folder, when it is one), packed into one `backup-<time>.tar.gz` under
 * DATA_DIR/backups. Run on the chosen frequency and on demand;
 * the newest BACKUP_RETENTION are kept. README "Backups" explains restoring one.
 */
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { backupDatabaseTo, inOneProcess } from "../../../db/connection.ts";
import { dumpDatabaseTo } from "../../../db/postgres.ts";
import { config } from "../../shared/i18n/config.ts";
import type { AppDeps } from "../deps.ts";
import { AppError, notFound } from "./errors.ts";
import { fileStore } from "./file-store.ts";
import { dataPaths } from "./storage.ts";

export const BACKUP_RETENTION = 14;
/** The database's copy inside a backup: SQLite's file, or PostgreSQL's pg_dump (custom format, issue 21). */
export const DATABASE_COPY = { sqlite: "institute.db", postgres: "institute.pgdump" } as const;
const NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;
const FREQUENCY_MS = { hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000, monthly: 30 * 86_400_000 } as const;

export interface BackupInfo {
  name: string;
  size: number;
  createdAt: string;
}

let running: Promise<BackupInfo> | null = null;

/**
 * tar's arguments that pack the file store's folder as "uploads/" (wherever STORAGE_URL put it). A bucket
 * is not packed: it is kept by the bucket's own versioning or replication (docs/SCALING.md).
 */
export function uploadsInArchive(folder: string | null): string[] {
  if (!folder) return [];
  const base = path.basename(folder);
  const rename = base === "uploads" ? [] : [`--transform=s,^${base.replace(/[^A-Za-z0-9_-]/g, "\\$&")},uploads,`];
  return [...rename, "-C", path.dirname(folder), base];
}

/** Makes one backup now (one at a time); then prunes to the newest BACKUP_RETENTION. */
export function createBackup(deps: Pick<AppDeps, "sqlite" | "env" | "now" | "logger">): Promise<BackupInfo> {
  running ??= (async () => {
    const paths = dataPaths(deps.env.dataDir);
    const createdAt = deps.now().toISOString();
    const name = `backup-${createdAt.replace(/[:.]/g, "-")}.tar.gz`;
    const work = path.join(paths.backups, `.work-${process.pid}-${Date.now()}`);
    await mkdir(work, { recursive: true });
    try {
      if (deps.sqlite) await backupDatabaseTo(deps.sqlite, path.join(work, DATABASE_COPY.sqlite));
      else if (deps.env.DATABASE_URL) await dumpDatabaseTo(deps.env.DATABASE_URL, path.join(work, DATABASE_COPY.postgres));
      else throw new Error("no database to back up");
      const tar = Bun.spawn(
        [
          "tar",
          "-czf",
          path.join(paths.backups, `${name}.partial`),
          "-C",
          work,
          deps.sqlite ? DATABASE_COPY.sqlite : DATABASE_COPY.postgres,
          ...uploadsInArchive(fileStore(deps.env).folder),
        ],
        { stdout: "ignore", stderr: "pipe" },
      );
      if ((await tar.exited) !== 0) throw new Error(`tar failed: ${await new Response(tar.stderr).text()}`);
      // Only a complete archive gets its final name.
      await Bun.$`mv ${path.join(paths.backups, `${name}.partial`)} ${path.join(paths.backups, name)}`.quiet();
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    await pruneBackups(paths.backups);
    const size = (await stat(path.join(paths.backups, name))).size;
    deps.logger.info("backup written", { name, size });
    return { name, size, createdAt };
  })().finally(() => {
    running = null;
  });
  return running;
}

async function pruneBackups(dir: string) {
  const names = (await readdir(dir))
    .filter((n) => NAME.test(n))
    .sort()
    .reverse();
  await Promise.all(names.slice(BACKUP_RETENTION).map((n) => rm(path.join(dir, n), { force: true })));
}

export async function listBackups(deps: Pick<AppDeps, "env">): Promise<BackupInfo[]> {
  const dir = dataPaths(deps.env.dataDir).backups;
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => NAME.test(n))
    .sort()
    .reverse();
  return Promise.all(
    names.map(async (name) => {
      const s = await stat(path.join(dir, name));
      const stamp = name.slice("backup-".length, -".tar.gz".length);
      const iso = stamp.replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, "T$1:$2:$3.$4Z");
      return { name, size: s.size, createdAt: iso };
    }),
  );
}

/** The path of a backup for download; only names the server made are accepted. */
export function backupPath(deps: Pick<AppDeps, "env">, name: string): string {
  if (!NAME.test(name)) throw notFound(config.t("backups.notFound"));
  return path.join(dataPaths(deps.env.dataDir).backups, name);
}

/** Whether a scheduled backup is due, given the newest one and the frequency setting. */
export function backupDue(newest: string | undefined, frequency: keyof typeof FREQUENCY_MS, now: Date): boolean {
  return !newest || now.getTime() - Date.parse(newest) >= FREQUENCY_MS[frequency];
}

export interface BackupSchedule {
  /** the frequency chosen now (Settings → System), read at every check */
  frequency(): Promise<keyof typeof FREQUENCY_MS>;
  /** told when a scheduled backup fails */
  onFailure(message: string): Promise<void>;
  /**
   * When any process sharing the database last made a backup (this folder holds only this process's): with
   * several processes, each found its own folder empty and backed up (twelfth walk).
   */
  lastMade(): Promise<string | undefined>;
  /** told of a scheduled backup made, so the others see it */
  made(backup: BackupInfo): Promise<void>;
}

/** The later of two instants (ISO strings), either possibly missing. */
const later = (a: string | undefined, b: string | undefined) => (!a ? b : !b ? a : Date.parse(a) >= Date.parse(b) ? a : b);

/** Checks every few minutes whether the chosen frequency calls for a backup. */
export function startBackupScheduler(deps: AppDeps, schedule: BackupSchedule, everyMs = 5 * 60_000, firstAfterMs = 60_000) {
  const tick = async () => {
    try {
      // Several processes on one PostgreSQL database: one of them checks and backs up (issue 21).
      await inOneProcess(deps.db, "backups", async () => {
        const newest = later((await listBackups(deps))[0]?.createdAt, await schedule.lastMade());
        if (backupDue(newest, await schedule.frequency(), deps.now())) await schedule.made(await createBackup(deps));
      });
    } catch (err) {
      deps.logger.error("scheduled backup failed", { error: String(err) });
      await schedule.onFailure(err instanceof AppError ? err.message : String(err)).catch(() => {});
    }
  };
  // The first check waits a minute, so start-up stays fast.
  const first = setTimeout(tick, firstAfterMs);
  const timer = setInterval(tick, everyMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
