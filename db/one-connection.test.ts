import { afterAll, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import pg from "pg";
import { type DB, inOneProcess, openDatabase } from "./connection.ts";
import { HELD_BY_CALLER, outsideTransactions } from "./one-connection.ts";
import { openPostgres, withDatabaseName } from "./postgres.ts";

/** A database with one table of numbers. */
async function numbers() {
  const { db } = openDatabase(":memory:");
  await sql`create table n (v integer)`.execute(db);
  const count = async (handle = db) => Number((await sql<{ c: number }>`select count(*) as c from n`.execute(handle)).rows[0]!.c);
  return { db, count };
}

/** What a promise came to within a second: its value, its error's message, or "still waiting" (a hang). */
const within = <T>(promise: Promise<T>) =>
  Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: Error) => ({ error: error.message }),
    ),
    Bun.sleep(1000).then(() => "still waiting" as const),
  ]);

describe("SQLite's one connection: a read through the process's handle inside its own transaction fails at once", () => {
  test("inside a transaction: a clear error instead of waiting for ever; the transaction rolls back", async () => {
    const { db, count } = await numbers();
    const outcome = await within(
      db.transaction().execute(async (trx) => {
        await sql`insert into n values (1)`.execute(trx);
        await Bun.sleep(1);
        return count(); // the process's handle, not trx
      }),
    );
    expect(outcome).toEqual({ error: HELD_BY_CALLER });
    expect(await count()).toBe(0);
  });

  test("inside db.connection(), and in a transaction the callback's own helper starts", async () => {
    const { db, count } = await numbers();
    expect(await within(db.connection().execute(() => count()))).toEqual({ error: HELD_BY_CALLER });
    const nested = db.transaction().execute(async () => {
      await Promise.resolve();
      return db.transaction().execute((inner) => count(inner));
    });
    expect(await within(nested)).toEqual({ error: HELD_BY_CALLER });
  });

  test("another request simply waits its turn and reads what the transaction committed", async () => {
    const { db, count } = await numbers();
    let inside!: () => void;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const writing = db.transaction().execute(async (trx) => {
      await sql`insert into n values (1)`.execute(trx);
      inside();
      await Bun.sleep(20);
      await sql`insert into n values (2)`.execute(trx);
      return count(trx);
    });
    await started;
    // Started outside the transaction's callback: waits for the connection, then sees both rows.
    const [written, read, again] = await Promise.all([writing, count(), db.transaction().execute((trx) => count(trx))]);
    expect([written, read, again]).toEqual([2, 2, 2]);
  });

  test("work the callback leaves running may use the handle once the transaction is over; the trx itself always", async () => {
    const { db, count } = await numbers();
    let later!: Promise<number>;
    await db.transaction().execute(async (trx) => {
      await sql`insert into n values (1)`.execute(trx);
      later = Bun.sleep(10).then(() => count());
    });
    expect(await within(later)).toEqual({ value: 1 });
    expect(await db.transaction().execute((trx) => count(trx))).toBe(1);
  });

  test("work the callback sets going outside transactions (the mail worker's round) waits its turn and sees the commit", async () => {
    const { db, count } = await numbers();
    let round!: Promise<number>;
    await db.transaction().execute(async (trx) => {
      await sql`insert into n values (1)`.execute(trx);
      round = outsideTransactions(() => count());
      await Bun.sleep(5);
    });
    expect(await within(round)).toEqual({ value: 1 });
  });

  test("another database's handle is free inside a transaction", async () => {
    const a = await numbers();
    const b = await numbers();
    await sql`insert into n values (1)`.execute(b.db);
    expect(await within(a.db.transaction().execute(() => b.count()))).toEqual({ value: 1 });
  });
});

// ————— the same rule on PostgreSQL's pool (TEST_DATABASE_URL: tests/postgres/run.ts) —————

const server = process.env.TEST_DATABASE_URL;
const opened: DB[] = [];
let made = 0;

/** A database of its own on the test server with one table of numbers, through a pool of `max` connections. */
async function pgNumbers(max: number) {
  const name = `one_connection_${process.pid}_${++made}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const { db } = openPostgres(withDatabaseName(server!, name), { max, idleTimeoutMillis: 1000, allowExitOnIdle: true });
  opened.push(db);
  await sql`create table n (v integer)`.execute(db);
  const count = async (handle: DB = db) => Number((await sql<{ c: number }>`select count(*) as c from n`.execute(handle)).rows[0]!.c);
  return { db, count };
}

afterAll(async () => {
  for (const db of opened) await db.destroy();
});

describe.skipIf(!server)("PostgreSQL's pool: a read through the process's handle inside its own transaction fails at once", () => {
  test("inside a transaction: the same error instead of a second connection outside it (or, pool used up, a hang)", async () => {
    for (const max of [1, 4]) {
      const { db, count } = await pgNumbers(max);
      const outcome = await within(
        db.transaction().execute(async (trx) => {
          await sql`insert into n values (1)`.execute(trx);
          return count(); // the process's handle, not trx: before, 0 rows (outside) with 4 connections, a hang with 1
        }),
      );
      expect(outcome).toEqual({ error: HELD_BY_CALLER });
      expect(await count()).toBe(0);
    }
  });

  test("inside db.connection(), and in a transaction the callback's own helper starts", async () => {
    const { db, count } = await pgNumbers(4);
    expect(await within(db.connection().execute(() => count()))).toEqual({ error: HELD_BY_CALLER });
    const nested = db.transaction().execute(async () => {
      await Promise.resolve();
      return db.transaction().execute((inner) => count(inner));
    });
    expect(await within(nested)).toEqual({ error: HELD_BY_CALLER });
  });

  test("a transaction's own queries work; two requests' transactions at once both complete, each seeing its own writes", async () => {
    const { db, count } = await pgNumbers(2);
    let bothInside!: () => void;
    const together = new Promise<void>((resolve) => {
      bothInside = resolve;
    });
    let inside = 0;
    const request = (v: number) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into n values (${v})`.execute(trx);
        const seen = await count(trx); // its own row; the other's, not yet committed, unseen
        if (++inside === 2) bothInside();
        await together; // both transactions open at the same moment, on the pool's two connections
        return seen;
      });
    expect(await within(Promise.all([request(1), request(2)]))).toEqual({ value: [1, 1] });
    expect(await count()).toBe(2);
  });

  test("work the callback leaves running, or sets going outside transactions, may use the handle", async () => {
    const { db, count } = await pgNumbers(2);
    let later!: Promise<number>;
    let round!: Promise<number>;
    await db.transaction().execute(async (trx) => {
      await sql`insert into n values (1)`.execute(trx);
      later = Bun.sleep(10).then(() => count());
      round = outsideTransactions(() => Bun.sleep(10).then(() => count()));
    });
    expect(await within(later)).toEqual({ value: 1 });
    expect(await within(round)).toEqual({ value: 1 });
  });

  test("a job run in one process (inOneProcess) uses the handle beside the connection holding its lock", async () => {
    const { db, count } = await pgNumbers(2);
    const ran = inOneProcess(db, "one-connection-test", async () => {
      await sql`insert into n values (1)`.execute(db);
    });
    expect(await within(ran)).toEqual({ value: true });
    expect(await count()).toBe(1);
  });

  test("another database's handle is free inside a transaction", async () => {
    const a = await pgNumbers(1);
    const b = await pgNumbers(1);
    await sql`insert into n values (1)`.execute(b.db);
    expect(await within(a.db.transaction().execute(() => b.count()))).toEqual({ value: 1 });
  });
});
