/** Numbers that are never reused (student IDs, application and ticket numbers), from named counters. */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";

/** The next value of a counter; call inside the transaction that uses it so a rollback returns nothing. */
export async function nextSequenceValue(db: Kysely<Database>, name: string): Promise<number> {
  const updated = await db
    .updateTable("sequences")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", name)
    .returning("value")
    .executeTakeFirst();
  if (updated) return updated.value;
  await db.insertInto("sequences").values({ name, value: 1 }).execute();
  return 1;
}

/** STU0001, STU0002, … (at least four digits). */
export const formatStudentId = (n: number) => `STU${String(n).padStart(4, "0")}`;

/** Moves a counter forward to at least `value` (never back), so the next value is past every number in use. */
export async function advanceSequenceTo(db: Kysely<Database>, name: string, value: number): Promise<void> {
  await db.updateTable("sequences").set({ value }).where("name", "=", name).where("value", "<", value).execute();
}
