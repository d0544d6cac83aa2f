import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { temporaryDir } from "../../../tests/setup/temp-dirs.ts";
import { isBackupEntry, RestoreRefused, restoreBackup } from "./restore.ts";
import { claimServerLock } from "./server-lock.ts";
import { dataPaths, ensureDataDirs } from "./storage.ts";

const temp = (name: string) => temporaryDir(name);

/** A tar.gz of `dir`'s given entries, as a backup (or a forged one) would be. */
async function archive(dir: string, entries: string[]): Promise<string> {
  const file = path.join(temp("archive"), "backup.tar.gz");
  const proc = Bun.spawn(["tar", "-czf", file, "-C", dir, ...entries], { stderr: "pipe" });
  if ((await proc.exited) !== 0) throw new Error(await new Response(proc.stderr).text());
  return file;
}

function database(file: string, marker: string) {
  const db = new SQLite(file);
  db.exec(`create table users (id integer primary key, name text); insert into users (name) values ('${marker}')`);
  db.close();
}

const marker = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  const name = db.prepare("select name from users").pluck().get();
  db.close();
  return name;
};

async function backupOf(markerName: string, upload: string) {
  const source = temp("source");
  database(path.join(source, "institute.db"), markerName);
  mkdirSync(path.join(source, "uploads", "documents"), { recursive: true });
  writeFileSync(path.join(source, "uploads", "documents", upload), "pdf");
  return archive(source, ["institute.db", "uploads"]);
}

function dataFolder(markerName: string) {
  const dataDir = temp("data");
  const paths = dataPaths(dataDir);
  ensureDataDirs(paths);
  database(paths.database, markerName);
  writeFileSync(path.join(paths.documents, "current.pdf"), "now");
  writeFileSync(path.join(paths.backups, "kept.tar.gz"), "x");
  return { dataDir, paths };
}

describe("isBackupEntry", () => {
  test("only institute.db and paths under uploads/ that stay inside", () => {
    for (const ok of ["institute.db", "./institute.db", "uploads/", "uploads/documents/a.pdf", "./uploads/gallery/x-480.webp"])
      expect(isBackupEntry(ok)).toBe(true);
    for (const bad of [
      "../institute.db",
      "/etc/passwd",
      "uploads/../../x",
      "backups/old.tar.gz",
      "institute.db-wal",
      "uploads\\..\\x",
      "other",
    ])
      expect(isBackupEntry(bad)).toBe(false);
  });
});

describe("restoreBackup", () => {
  test("puts the backup's database and uploads in place and keeps what it replaced aside; backups stay", async () => {
    const file = await backupOf("from backup", "old.pdf");
    const { dataDir, paths } = dataFolder("current");
    const restored = await restoreBackup(dataDir, file, { now: new Date("2026-11-25T10:00:00Z") });
    expect(marker(paths.database)).toBe("from backup");
    expect(readdirSync(paths.documents)).toEqual(["old.pdf"]);
    expect(restored.movedAsideTo).toBe(path.join(paths.root, "before-restore-2026-11-25T10-00-00-000Z"));
    expect(marker(path.join(restored.movedAsideTo!, "institute.db"))).toBe("current");
    expect(readFileSync(path.join(restored.movedAsideTo!, "uploads", "documents", "current.pdf"), "utf8")).toBe("now");
    expect(existsSync(path.join(paths.backups, "kept.tar.gz"))).toBe(true);
    // Every folder the server expects is there, and no working folder is left.
    expect(existsSync(paths.gallery)).toBe(true);
    expect(readdirSync(paths.root).filter((n) => n.startsWith(".restore-"))).toEqual([]);
  });

  test("refuses, changing nothing: while a server runs, a foreign entry, no database, a damaged database, not an archive", async () => {
    const { dataDir, paths } = dataFolder("current");
    const expectRefused = async (file: string, message: string) => {
      const refusal = restoreBackup(dataDir, file);
      await expect(refusal).rejects.toBeInstanceOf(RestoreRefused);
      await expect(refusal).rejects.toThrow(message);
      expect(marker(paths.database)).toBe("current");
      expect(readdirSync(paths.documents)).toEqual(["current.pdf"]);
    };

    const release = claimServerLock(paths.serverLock);
    await expectRefused(await backupOf("x", "a.pdf"), "stop it first");
    release();

    const forged = temp("forged");
    database(path.join(forged, "institute.db"), "x");
    writeFileSync(path.join(forged, "server.js"), "evil");
    await expectRefused(await archive(forged, ["institute.db", "server.js"]), "holds more than a backup does");

    const noDb = temp("nodb");
    mkdirSync(path.join(noDb, "uploads"));
    await expectRefused(await archive(noDb, ["uploads"]), "no institute.db");

    const damaged = temp("damaged");
    writeFileSync(path.join(damaged, "institute.db"), "not a database at all, just text that is long enough to look like one".repeat(50));
    await expectRefused(await archive(damaged, ["institute.db"]), "not restored");

    const notUsers = temp("other-db");
    const other = new SQLite(path.join(notUsers, "institute.db"));
    other.exec("create table t (x)");
    other.close();
    await expectRefused(await archive(notUsers, ["institute.db"]), "not an institute database");

    const text = path.join(temp("text"), "notes.txt");
    writeFileSync(text, "hello");
    await expectRefused(text, "not a readable backup archive");
    await expectRefused(path.join(dataDir, "missing.tar.gz"), "No such file");
  });
});

describe("restoreBackup of a PostgreSQL backup", () => {
  test("is refused with the way to restore it (pg_restore), changing nothing", async () => {
    const source = temp("pg-backup");
    writeFileSync(path.join(source, "institute.pgdump"), "PGDMP");
    mkdirSync(path.join(source, "uploads"));
    const { dataDir, paths } = dataFolder("current");
    const refusal = restoreBackup(dataDir, await archive(source, ["institute.pgdump", "uploads"]));
    await expect(refusal).rejects.toThrow("pg_restore");
    expect(marker(paths.database)).toBe("current");
  });
});

describe("restoreBackup with STORAGE_URL (issue 21)", () => {
  test("a shared folder elsewhere: the backup's uploads go there, what it held is kept aside", async () => {
    const { dataDir, paths } = dataFolder("current");
    const shared = temp("shared-uploads");
    mkdirSync(path.join(shared, "photos"), { recursive: true });
    writeFileSync(path.join(shared, "photos", "now.webp"), "now");
    const restored = await restoreBackup(dataDir, await backupOf("from backup", "old.pdf"), { uploads: shared });
    expect(marker(paths.database)).toBe("from backup");
    expect(readdirSync(path.join(shared, "documents"))).toEqual(["old.pdf"]);
    expect(existsSync(path.join(shared, "photos"))).toBe(false);
    expect(readFileSync(path.join(restored.movedAsideTo!, "uploads", "photos", "now.webp"), "utf8")).toBe("now");
    // DATA_DIR/uploads is not the store: left as it was
    expect(readdirSync(paths.documents)).toEqual(["current.pdf"]);
  });

  test("a bucket: a backup of the database alone is restored; one holding uploads/ is refused, changing nothing", async () => {
    const { dataDir, paths } = dataFolder("current");
    await expect(restoreBackup(dataDir, await backupOf("x", "a.pdf"), { uploads: null })).rejects.toThrow("names a bucket");
    expect(marker(paths.database)).toBe("current");
    const dbOnly = temp("db-only");
    database(path.join(dbOnly, "institute.db"), "database alone");
    await restoreBackup(dataDir, await archive(dbOnly, ["institute.db"]), { uploads: null });
    expect(marker(paths.database)).toBe("database alone");
  });
});
