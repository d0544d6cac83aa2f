/**
 * Two app processes on one PostgreSQL database (issue 21), as on two machines: each has a DATA_DIR of its
 * own, and uploads go to one S3-compatible bucket (STORAGE_URL; tests/setup/s3-server.ts). A session made on
 * one works on the other; a write on one is seen on the other's next read (its read cache is not stale); a
 * file uploaded through one is served by the other; a rate limit holds across both; 100 queued mails are
 * each delivered once although both workers drain the outbox at the same moment; settings saved through one
 * handle are read through another at its next request, or within SETTINGS_FRESH_MS. Run by
 * tests/postgres/run.ts with TEST_DATABASE_URL naming the server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DB, dataVersion } from "../../db/connection.ts";
import { openPostgres, withDatabaseName } from "../../db/postgres.ts";
import { DEMO_GALLERY } from "../../db/seed.ts";
import { getSettings, SETTINGS_FRESH_MS, saveSettingsGroup } from "../../src/server/features/settings/settings.service.ts";
import { pngBytes } from "../../src/server/test-files.ts";
import { createTestDeps } from "../../src/server/testing.ts";
import { DEFAULT_SETTINGS } from "../../src/shared/schemas/settings.ts";
import { untilListening } from "../setup/listening.ts";
import { startS3Server, type TestS3 } from "../setup/s3-server.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");
const server = process.env.TEST_DATABASE_URL;
if (!server) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run test:postgres`");
const name = `two_processes_${process.pid}`;
const url = withDatabaseName(server, name);
const dataDirs = [mkdtempSync(path.join(tmpdir(), "institute-two-a-")), mkdtempSync(path.join(tmpdir(), "institute-two-b-"))];
const ADMIN = { email: "two.admin@example.test", password: "TwoProcesses1pass" };
const env = {
  ...process.env,
  DATABASE_URL: url,
  NODE_ENV: "development",
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: "warn",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function start(dataDir: string, databaseUrl = url): Promise<{ url: string; proc: Bun.Subprocess }> {
  const proc = Bun.spawn([process.execPath, "src/server/main.ts"], {
    cwd: ROOT,
    env: { ...env, ...s3.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { url: (await untilListening(proc)).url, proc };
}

let a: { url: string; proc: Bun.Subprocess };
let b: { url: string; proc: Bun.Subprocess };
let db: pg.Client;
let s3: TestS3;

beforeAll(async () => {
  await onServer(`drop database if exists ${name}`);
  await onServer(`create database ${name}`);
  s3 = await startS3Server();
  // Both started at the same moment on the empty database: one migrates and seeds (the gallery's pictures into
  // the bucket) while the other waits, then finds it done (twelfth walk: one died, or the gallery came twice).
  [a, b] = await Promise.all([start(dataDirs[0]!), start(dataDirs[1]!)]);
  db = new pg.Client({ connectionString: url });
  await db.connect();
});

afterAll(async () => {
  for (const s of [a, b]) s?.proc.kill();
  await Promise.all([a?.proc.exited, b?.proc.exited]);
  await db?.end();
  await onServer(`drop database if exists ${name}`);
  await s3?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const json = (res: Response) => res.json() as Promise<{ data: Record<string, unknown> }>;
const login = (base: string, password = ADMIN.password, email = ADMIN.email) =>
  fetch(`${base}/api/auth/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });

describe("two app processes on one PostgreSQL database", () => {
  let token = "";

  test("started together on an empty database, both come up; the administrator and the demo gallery are made once", async () => {
    const count = async (query: string) => Number((await db.query(query)).rows[0]!.n);
    expect(await count("select count(*) as n from users where role = 'admin'")).toBe(1);
    expect(await count("select count(*) as n from gallery_images")).toBe(DEMO_GALLERY.length);
    for (const s of [a, b]) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  });

  test("a session made on one process works on the other", async () => {
    const res = await login(a.url);
    expect(res.status).toBe(200);
    token = String((await json(res)).data.token);
    const me = await fetch(`${b.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(ADMIN.email);
  });

  test("a write on one is seen on the other's next read: its remembered list is not served stale", async () => {
    const list = async () => {
      const res = await fetch(`${b.url}/api/public/admin/contacts?limit=5`, { headers: { authorization: `Bearer ${token}` } });
      return (await json(res)).data as { contacts: { name: string }[]; pagination: { totalItems: number } };
    };
    const before = await list();
    expect(await list()).toEqual(before); // remembered by B
    const sent = await fetch(`${a.url}/api/trpc/contacts.submit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Asha Two",
        email: "asha.two@example.test",
        subject: "fees",
        message: "Sent through the first process.",
      }),
    });
    expect(sent.status).toBe(200);
    const after = await list();
    expect(after.pagination.totalItems).toBe(before.pagination.totalItems + 1);
    expect(after.contacts[0]!.name).toBe("Asha Two");
  });

  test("100 queued mails, both workers draining at once: each is delivered exactly once", async () => {
    const at = new Date().toISOString();
    await db.query(
      `insert into email_outbox (to_address, subject, text_body, template, status, attempts, created_at)
       select 'reader' || n || '@example.test', 'Message ' || n, 'Body ' || n, 'test', 'pending', 0, $1 from generate_series(1, 100) as n`,
      [at],
    );
    // A forgotten-password request kicks each process's worker: both start on the same rows together.
    const kick = (base: string) =>
      fetch(`${base}/api/auth/forgot-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: ADMIN.email, userType: "admin" }),
      });
    await Promise.all([kick(a.url), kick(b.url)]);
    const deadline = Date.now() + 30_000;
    let pending = -1;
    while (pending !== 0 && Date.now() < deadline) {
      pending = Number((await db.query("select count(*) as n from email_outbox where status = 'pending'")).rows[0].n);
      await Bun.sleep(100);
    }
    expect(pending).toBe(0);
    const rows = (await db.query("select id from email_outbox where status = 'sent'")).rows as { id: number }[];
    // Each process writes what it sends into its own outbox folder: together, one file per message.
    const files = dataDirs.flatMap((dir) => readdirSync(path.join(dir, "outbox"))).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(rows.length);
    expect(new Set(files.map((f) => f.slice(-10))).size).toBe(rows.length); // "-000042.eml": one file per message
    expect(rows.length).toBeGreaterThanOrEqual(100);
  });

  test("a file uploaded through one process is served by the other: uploads live in the bucket, not a process's folder", async () => {
    const gallery = new FormData();
    gallery.append("images", new File([await pngBytes(900, 600)], "hall.png", { type: "image/png" }));
    gallery.append("imageDetails", JSON.stringify([{ title: "Uploaded through A" }]));
    const uploaded = await fetch(`${a.url}/api/gallery/upload`, {
      method: "POST",
      body: gallery,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(uploaded.status).toBe(201);
    const key = (await db.query("select file_key from gallery_images where title = 'Uploaded through A'")).rows[0].file_key as string;
    const served = await fetch(`${b.url}/media/gallery/${key}-960.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
    for (const dir of dataDirs) expect(readdirSync(path.join(dir, "uploads", "gallery"))).toEqual([]);
  });

  test("a rate limit holds across both: failed sign-ins from one address, counted on either, close both", async () => {
    const limit = 30; // RATE_RULES.loginFailuresPerIp
    const answers: number[] = [];
    // An unknown address, so no account lock gets in the way: only the address's count is tested.
    for (let i = 0; i < limit; i++) answers.push((await login(i % 2 ? a.url : b.url, `Wrong${i}password`, "nobody@example.test")).status);
    expect(answers.every((s) => s === 401)).toBe(true);
    expect((await login(a.url)).status).toBe(429);
    expect((await login(b.url)).status).toBe(429);
  });
});

/** Two handles on one database, as two server processes have: the settings each reads (issue 21, docs/SCALING.md). */
describe("a connection the database ends", () => {
  test("does not end either process: the next request opens another (twelfth walk: both processes exited)", async () => {
    // Every other connection to this database, as a database restart or an administrator would end them.
    const ended = await db.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    expect(ended.rowCount).toBeGreaterThan(0);
    await Bun.sleep(200);
    for (const s of [a, b]) {
      expect(s.proc.exitCode).toBeNull();
      const res = await fetch(`${s.url}/api/health`);
      expect(res.status).toBe(200);
    }
  });
});

describe("settings across processes", () => {
  async function twoHandles(): Promise<{ first: DB; second: DB; close: () => Promise<void> }> {
    const deps = await createTestDeps();
    const other = openPostgres(deps.env.DATABASE_URL!);
    return { first: deps.db, second: other.db, close: () => other.pool.end() };
  }

  test("a settings save by another process on the same database is read at its next request, or within SETTINGS_FRESH_MS (docs/SCALING.md)", async () => {
    const { first, second, close } = await twoHandles();
    try {
      const now = () => new Date();
      const general = DEFAULT_SETTINGS.general;
      expect((await getSettings({ db: first })).general.timeZone).toBe("Asia/Kolkata");
      await saveSettingsGroup({ db: second, now }, "general", { ...general, timeZone: "UTC" });
      expect((await getSettings({ db: second })).general.timeZone).toBe("UTC");
      // A request that checks the data version (every cached read does) reads the settings again.
      await dataVersion(first);
      expect((await getSettings({ db: first })).general.timeZone).toBe("UTC");
      // One that does not still has them within SETTINGS_FRESH_MS (before, a process kept its copy until it
      // saved settings itself or restarted).
      await saveSettingsGroup({ db: second, now }, "general", { ...general, timeZone: "Europe/London" });
      expect((await getSettings({ db: first })).general.timeZone).toBe("UTC");
      await Bun.sleep(SETTINGS_FRESH_MS + 50);
      expect((await getSettings({ db: first })).general.timeZone).toBe("Europe/London");
    } finally {
      await close();
    }
  });
});

describe("commands and starts beside a PostgreSQL site (walk 19b)", () => {
  test("a command in a PostgreSQL server's data folder without DATABASE_URL is refused, not run on a new SQLite file (walk 19b)", async () => {
    const { DATABASE_URL: _, ...withoutDatabase } = env;
    const proc = Bun.spawn([process.execPath, "src/server/cli.ts", "create-admin", "stray@example.test"], {
      cwd: ROOT,
      env: { ...withoutDatabase, DATA_DIR: dataDirs[0]! },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    expect(code).toBe(1);
    expect(stderr).toContain("This site moved to PostgreSQL (served from postgres://");
    expect(stderr).toContain("To serve this folder from SQLite instead, delete");
    expect(stderr).not.toContain(new URL(url).password || "no password in the address");
    expect(existsSync(path.join(dataDirs[0]!, "institute.db"))).toBe(false);
  });

  test("a server on PostgreSQL in a folder holding a SQLite site is refused, and sweeps none of its files (walk 20b)", async () => {
    const sqliteSite = mkdtempSync(path.join(tmpdir(), "institute-two-sqlite-"));
    dataDirs.push(sqliteSite);
    await Bun.write(path.join(sqliteSite, "institute.db"), "");
    const photo = path.join(sqliteSite, "uploads", "photos", "left-from-the-sqlite-site.webp");
    await Bun.write(photo, "a photo the SQLite site's database names");
    const proc = Bun.spawn([process.execPath, "src/server/main.ts"], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: sqliteSite },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    expect(code).toBe(1);
    expect(stderr).toContain("holds a site on SQLite");
    expect(stderr).toContain("copy-to-postgres");
    expect(existsSync(photo)).toBe(true);
    expect(existsSync(path.join(sqliteSite, "moved-to-postgres"))).toBe(false);
  });

  test("the folder's note names the database its server last used (walk 20b: the refusal named an old one)", async () => {
    const marker = path.join(dataDirs[0]!, "moved-to-postgres");
    expect(await Bun.file(marker).text()).toContain(`/${name} since `);
    const otherName = `${name}_other`;
    await onServer(`drop database if exists ${otherName}`);
    await onServer(`create database ${otherName}`);
    try {
      const other = await start(dataDirs[0]!, withDatabaseName(server, otherName));
      other.proc.kill();
      await other.proc.exited;
      expect(await Bun.file(marker).text()).toContain(`/${otherName} since `);
    } finally {
      await onServer(`drop database if exists ${otherName}`);
    }
  });

  test("a server refused because a newer version migrated the database stops at once (walk 19b: 10 s)", async () => {
    await db.query("insert into kysely_migration (name, timestamp) values ('2099-01-01T0000-from-the-future', '2099-01-01T00:00:00.000Z')");
    try {
      const third = mkdtempSync(path.join(tmpdir(), "institute-two-c-"));
      dataDirs.push(third);
      const started = performance.now();
      const proc = Bun.spawn([process.execPath, "src/server/main.ts"], {
        cwd: ROOT,
        env: { ...env, ...s3.env, DATA_DIR: third },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
      expect(code).toBe(1);
      expect(stderr).toContain("brought up to date by a newer version");
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await db.query("delete from kysely_migration where name = '2099-01-01T0000-from-the-future'");
    }
  });
});
