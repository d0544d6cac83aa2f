import { describe, expect, test } from "bun:test";
import path from "node:path";
import SQLite from "better-sqlite3";
import { createTestDeps } from "../src/server/testing.ts";
import { temporaryDir } from "../tests/setup/temp-dirs.ts";
import {
  backupDatabaseTo,
  changeCount,
  inOneProcess,
  integrityCheck,
  isPostgres,
  openDatabase,
  readNoOlderThanAsked,
} from "./connection.ts";

describe("backupDatabaseTo", () => {
  test("a database file is copied whole by a separate process while the server's connection keeps writing", async () => {
    const dir = temporaryDir("vacuum");
    const { sqlite } = openDatabase(path.join(dir, "live.db"));
    sqlite.exec("create table t (id integer primary key, v text)");
    const insert = sqlite.prepare("insert into t (v) values (?)");
    sqlite.transaction(() => {
      for (let i = 0; i < 5000; i++) insert.run(`row ${i}`);
    })();
    const copying = backupDatabaseTo(sqlite, path.join(dir, "copy.db"));
    // The event loop is free while the copy is made: writes go on meanwhile.
    let during = 0;
    for (let i = 0; i < 20; i++) {
      insert.run(`late ${i}`);
      during++;
      await Bun.sleep(1);
    }
    await copying;
    const copy = new SQLite(path.join(dir, "copy.db"), { readonly: true });
    const count = Number(copy.prepare("select count(*) from t").pluck().get());
    // A consistent snapshot: every row written before the copy began, and a whole number of later ones.
    expect(count).toBeGreaterThanOrEqual(5000);
    expect(count).toBeLessThanOrEqual(5000 + during);
    expect(integrityCheck(copy)).toBe("ok");
    copy.close();
    sqlite.close();
  });

  test("an in-memory database (tests) is copied in-process; a failure is reported, not swallowed", async () => {
    const dir = temporaryDir("vacuum");
    const { sqlite } = openDatabase(":memory:");
    sqlite.exec("create table t (v text); insert into t values ('kept')");
    await backupDatabaseTo(sqlite, path.join(dir, "memory-copy.db"));
    const copy = new SQLite(path.join(dir, "memory-copy.db"), { readonly: true });
    expect(copy.prepare("select v from t").pluck().get()).toBe("kept");
    copy.close();
    const file = openDatabase(path.join(dir, "live.db")).sqlite;
    file.exec("create table t (v text)");
    await expect(backupDatabaseTo(file, path.join(dir, "missing-folder", "copy.db"))).rejects.toThrow("backup copy failed");
  });
});

describe("changeCount", () => {
  test("moves with this connection's writes and with a commit by another connection (another process's create-admin)", () => {
    const dir = temporaryDir("change-count");
    const { db, sqlite } = openDatabase(path.join(dir, "live.db"));
    sqlite.exec("create table t (v text)");
    const before = changeCount(db)!;
    sqlite.exec("insert into t values ('mine')");
    const afterMine = changeCount(db)!;
    expect(afterMine).toBeGreaterThan(before);
    expect(changeCount(db)).toBe(afterMine);
    const other = new SQLite(path.join(dir, "live.db"));
    other.exec("insert into t values ('theirs')");
    other.close();
    expect(changeCount(db)!).toBeGreaterThan(afterMine);
    sqlite.close();
  });
});

describe("inOneProcess", () => {
  test("a scheduled job runs in one process at a time on PostgreSQL; on SQLite (one process) it just runs", async () => {
    const { db } = await createTestDeps();
    let running = 0;
    let most = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await held;
      running -= 1;
    };
    // The first "process" holds the job (it waits until told); a second asking meanwhile, on another pooled
    // connection, is refused on PostgreSQL. Waiting for the first to be inside keeps this true on a busy machine.
    const first = inOneProcess(db, "test-job", job);
    while (running === 0) await Bun.sleep(5);
    const second = inOneProcess(db, "test-job", job);
    if (isPostgres(db)) expect(await second).toBe(false);
    release();
    const ran = [await first, await second];
    if (isPostgres(db)) {
      expect(ran).toEqual([true, false]);
      expect(most).toBe(1);
      // Released afterwards: the next round runs.
      expect(await inOneProcess(db, "test-job", job)).toBe(true);
    } else {
      expect(ran).toEqual([true, true]);
    }
    // Another job's lock is its own.
    expect(await inOneProcess(db, "other-job", async () => {})).toBe(true);
  });
});

describe("readNoOlderThanAsked (the PostgreSQL data version's reads, issue 21)", () => {
  /** A read whose answer is the count of writes when it started, finished by hand. */
  function controlledReads() {
    let writes = 0;
    const started: { at: number; finish: () => void }[] = [];
    const read = () =>
      new Promise<number>((resolve) => {
        const at = writes;
        started.push({ at, finish: () => resolve(at) });
      });
    return { read, started, write: () => writes++ };
  }

  test("callers arriving during a read share the next one, never the one already running", async () => {
    const { read, started, write } = controlledReads();
    const version = readNoOlderThanAsked(read);
    const first = version();
    write(); // a commit elsewhere, then two requests ask
    const second = version();
    const third = version();
    expect(started).toHaveLength(1); // they wait: the running read began before the commit
    started[0]!.finish();
    expect(await first).toBe(0);
    await Bun.sleep(0);
    expect(started).toHaveLength(2); // one read for both, begun after they asked
    started[1]!.finish();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    // Idle again: the next caller starts its own read at once.
    const fourth = version();
    expect(started).toHaveLength(3);
    started[2]!.finish();
    expect(await fourth).toBe(1);
  });

  test("a failed read fails its callers only; the next callers read again", async () => {
    let calls = 0;
    const version = readNoOlderThanAsked(async () => {
      calls++;
      if (calls === 1) throw new Error("connection lost");
      return calls;
    });
    await expect(version()).rejects.toThrow("connection lost");
    expect(await version()).toBe(2);
  });
});
