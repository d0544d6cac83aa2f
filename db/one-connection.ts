/**
 * SQLite's one connection, handed out one flow at a time — and a query that could only wait for ever refused.
 *
 * A transaction (or `db.connection()`) holds the connection until its callback ends. A query through the
 * process's handle from inside that callback would wait for the connection the callback itself holds: the
 * request, and every request after it, hangs (decision 023: two such reads were found by hand). Here each
 * callback runs in an AsyncLocalStorage context that says it holds the connection; a query through the
 * process's handle from that context throws at once, naming the fix. Another request simply waits its turn,
 * as before: it is not in the holder's context.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type ConnectionProvider, type DatabaseConnection, DefaultQueryExecutor, type Dialect, type Driver, Kysely } from "kysely";

/** A callback holding a connection (with the hold it runs inside, should it hold another database's). */
interface Hold {
  provider: OneConnection;
  open: boolean;
  outer: Hold | undefined;
}
const holding = new AsyncLocalStorage<Hold>();

/** The message of the error a query through the process's handle gets from inside a transaction. */
export const HELD_BY_CALLER =
  "Database read through the process's handle inside a transaction (or db.connection()) on the same handle: SQLite has one connection and the transaction holds it, so this query would wait for ever. Pass the transaction (trx) down instead.";

class OneConnection implements ConnectionProvider {
  #driver: Driver;
  #ready: Promise<void> | undefined;
  #tail: Promise<void> = Promise.resolve();

  constructor(driver: Driver) {
    this.#driver = driver;
  }

  async provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    for (let hold = holding.getStore(); hold; hold = hold.outer) {
      if (hold.provider === this && hold.open) throw new Error(HELD_BY_CALLER);
    }
    const previous = this.#tail;
    let unlock!: () => void;
    this.#tail = new Promise((resolve) => {
      unlock = resolve;
    });
    await previous;
    const hold: Hold = { provider: this, open: true, outer: holding.getStore() };
    try {
      this.#ready ??= this.#driver.init();
      await this.#ready;
      const connection = await this.#driver.acquireConnection();
      try {
        return await holding.run(hold, () => consumer(connection));
      } finally {
        await this.#driver.releaseConnection(connection);
      }
    } finally {
      // Work the callback started and left running is no longer inside the transaction: it may wait its turn.
      hold.open = false;
      unlock();
    }
  }
}

/**
 * Runs `work` as if started outside any transaction's callback: for work a callback may set going and leave
 * running (the mail worker's round), which waits its turn for the connection rather than being refused.
 */
export const outsideTransactions = <T>(work: () => T): T => holding.exit(work);

/**
 * A Kysely instance on a dialect whose driver has a single connection (SQLite), with the connection handed out
 * by OneConnection instead of Kysely's own queue (which cannot tell the holder's callback from another request).
 */
export function oneConnectionKysely<Database>(dialect: Dialect): Kysely<Database> {
  const driver = dialect.createDriver();
  const executor = new DefaultQueryExecutor(dialect.createQueryCompiler(), dialect.createAdapter(), new OneConnection(driver), []);
  return new Kysely<Database>({ config: { dialect }, dialect, driver, executor });
}
