// biome-ignore-all lint/suspicious/noExplicitAny: index helpers run inside migrations, whose Kysely<any> is Kysely's documented migration type
/**
 * The only database-specific place (DECISIONS 14): opens SQLite through better-sqlite3 with the
 * pragmas the product relies on, and hands the rest of the code a portable Kysely instance.
 */
import SQLite from "better-sqlite3";
import { type Expression, type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, SqliteDialect, sql } from "kysely";
import { runtime } from "../src/server/runtime.ts";
import { oneConnectionKysely, outsideTransactions } from "./one-connection.ts";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;

/**
 * The few SQL spellings the two engines do not share (issue 21), for the queries that need them. A day is
 * stored as text YYYY-MM-DD on both.
 */
export const portableSql = {
  /** the day `days` (an integer expression) after `day` */
  dayPlus: (db: Kysely<any>, day: RawBuilder<string>, days: RawBuilder<number>) =>
    isPostgres(db)
      ? sql<string>`to_char(cast(${day} as date) + ${days}, 'YYYY-MM-DD')`
      : sql<string>`date(${day}, printf('%+d days', ${days}))`,
  /** the smaller of two numbers (SQLite's two-argument min, PostgreSQL's least) */
  least: (db: Kysely<any>, a: RawBuilder<number>, b: RawBuilder<number>) =>
    isPostgres(db) ? sql<number>`least(${a}, ${b})` : sql<number>`min(${a}, ${b})`,
  /** the larger of two numbers (SQLite's two-argument max, PostgreSQL's greatest) */
  greatest: (db: Kysely<any>, a: RawBuilder<number>, b: RawBuilder<number>) =>
    isPostgres(db) ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`,
};

/**
 * Holds the job's advisory lock on one pooled connection while `work` runs (the work uses the handle like any
 * request, on connections of its own; this one only holds the lock). `wait`: block until the lock is free;
 * otherwise give up at once if another process holds it (null). PostgreSQL only.
 */
async function underAdvisoryLock<T>(
  db: Kysely<Database>,
  job: string,
  wait: boolean,
  work: () => Promise<T>,
): Promise<{ value: T } | null> {
  const key = `institute:${job}`;
  return db.connection().execute(async (conn) => {
    if (wait) await sql`select pg_advisory_lock(hashtext(${key}))`.execute(conn);
    else {
      const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(hashtext(${key})) as got`.execute(conn);
      if (!rows[0]?.got) return null;
    }
    try {
      return { value: await outsideTransactions(work) };
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
    }
  });
}

/**
 * Runs a scheduled job in one process only (issue 21): on PostgreSQL, the one that takes the job's
 * advisory lock (the others skip this round and try at their next tick); on SQLite, where one process owns
 * the database, it simply runs. Returns whether this process ran it.
 */
export async function inOneProcess(db: Kysely<Database>, job: string, work: () => Promise<void>): Promise<boolean> {
  if (!isPostgres(db)) {
    await work();
    return true;
  }
  return (await underAdvisoryLock(db, job, false, work)) !== null;
}

/**
 * Runs `work` while no other process runs the same `job` (on PostgreSQL the next process waits for the lock,
 * then finds the work done). On SQLite, where one process owns the database, it simply runs. Twelfth walk:
 * two processes started together on an empty database raced in the data-version triggers and the seed (one
 * died; the demo gallery was seeded twice).
 */
export async function oneProcessAtATime<T>(db: Kysely<Database>, job: string, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return (await underAdvisoryLock(db, job, true, work))!.value;
}

/** Whether a handle (the database or a transaction) talks to PostgreSQL (db/postgres.ts) rather than SQLite. */
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface OpenedDatabase {
  db: DB;
  /** the raw handle, for the few things Kysely cannot express (backups, integrity checks) */
  sqlite: SQLite.Database;
}

/**
 * Opens (and creates) the database file; ":memory:" gives a private in-memory database for tests, and the
 * bytes of one (`serialize()`) a private in-memory copy of it.
 */
export function openDatabase(file: string | Buffer): OpenedDatabase {
  const sqlite = new SQLite(file);
  if (typeof file === "string" && file !== ":memory:") sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = oneConnectionKysely<Database>(new SqliteDialect({ database: withStatementCache(sqlite) }));
  const totalChanges = sqlite.prepare("select total_changes()").pluck();
  // data_version moves when another connection commits (the command line's reset-password, say).
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  const counter = { uncounted: 0, read: () => Number(totalChanges.get()) - counter.uncounted + Number(dataVersion.get()) };
  changeCounters.set(db, counter);
  rawHandles.set(db, sqlite);
  return { db, sqlite };
}

/** the most statements kept compiled; the product has a few hundred distinct queries */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query afresh; compiling a wide SELECT costs more than running it. This hands
 * Kysely a view of the handle whose prepare() reuses the compiled statement for the same SQL text
 * (parameters are bound per run, so reuse is safe). A statement still busy — an open iterator — is
 * never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    const hit = cache.get(source);
    if (hit && !hit.busy) return hit;
    const statement = sqlite.prepare(source);
    if (!hit) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === "prepare") return prepare;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const changeCounters = new WeakMap<object, { uncounted: number; read: () => number }>();

/**
 * How many rows this connection has ever written (SQLite's total_changes(), a counter kept in memory:
 * no table is read) plus SQLite's data_version, which moves whenever another connection commits (the
 * executable's create-admin and reset-password run beside the server: issue 20). Both only grow, so an
 * unchanged sum means unchanged data, and read caches (src/server/platform/read-cache.ts) use it as
 * their version. null for a handle this
 * module did not open, such as a transaction: callers then read the database directly.
 */
export function changeCount(db: object): number | null {
  const counter = changeCounters.get(db);
  return counter ? counter.read() : null;
}

/** Each PostgreSQL root handle's reader of the data_version row. */
const postgresRoots = new WeakMap<object, () => Promise<number>>();

/**
 * Shares reads among callers without ever answering one with a read that began before it asked: the
 * first caller starts a read; callers arriving while it runs share the next one, started when it ends.
 * So every answer is at least as new as the moment it was asked for (what "no stale cache" needs), and a
 * process under load sends at most two version queries at a time instead of one per request.
 */
export function readNoOlderThanAsked<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const p = read();
    running = p;
    const done = () => {
      if (running === p) running = null;
    };
    p.then(done, done);
    return p;
  };
  const settled = () => {};
  return () => {
    if (!running) return start();
    queued ??= running.then(settled, settled).then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}

/** Each PostgreSQL root handle's data_version as its latest read found it. */
const postgresSeen = new WeakMap<object, number | string>();

/** Marks a PostgreSQL database handle (not a transaction) whose reads may be cached (db/postgres.ts). */
export function registerPostgresRoot(db: object): void {
  postgresRoots.set(
    db,
    readNoOlderThanAsked(async () => {
      const { rows } = await sql<{ v: number }>`select v from data_version where id = 1`.execute(db as Kysely<Database>);
      const v = rows[0]!.v;
      postgresSeen.set(db, v);
      return v;
    }),
  );
}

/**
 * Whether other processes may write this database beside this one: a PostgreSQL root handle (decision 022).
 * A SQLite file has one server process (the server lock); a transaction is its caller's.
 */
export function isSharedDatabase(db: object): boolean {
  return postgresRoots.has(db);
}

/**
 * On a shared database, dataVersion without a query: the version the latest read of it found (a cache's, at
 * the start of a request), null before the first. For what is cheaper to keep than to check on every use
 * (the settings): a version a cache has seen move is never older than the one it files its answer under.
 */
export function lastSeenVersion(db: object): number | string | null {
  return postgresSeen.get(db) ?? null;
}

/**
 * The version of the data a cached read depends on: changeCount on SQLite; on PostgreSQL the data_version
 * row, which a trigger on every table moves with each writing statement (db/postgres.ts,
 * ensureVersionTriggers) — so several app processes on one database never serve each other's stale reads
 * (issue 21) — at the price of a small query, shared by the requests that wait for it at the same time
 * (readNoOlderThanAsked). It is read before the cached query runs,
 * so an answer is never filed under a version older than the data it saw (at worst newer data under an
 * older version, recomputed at the next check). null: not cacheable (a transaction).
 */
export async function dataVersion(db: object): Promise<number | string | null> {
  const counter = changeCounters.get(db);
  if (counter) return counter.read();
  return (await postgresRoots.get(db)?.()) ?? null;
}

/**
 * Takes rows a statement just wrote out of changeCount, for bookkeeping writes no cached read depends
 * on (a session's last_seen_at touch): pass the statement's own affected-row count, so writes by other
 * requests are never hidden. No effect on a handle without a counter (a transaction).
 */
export function excludeFromChangeCount(db: object, rows: number): void {
  const counter = changeCounters.get(db);
  if (counter) counter.uncounted += rows;
}

/**
 * A consistent copy of the live database in one file (SQLite's VACUUM INTO): safe while the site is
 * serving, and compact. SQLite-specific, so it lives here. VACUUM INTO is synchronous and rewrites the
 * whole file (about half a second for 150 MB), so a database file is copied by a separate process with
 * its own connection (WAL lets it read a consistent snapshot while the server writes) and the server's
 * event loop keeps answering; an in-memory database (tests) is copied in-process.
 */
export async function backupDatabaseTo(sqlite: SQLite.Database, file: string): Promise<void> {
  if (sqlite.memory) {
    sqlite.prepare("VACUUM INTO ?").run(file);
    return;
  }
  const proc = Bun.spawn(runtime.helperCommand("vacuum-into", [sqlite.name, file]), { stdout: "ignore", stderr: "pipe" });
  if ((await proc.exited) !== 0) throw new Error(`backup copy failed: ${(await new Response(proc.stderr).text()).trim().slice(0, 500)}`);
}

/** "ok" when the file's structure is sound (PRAGMA integrity_check). */
export function integrityCheck(sqlite: SQLite.Database): string {
  return String(sqlite.pragma("integrity_check", { simple: true }));
}

// ————— "Contains" search through a trigram index (issue 9) —————

const rawHandles = new WeakMap<object, SQLite.Database>();
const indexedTables = new WeakMap<object, Map<string, boolean>>();
/** A trigram index answers only terms of three characters or more. */
const MIN_INDEXED_TERM = 3;
const IDENTIFIER = /^[a-z_]+$/;

/**
 * Creates `<table>_fts`, an FTS5 trigram index over the columns kept in step with the table by triggers,
 * and fills it from the rows already there. Returns false, creating nothing, when this SQLite has no
 * FTS5: searches then fall back to LIKE (platform/search.ts). For migrations only.
 */
export async function createTextIndex(db: Kysely<any>, table: string, columns: string[]): Promise<boolean> {
  if (![table, ...columns].every((name) => IDENTIFIER.test(name))) throw new Error(`bad identifier in text index ${table}`);
  if (isPostgres(db)) {
    // PostgreSQL: a trigram GIN index per column over lower(column), which the LIKE fallback
    // (platform/search.ts likeEscaped) uses as it is. pg_trgm is a trusted extension: the database's owner may add it.
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of columns)
      await sql.raw(`create index ${table}_${column}_trgm on ${table} using gin (lower(${column}) gin_trgm_ops)`).execute(db);
    return true;
  }
  const { rows } = await sql<{ fts5: number }>`select sqlite_compileoption_used('ENABLE_FTS5') as fts5`.execute(db);
  if (!rows[0]?.fts5) return false;
  const fts = `${table}_fts`;
  const list = columns.join(", ");
  const values = (prefix: string) => columns.map((c) => `${prefix}.${c}`).join(", ");
  const statements = [
    `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
    `create trigger ${fts}_insert after insert on ${table} begin
       insert into ${fts}(rowid, ${list}) values (new.id, ${values("new")}); end`,
    `create trigger ${fts}_delete after delete on ${table} begin
       insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${values("old")}); end`,
    `create trigger ${fts}_update after update of ${list} on ${table} begin
       insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${values("old")});
       insert into ${fts}(rowid, ${list}) values (new.id, ${values("new")}); end`,
    `insert into ${fts}(${fts}) values ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  return true;
}

/** Drops what createTextIndex made (migrations' down). */
export async function dropTextIndex(db: Kysely<any>, table: string, columns: readonly string[] = []): Promise<void> {
  if (![table, ...columns].every((name) => IDENTIFIER.test(name))) throw new Error(`bad identifier in text index ${table}`);
  if (isPostgres(db)) {
    for (const column of columns) await sql.raw(`drop index if exists ${table}_${column}_trgm`).execute(db);
    return;
  }
  for (const suffix of ["_insert", "_delete", "_update"]) await sql.raw(`drop trigger if exists ${table}_fts${suffix}`).execute(db);
  await sql.raw(`drop table if exists ${table}_fts`).execute(db);
}

/**
 * `<table>.id in (rows whose indexed columns contain term)` through the table's trigram index, or null
 * when the index cannot answer (no index on this handle or table, or a term under three characters):
 * the caller then searches with LIKE. Case-insensitive, like LIKE.
 */
export function indexedContains(db: object, table: string, term: string): Expression<SqlBool> | null {
  if ([...term].length < MIN_INDEXED_TERM) return null;
  const sqlite = rawHandles.get(db);
  if (!sqlite) return null;
  let known = indexedTables.get(db);
  if (!known) indexedTables.set(db, (known = new Map()));
  let has = known.get(table);
  if (has === undefined) {
    has = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(`${table}_fts`) !== undefined;
    known.set(table, has);
  }
  if (!has) return null;
  // One FTS5 phrase: the term's characters in a row, quotes doubled, so nothing in it is query syntax.
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const fts = sql.table(`${table}_fts`);
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${phrase})`;
}
