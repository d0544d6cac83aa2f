/** Numbers that are never reused (student IDs, application and ticket numbers), from named counters. */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";

/**
 * The next value of a counter; call inside the transaction that uses it so a rollback returns nothing. One
 * statement, an insert that counts on if the counter is there: two first values taken at once both succeed
 * (the second waits for the first's row), where an update-then-insert failed all but one on PostgreSQL.
 */
export async function nextSequenceValue(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .insertInto("sequences")
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column("name").doUpdateSet((eb) => ({ value: eb("sequences.value", "+", 1) })))
    .returning("value")
    .executeTakeFirstOrThrow();
  return row.value;
}

/** STU0001, STU0002, … (at least four digits). */
export const formatStudentId = (n: number) => `STU${String(n).padStart(4, "0")}`;

/** Moves a counter forward to at least `value` (never back), so the next value is past every number in use. */
export async function advanceSequenceTo(db: Kysely<Database>, name: string, value: number): Promise<void> {
  await db.updateTable("sequences").set({ value }).where("name", "=", name).where("value", "<", value).execute();
}
