/**
 * Results of read-only queries (list totals, counters, public pages), remembered until the database
 * changes. The version is the database's (db/connection.ts: dataVersion: SQLite's write counter, PostgreSQL's snapshot), so every write
 * through any service invalidates everything at once — nothing has to remember to invalidate — and a
 * burst of reads between writes costs one query. A database handle without a counter (a transaction)
 * is never cached.
 */
import { dataVersion } from "../../../db/connection.ts";

/** enough for every list's counters and a few hundred distinct searches between two writes */
const MAX_ENTRIES = 500;

interface Store {
  version: number | string;
  entries: Map<string, Promise<unknown>>;
}

const stores = new WeakMap<object, Store>();
/** Objects handed out by the cache: shared between requests, so never to be changed by a caller. */
const remembered = new WeakSet<object>();

/** Whether a value came from the read cache (and so may be serialized once: platform/http.ts). */
export function isRemembered(value: unknown): boolean {
  return typeof value === "object" && value !== null && remembered.has(value);
}

export async function cachedRead<T>(db: object, key: string, compute: () => Promise<T>): Promise<T> {
  const version = await dataVersion(db);
  if (version === null) return compute();
  let store = stores.get(db);
  if (!store || store.version !== version) {
    store = { version, entries: new Map() };
    stores.set(db, store);
  }
  const hit = store.entries.get(key);
  if (hit) return hit as Promise<T>;
  if (store.entries.size >= MAX_ENTRIES) store.entries.clear();
  const pending = compute();
  const entries = store.entries;
  entries.set(key, pending);
  pending.then(
    (value) => {
      if (typeof value === "object" && value !== null) remembered.add(value);
    },
    // A failed read is not remembered.
    () => entries.delete(key),
  );
  return pending;
}

/** Drops every remembered result (tests; nothing in the product needs it). */
export function clearReadCache(db: object): void {
  stores.delete(db);
}
