/**
 * db/one-connection.ts's rule on PostgreSQL's pool: a query through the process's handle from inside a callback
 * holding one of its connections is refused (the SQLite side is db/one-connection.test.ts). Run by
 * tests/postgres/run.ts with TEST_DATABASE_URL naming the server.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import pg from "pg";
import { type DB, inOneProcess } from "../../db/connection.ts";
import { HELD_BY_CALLER, outsideTransactions } from "../../db/one-connection.ts";
import { openPostgres, withDatabaseName } from "../../db/postgres.ts";
import { within } from "../setup/within.ts";

const server = process.env.TEST_DATABASE_URL;
if (!server) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run test:postgres`");
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

describe("PostgreSQL's pool: a read through the process's handle inside its own transaction fails at once", () => {
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
