import { describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { within } from "../tests/setup/within.ts";
import { openDatabase } from "./connection.ts";
import { HELD_BY_CALLER, outsideTransactions } from "./one-connection.ts";

/** A database with one table of numbers. */
async function numbers() {
  const { db } = openDatabase(":memory:");
  await sql`create table n (v integer)`.execute(db);
  const count = async (handle = db) => Number((await sql<{ c: number }>`select count(*) as c from n`.execute(handle)).rows[0]!.c);
  return { db, count };
}

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
