/**
 * `copy-to-postgres` (issue 21): an institute's SQLite file with the seeded demo content and more is copied
 * into a new PostgreSQL database; every table arrives whole, the accounts sign in there with the same
 * passwords, new rows get fresh ids, and a second copy into the now non-empty database is refused.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../../db/connection.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { openPostgres, withDatabaseName } from "../../db/postgres.ts";
import { seed } from "../../db/seed.ts";
import { runCli } from "../../src/server/cli.ts";
import { parseEnv } from "../../src/server/env.ts";
import { loginAdmin, loginStudent } from "../../src/server/features/auth/auth.service.ts";
import { submitContact } from "../../src/server/features/contacts/contacts.service.ts";
import { folderStore } from "../../src/server/platform/file-store.ts";
import { memoryLogger } from "../../src/server/platform/logger.ts";
import { createDatabaseRateLimiter } from "../../src/server/platform/rate-limit.ts";
import { dataPaths, ensureDataDirs } from "../../src/server/platform/storage.ts";
import { createInstituteMailer } from "../../src/server/workers.ts";
import { SEED_ADMISSION_COURSES, SEED_STANDARDS, SEED_STREAMS } from "../../src/shared/constants.ts";

const server = process.env.TEST_DATABASE_URL;
if (!server) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run test:postgres`");
const name = `copy_${process.pid}`;
const url = withDatabaseName(server, name);
const dataDir = mkdtempSync(path.join(tmpdir(), "institute-copy-"));
const ADMIN = { email: "copy.admin@example.test", password: "CopyAdmin1pass" };
const admin = openPostgres(server, { max: 1 });

afterAll(async () => {
  await sql.raw(`drop database if exists ${name}`).execute(admin.db);
  await admin.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out: () => out.join("\n"), err: () => err.join("\n") };
}

describe("copy-to-postgres", () => {
  test("every table arrives whole; accounts sign in with their passwords; new rows get fresh ids; a second copy is refused", async () => {
    // The SQLite institute: demo content, an admin and a student with known passwords, an inquiry.
    const paths = dataPaths(dataDir);
    ensureDataDirs(paths);
    const source = openDatabase(paths.database);
    await migrateToLatest(source.db);
    const { created } = await seed(source.db, {
      now: new Date(),
      production: false,
      files: folderStore(paths.uploads),
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
    });
    const student = created.find((c) => c.role === "student")!;
    // An institute that ran before issue 17 still holds its old option lists (catalog_options): they move too.
    await source.db
      .insertInto("catalog_options")
      .values(
        (
          [
            ["admission_course", SEED_ADMISSION_COURSES],
            ["stream", SEED_STREAMS],
            ["standard", SEED_STANDARDS],
          ] as const
        ).flatMap(([list, values]) => values.map((value, i) => ({ list, value, sort_order: i + 1 }))),
      )
      .execute();
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir });
    const { logger } = memoryLogger("warn");
    const now = () => new Date();
    const sqliteDeps = { db: source.db, sqlite: source.sqlite, env, logger, now, limits: createDatabaseRateLimiter(source.db, now) };
    await submitContact(
      { ...sqliteDeps, mail: createInstituteMailer({ db: source.db, env, logger, now }) },
      { name: "Asha Copy", email: "asha.copy@example.test", subject: "fees", message: "Before the move.", website: "", phone: undefined },
      { ip: "10.1.1.1" },
    );
    const tables = (source.sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]).filter(
      (t) => !/^(sqlite_|kysely_migration)|_fts(_|$)/.test(t),
    );
    const counts = Object.fromEntries(tables.map((t) => [t, Number(source.sqlite.prepare(`select count(*) from "${t}"`).pluck().get())]));
    await source.db.destroy();

    await sql.raw(`drop database if exists ${name}`).execute(admin.db);
    await sql.raw(`create database ${name}`).execute(admin.db);
    const copy = io();
    expect(await runCli(["copy-to-postgres", url], { DATA_DIR: dataDir, NODE_ENV: "test" }, copy.io)).toBe(0);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(copy.out()).toContain(`Copied ${total} rows of ${tables.length} tables`);
    expect(total).toBeGreaterThan(100);

    const target = openPostgres(url, { max: 2 });
    try {
      for (const t of tables) {
        const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(target.db);
        expect([t, Number(rows[0]!.n)]).toEqual([t, counts[t]!]);
      }
      // Vacuumed and analysed after the copy: the first queries have the planner's statistics.
      const { rows: stats } = await sql<{ vacuumed: boolean; analysed: boolean }>`
        select last_vacuum is not null as vacuumed, last_analyze is not null as analysed
        from pg_stat_user_tables where relname = 'users'`.execute(target.db);
      expect(stats[0]).toEqual({ vacuumed: true, analysed: true });
      const pgEnv = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: url });
      const deps = {
        db: target.db,
        sqlite: null,
        env: pgEnv,
        logger,
        now,
        limits: createDatabaseRateLimiter(target.db, now),
        mail: createInstituteMailer({ db: target.db, env: pgEnv, logger, now }),
      };
      expect(await loginAdmin(deps, ADMIN)).toMatchObject({ user: { email: ADMIN.email, role: "admin" } });
      const signedIn = await loginStudent(deps, { email: "", studentId: student.studentId!, password: student.password });
      expect(JSON.stringify(signedIn)).toContain(student.studentId!);
      const before = Number((await sql<{ m: number }>`select max(id) as m from contact_inquiries`.execute(target.db)).rows[0]!.m);
      const { id } = await submitContact(
        deps,
        { name: "After", email: "after@example.test", subject: "fees", message: "After the move.", website: "", phone: undefined },
        { ip: "10.1.1.2" },
      );
      expect(id).toBeGreaterThan(before);
    } finally {
      await target.db.destroy();
    }

    const again = io();
    expect(await runCli(["copy-to-postgres", url], { DATA_DIR: dataDir, NODE_ENV: "test" }, again.io)).toBe(1);
    expect(again.err()).toContain("not empty");

    // Moved: a command without DATABASE_URL would work on the SQLite copy from before the move, so it is refused.
    const sqliteEnv = { DATA_DIR: dataDir, NODE_ENV: "test" };
    for (const command of [["check"], ["backup"], ["create-admin", "late@example.test"], ["migrate"]]) {
      const stale = io();
      expect(await runCli(command, sqliteEnv, stale.io)).toBe(1);
      expect(stale.err()).toContain("This site moved to PostgreSQL (copied to postgres://");
      expect(stale.err()).not.toContain(":secret@");
    }
    const pgCommandEnv = { ...sqliteEnv, DATABASE_URL: url };
    // A file no row names: on PostgreSQL several processes share the store, so a start removes it only once
    // it is an hour old (another process's upload may be on its way), and `check` says so.
    mkdirSync(path.join(dataDir, "uploads", "documents"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "documents", "ffffffffffffffffffffffff.pdf"), "%PDF-1.4");
    const check = io();
    expect(await runCli(["check"], pgCommandEnv, check.io)).toBe(0);
    expect(check.out()).toStartWith("database: PostgreSQL at postgres://");
    expect(check.out()).not.toContain("database integrity");
    expect(check.out()).toContain("unreferenced files: 1 (left by an interrupted upload; a start removes those more than an hour old)");
    const restore = io();
    expect(await runCli(["restore", path.join(dataDir, "none.tar.gz")], pgCommandEnv, restore.io)).toBe(1);
    expect(restore.err()).toContain("this site's database is PostgreSQL");

    // Said as sentences: a wrong address, and a database that cannot be reached.
    const notUrl = io();
    expect(await runCli(["copy-to-postgres", "notaurl"], sqliteEnv, notUrl.io)).toBe(2);
    expect(notUrl.err()).toStartWith("The address to copy into must be a postgres:// address");
    const closed = io();
    expect(await runCli(["copy-to-postgres", "postgres://institute@127.0.0.1:1/none"], sqliteEnv, closed.io)).toBe(1);
    expect(closed.err()).toStartWith("Failed: The database could not be opened:");
  });
});
