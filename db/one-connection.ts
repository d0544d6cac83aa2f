/**
 * Connections handed out by the product itself, so that a query that cannot be right is refused at once:
 * a query through the process's handle from inside a callback that holds one of that handle's connections.
 *
 * A transaction (or `db.connection()`) holds a connection until its callback ends. A query through the
 * process's handle from inside that callback is the mistake of not passing the transaction down (decision
 * 023: two such reads were found by hand). On SQLite it would wait for ever for the one connection the
 * callback itself holds: the request, and every request after it, hangs. On PostgreSQL it would silently take
 * a second pool connection while holding the first: it reads outside the transaction (not seeing its
 * writes), and under load — the pool used up by callbacks each waiting for a second connection — every
 * request hangs. Here each callback runs in an AsyncLocalStorage context that says it holds a connection of
 * this handle; a query through the handle from that context throws at once, naming the fix. Another request
 * is not in the holder's context: on SQLite it waits its turn, on PostgreSQL it takes its own connection, as
 * before. The one rule serves both engines; only SQLite's one-flow-at-a-time queue is SQLite's.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import {
  type ConnectionProvider,
  type DatabaseConnection,
  DefaultQueryExecutor,
  type Dialect,
  type Driver,
  Kysely,
  type KyselyPlugin,
} from "kysely";

/** A callback holding a connection (with the hold it runs inside, should it hold another database's). */
interface Hold {
  provider: HeldConnections;
  open: boolean;
  outer: Hold | undefined;
}
const holding = new AsyncLocalStorage<Hold>();

/** The message of the error a query through the process's handle gets from inside a transaction. */
export const HELD_BY_CALLER =
  "Database read through the process's handle inside a transaction (or db.connection()) on the same handle: the transaction holds a connection, so this query would wait for ever for SQLite's one connection, or on PostgreSQL take a second one and read outside the transaction. Pass the transaction (trx) down instead.";

class HeldConnections implements ConnectionProvider {
  #driver: Driver;
  #ready: Promise<void> | undefined;
  /** SQLite: the end of the flow before the latest (one flow at a time); undefined on a pool. */
  #tail: Promise<void> | undefined;

  constructor(driver: Driver, oneFlowAtATime: boolean) {
    this.#driver = driver;
    if (oneFlowAtATime) this.#tail = Promise.resolve();
  }

  /** Waits for this flow's turn (SQLite); returns what ends it. A pool has no turns: its driver waits for a free connection. */
  async #turn(): Promise<() => void> {
    if (!this.#tail) return () => {};
    const previous = this.#tail;
    let unlock!: () => void;
    this.#tail = new Promise((resolve) => {
      unlock = resolve;
    });
    await previous;
    return unlock;
  }

  async provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    for (let hold = holding.getStore(); hold; hold = hold.outer) {
      if (hold.provider === this && hold.open) throw new Error(HELD_BY_CALLER);
    }
    const endTurn = await this.#turn();
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
      // Work the callback started and left running is no longer inside the transaction: it may use the handle.
      hold.open = false;
      endTurn();
    }
  }
}

/**
 * Runs `work` as if started outside any transaction's callback: for work a callback may set going and leave
 * running (the mail worker's round), or a job run beside the connection that holds its lock (inOneProcess),
 * which then uses the handle like another request rather than being refused.
 */
export const outsideTransactions = <T>(work: () => T): T => holding.exit(work);

/** A Kysely instance whose connections HeldConnections hands out instead of Kysely's own provider. */
function heldConnectionsKysely<Database>(dialect: Dialect, oneFlowAtATime: boolean, plugins: KyselyPlugin[]): Kysely<Database> {
  const driver = dialect.createDriver();
  const provider = new HeldConnections(driver, oneFlowAtATime);
  const executor = new DefaultQueryExecutor(dialect.createQueryCompiler(), dialect.createAdapter(), provider, plugins);
  return new Kysely<Database>({ config: { dialect, plugins }, dialect, driver, executor });
}

/**
 * A Kysely instance on a dialect whose driver has a single connection (SQLite), handed out one flow at a time
 * (Kysely's own queue cannot tell the holder's callback from another request).
 */
export const oneConnectionKysely = <Database>(dialect: Dialect): Kysely<Database> => heldConnectionsKysely(dialect, true, []);

/** A Kysely instance on a pooled dialect (PostgreSQL): each flow takes its own connection, as Kysely's provider does. */
export const pooledKysely = <Database>(dialect: Dialect, plugins: KyselyPlugin[] = []): Kysely<Database> =>
  heldConnectionsKysely(dialect, false, plugins);
