/** Test fixtures: a migrated in-memory database, a movable clock, quiet logs, and account helpers. */
import { onTestFinished } from "bun:test";
import type SQLite from "better-sqlite3";
import { type KyselyPlugin, sql } from "kysely";
import { type DB, isPostgres, openDatabase } from "../../db/connection.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { emptiedTestDatabase, freshTestDatabase } from "../../db/postgres.ts";
import type { NewUser } from "../../db/schema.ts";
import { seedProgrammes } from "../../db/seed.ts";
import { temporaryDir } from "../../tests/setup/temp-dirs.ts";
import { insideTest } from "../../tests/setup/test-scope.ts";
import { createApp } from "./app.ts";
import type { AppDeps } from "./deps.ts";
import { parseEnv } from "./env.ts";
import type { Authenticated, LoginResult, SignedIn } from "./features/auth/auth.service.ts";
import { memoryLogger } from "./platform/logger.ts";
import { createDatabaseRateLimiter, createRateLimiter } from "./platform/rate-limit.ts";
import { dataPaths, ensureDataDirs } from "./platform/storage.ts";
import { appRouter } from "./router.ts";
import { createCallerFactory, createContextInner } from "./trpc.ts";
import { createInstituteMailer } from "./workers.ts";

export interface TestDeps extends AppDeps {
  /** moves the clock forward */
  advance(ms: number): void;
  logLines: string[];
}

/**
 * A migrated database with the programmes catalogue seeded: SQLite in memory, or, when TEST_DATABASE_URL names a
 * PostgreSQL server (issue 21: tests/postgres/run.ts runs the whole suite so), a database of its own there.
 */
async function testDatabase(engine: "any" | "sqlite"): Promise<{ db: DB; sqlite: SQLite.Database | null; url?: string }> {
  const prepare = async (db: DB) => {
    await migrateToLatest(db);
    await seedProgrammes(db);
  };
  const server = process.env.TEST_DATABASE_URL;
  if (server && engine === "any") {
    const opened = await postgresDatabase(server, prepare);
    return { db: opened.db, sqlite: null, url: opened.url };
  }
  sqliteTemplate ??= (async () => {
    const { db, sqlite } = openDatabase(":memory:");
    await prepare(db);
    const bytes = sqlite.serialize();
    await db.destroy();
    return bytes;
  })();
  const copy = openDatabase(await sqliteTemplate);
  // Started now, as a freshly migrated one was: destroying a Kysely whose driver never started leaves it usable.
  await sql`select 1`.execute(copy.db);
  return copy;
}

/**
 * On PostgreSQL, the databases of tests that have ended, to be emptied for the next test (`emptiedTestDatabase`).
 * Copying the template for every test made 590 databases of 600 files each a run (6.5 GB written, then deleted):
 * a third of the PostgreSQL run's CPU, much of it copying and deleting files. A test's database goes back when
 * the test ends, its handle destroyed first, so nothing the test left running writes into the next test's data;
 * one made in a file's beforeAll serves the tests after it and is never handed back.
 */
const ended: string[] = [];
let emptying = true;

async function postgresDatabase(server: string, prepare: (db: DB) => Promise<void>) {
  const url = emptying ? ended.pop() : undefined;
  let opened: Awaited<ReturnType<typeof freshTestDatabase>> | undefined;
  if (url) {
    opened =
      (await emptiedTestDatabase(url, seedProgrammes).catch((err: unknown) => {
        // Should emptying ever be refused (another server in TEST_DATABASE_URL), each test gets a copy, as before.
        emptying = false;
        console.warn(`test databases are copied for each test: emptying one was refused (${String(err)})`);
        return null;
      })) ?? undefined;
  }
  opened ??= await freshTestDatabase(server, prepare);
  if (insideTest()) {
    const done = opened;
    onTestFinished(async () => {
      await done.db.destroy().catch(() => {});
      ended.push(done.url);
    });
  }
  return opened;
}

/**
 * One migrated and seeded database per test process, copied for each test (as PostgreSQL's template database
 * is): migrating afresh took about 30 ms a test.
 */
let sqliteTemplate: Promise<Buffer> | undefined;

/**
 * Deps for a test. `engine: "sqlite"` keeps SQLite even when the suite runs on PostgreSQL, for what is
 * SQLite's own (the data folder's integrity check, backups of the file).
 */
export async function createTestDeps(
  envOverrides: Record<string, string> = {},
  opts: { engine?: "any" | "sqlite" } = {},
): Promise<TestDeps> {
  const dataDir = temporaryDir("institute-test");
  ensureDataDirs(dataPaths(dataDir));
  const { db, sqlite, url } = await testDatabase(opts.engine ?? "any");
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), ...envOverrides });
  const { logger, lines } = memoryLogger("debug");
  let current = new Date("2026-11-22T06:30:00.000Z").getTime();
  const now = () => new Date(current);
  return {
    db,
    sqlite,
    env,
    logger,
    logLines: lines,
    now,
    mail: createInstituteMailer({ db, env, logger, now }),
    limits: sqlite ? createRateLimiter(now) : createDatabaseRateLimiter(db, now),
    advance: (ms) => {
      current += ms;
    },
  };
}

export const TEST_PASSWORD = "Correct1Horse";

/**
 * Test accounts' passwords are argon2id hashes at a test's cost (256 KiB, one pass), one per password per test
 * process (a salt shared in tests harms nothing). Every sign-in verifies its account's hash at the cost the hash
 * names: at the product's (19 MiB, two passes, `platform/crypto.ts`, checked in `crypto.test.ts`) those checks
 * were a quarter of the server tests' CPU (src/server and db: 66 → 50 CPU s; the unit run: 104 → 90). Sign-in
 * runs the product's code either way; an unknown account's check (its dummy hash) keeps the product's cost.
 */
const TEST_HASH = { algorithm: "argon2id", memoryCost: 256, timeCost: 1 } as const;
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = Bun.password.hash(password, TEST_HASH)));
  return hash;
};

let counter = 0;
/** Inserts an account with TEST_PASSWORD (or the given one). */
export async function createUser(deps: AppDeps, values: Partial<NewUser> & { role: NewUser["role"] }, password = TEST_PASSWORD) {
  counter += 1;
  const at = deps.now().toISOString();
  return deps.db
    .insertInto("users")
    .values({
      name: values.role === "admin" ? `Admin ${counter}` : `Student ${counter}`,
      email: `user${counter}@example.test`,
      password_hash: await hashOf(password),
      email_verified_at: at,
      created_at: at,
      updated_at: at,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The app under test, requested in-process. */
export function testApp(deps: AppDeps, opts: Parameters<typeof createApp>[1] = {}) {
  return createApp(deps, opts);
}

const createCaller = createCallerFactory(appRouter);

/**
 * What `act` returns and how many statements it sent, given a copy of `deps` whose database counts them: the
 * "no query per row" checks (the same number for a few rows as for thousands).
 */
export async function statementsOf<D extends AppDeps, T>(
  deps: D,
  act: (counted: D) => Promise<T>,
): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const result = await act({ ...deps, db: deps.db.withPlugin(counting) });
  return { result, statements };
}

/** A tRPC caller as a given signed-in user (or a guest). */
export function callerFor(deps: AppDeps, auth: Authenticated | null = null) {
  return createCaller(createContextInner({ deps, auth }));
}

/** Narrows a login answer to a signed-in one (fails the test on a two-factor challenge). */
export function signedIn(result: LoginResult | Promise<LoginResult>): Promise<SignedIn> {
  return Promise.resolve(result).then((r) => {
    if (!("token" in r)) throw new Error("expected a session, got a two-factor challenge");
    return r;
  });
}

/** A complete Add Student / Edit Student form (the students tests' standard record). */
export const STUDENT_FORM = {
  name: "Priya Sharma",
  email: "priya@example.test",
  mobile: "9876543210",
  standard: "BCom",
  bloodGroup: "B+",
  dateOfBirth: "2004-06-15",
  address: "22 FC Road, Pune",
  emergencyContact: { name: "Rakesh Sharma", relationship: "Father", phone: "9822012345", email: "rakesh@example.test" },
};

/** Makes every insert into `table` fail with `message` (a disk that fills up, say), on either engine. */
export async function refuseInserts(db: DB, table: string, message: string): Promise<void> {
  if (!/^[a-z_]+$/.test(table) || /'/.test(message)) throw new Error("refuseInserts: a plain table name and message");
  if (isPostgres(db)) {
    await sql
      .raw(`create function refuse_${table}() returns trigger language plpgsql as $$ begin raise exception '${message}'; end $$`)
      .execute(db);
    await sql.raw(`create trigger refuse_${table} before insert on ${table} for each row execute function refuse_${table}()`).execute(db);
  } else {
    await sql.raw(`create trigger refuse_${table} before insert on ${table} begin select raise(abort, '${message}'); end`).execute(db);
  }
}

/** The names of the database's indexes, on either engine. */
export async function indexNames(db: DB): Promise<string[]> {
  const query = isPostgres(db)
    ? sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`
    : sql<{ name: string }>`select name from sqlite_master where type = 'index'`;
  return (await query.execute(db)).rows.map((r) => r.name);
}

/**
 * Runs `acts` at once, as requests racing each other do (stop 53's race tests). On PostgreSQL the pool's
 * connections are opened first (up to its four), so no act waits for a connection while another finishes.
 */
export async function atOnce<T>(db: DB, acts: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
  if (isPostgres(db)) await Promise.all(acts.map(() => sql`select pg_sleep(0.02)`.execute(db)));
  return Promise.allSettled(acts.map((act) => act()));
}
