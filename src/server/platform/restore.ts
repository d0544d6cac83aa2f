/**
 * `restore <file>` (issue 20): puts a backup (platform/backups.ts: `institute.db` + `uploads/` in one
 * tar.gz) in place of the data folder's database and uploads. Refuses while a server runs on the folder
 * (it stops nothing), and checks the archive before touching anything: only those two entries, no path
 * leaving the folder, a database that passes SQLite's integrity check. What it replaces is moved aside to
 * DATA_DIR/before-restore-<time>/, never deleted; backups/, outbox/ and the runtime stay as they are.
 * The next start migrates an older backup up to date.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { runningServer } from "./server-lock.ts";
import { dataPaths, ensureDataDirs } from "./storage.ts";

export class RestoreRefused extends Error {}

async function tar(args: string[]): Promise<string> {
  const proc = Bun.spawn(["tar", ...args], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0)
    throw new RestoreRefused(`The file is not a readable backup archive (tar: ${err.trim().slice(0, 300) || `exit ${code}`}).`);
  return out;
}

/** Whether an archive entry is one a backup holds: institute.db, or something under uploads/. */
export function isBackupEntry(entry: string): boolean {
  const name = entry.replace(/^\.\//, "");
  if (name === "institute.db") return true;
  if (!(name === "uploads" || name === "uploads/" || name.startsWith("uploads/"))) return false;
  return !name.split("/").some((part) => part === ".." || part === ".") && !name.includes("\\");
}

/** The backup's database opens, passes SQLite's integrity check and is the institute's; else RestoreRefused. */
function checkRestoredDatabase(file: string): void {
  let result: string;
  let institute: boolean;
  try {
    const check = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      result = String(check.pragma("integrity_check", { simple: true }));
      institute = check.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get() !== undefined;
    } finally {
      check.close();
    }
  } catch (err) {
    throw new RestoreRefused(`The backup's database cannot be read (${err instanceof Error ? err.message : String(err)}): not restored.`);
  }
  if (result !== "ok") throw new RestoreRefused(`The backup's database is damaged (${result.slice(0, 200)}): not restored.`);
  if (!institute) throw new RestoreRefused("The backup's database is not an institute database: not restored.");
}

/**
 * Moves what a folder holds (not the folder: a shared store may be a mount point) into another; across
 * file systems (a store elsewhere, EXDEV) each entry is copied, then removed.
 */
function moveEntries(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const source = path.join(from, entry);
    const target = path.join(to, entry);
    try {
      renameSync(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      cpSync(source, target, { recursive: true });
      rmSync(source, { recursive: true, force: true });
    }
  }
}

export interface Restored {
  /** where the replaced database and uploads were moved */
  movedAsideTo: string | null;
  files: number;
}

/**
 * `uploads` is the file store's folder (DATA_DIR/uploads unless STORAGE_URL names another); null when
 * files are in a bucket, which a restore leaves alone: an archive holding uploads is then refused.
 */
export async function restoreBackup(
  dataDir: string,
  archive: string,
  { uploads = dataPaths(dataDir).uploads, now = new Date() }: { uploads?: string | null; now?: Date } = {},
): Promise<Restored> {
  const paths = dataPaths(dataDir);
  const pid = runningServer(paths.serverLock);
  if (pid !== null) throw new RestoreRefused(`A server (process ${pid}) is running on ${paths.root}: stop it first, then restore.`);
  const file = path.resolve(archive);
  if (!existsSync(file)) throw new RestoreRefused(`No such file: ${file}`);
  if (!statSync(file).isFile()) throw new RestoreRefused(`${file} is a folder, not a backup file (backup-<time>.tar.gz).`);

  const entries = (await tar(["-tzf", file])).split("\n").filter(Boolean);
  if (entries.some((e) => e.replace(/^\.\//, "") === "institute.pgdump"))
    throw new RestoreRefused(
      "This backup holds a PostgreSQL dump (institute.pgdump): restore it with pg_restore --clean into the database and unpack its uploads/ by hand (docs/SCALING.md).",
    );
  const strange = entries.filter((e) => !isBackupEntry(e));
  if (strange.length)
    throw new RestoreRefused(`The archive holds more than a backup does (${strange.slice(0, 3).join(", ")}): not restored.`);
  if (!entries.some((e) => e.replace(/^\.\//, "") === "institute.db"))
    throw new RestoreRefused("The archive has no institute.db: not a backup.");
  if (uploads === null && entries.some((e) => e.replace(/^\.\//, "").startsWith("uploads/")))
    throw new RestoreRefused(
      "The archive holds uploads/ but STORAGE_URL names a bucket: restore without STORAGE_URL (its uploads go to DATA_DIR/uploads), then run copy-uploads with it.",
    );

  ensureDataDirs(paths);
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const work = path.join(paths.root, `.restore-${stamp}`);
  mkdirSync(work, { recursive: true });
  try {
    await tar(["-xzf", file, "-C", work, "--no-same-owner", "--no-same-permissions"]);
    const restoredDb = path.join(work, "institute.db");
    checkRestoredDatabase(restoredDb);

    const current = [paths.database, `${paths.database}-wal`, `${paths.database}-shm`].filter((p) => existsSync(p));
    let movedAsideTo: string | null = null;
    if (current.length || (uploads && existsSync(uploads))) {
      movedAsideTo = path.join(paths.root, `before-restore-${stamp}`);
      mkdirSync(movedAsideTo);
      for (const p of current) renameSync(p, path.join(movedAsideTo, path.basename(p)));
      if (uploads && existsSync(uploads)) moveEntries(uploads, path.join(movedAsideTo, "uploads"));
    }
    renameSync(restoredDb, paths.database);
    const restoredUploads = path.join(work, "uploads");
    if (uploads && existsSync(restoredUploads)) moveEntries(restoredUploads, uploads);
    ensureDataDirs(paths);
    return { movedAsideTo, files: entries.filter((e) => !e.endsWith("/")).length };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
