import { describe, expect, test } from "bun:test";
import { atOnce, createTestDeps } from "../testing.ts";
import { formatStudentId, nextSequenceValue } from "./sequences.ts";

describe("sequences", () => {
  test("count up per name and never hand out a number twice, even after a rollback", async () => {
    const { db } = await createTestDeps();
    expect(await nextSequenceValue(db, "student_id")).toBe(1);
    expect(await nextSequenceValue(db, "student_id")).toBe(2);
    expect(await nextSequenceValue(db, "ticket")).toBe(1);
    await db
      .transaction()
      .execute(async (trx) => {
        expect(await nextSequenceValue(trx, "student_id")).toBe(3);
        throw new Error("rolled back");
      })
      .catch(() => {});
    // The rolled-back 3 was never used by anyone, so handing it out again reuses nothing.
    expect(await nextSequenceValue(db, "student_id")).toBe(3);
  });

  test("a counter's first values taken at once are each handed out once (race audit: on PostgreSQL all but one failed)", async () => {
    const { db } = await createTestDeps();
    const taken = () => db.transaction().execute((trx) => nextSequenceValue(trx, "receipt:2026-27"));
    const settled = await atOnce(db, [taken, taken, taken, taken]);
    expect(settled.map((r) => (r.status === "fulfilled" ? r.value : String(r.reason))).sort()).toEqual([1, 2, 3, 4]);
  });

  test("student IDs look like STU0001 and grow past four digits", () => {
    expect(formatStudentId(1)).toBe("STU0001");
    expect(formatStudentId(42)).toBe("STU0042");
    expect(formatStudentId(12345)).toBe("STU12345");
  });
});
