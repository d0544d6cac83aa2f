/**
 * The test fixtures' own promise: every test starts from the migrated, seeded database, whatever the test
 * before it wrote or changed. On PostgreSQL a finished test's database is emptied for the next one
 * (src/server/testing.ts); these tests run in order, each looking at what the one before it left.
 */
import { describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { isPostgres } from "../../db/connection.ts";
import { createTestDeps, createUser } from "./testing.ts";

const left: { url?: string; programmes?: number } = {};

describe("each test's database", () => {
  test("a test writes rows", async () => {
    const deps = await createTestDeps();
    left.url = deps.env.DATABASE_URL;
    left.programmes = Number(
      (
        await deps.db
          .selectFrom("programmes")
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(left.programmes).toBeGreaterThan(0);
    await createUser(deps, { role: "student" });
    const second = await createUser(deps, { role: "admin" });
    expect(second.id).toBe(2);
    await deps.db.deleteFrom("programmes").where("level", "=", "ug").execute();
  });

  test("the next starts without them: no accounts, ids from 1, the seeded programmes back", async () => {
    const deps = await createTestDeps();
    // On PostgreSQL it is the same database, emptied: no copy of the template was made for it.
    if (isPostgres(deps.db)) expect(deps.env.DATABASE_URL).toBe(left.url);
    expect(await deps.db.selectFrom("users").select("id").execute()).toEqual([]);
    const programmes = await deps.db
      .selectFrom("programmes")
      .select((e) => e.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(programmes.n)).toBe(left.programmes!);
    expect((await createUser(deps, { role: "student" })).id).toBe(1);
    left.url = deps.env.DATABASE_URL;
    // A test that changes the schema (as the full-disk tests' triggers do) leaves a database no other test gets.
    await sql`alter table users add column left_behind text`.execute(deps.db);
  });

  test("a database whose schema a test changed is not used again", async () => {
    const deps = await createTestDeps();
    if (isPostgres(deps.db)) expect(deps.env.DATABASE_URL).not.toBe(left.url);
    const columns = await deps.db.introspection.getTables();
    const users = columns.find((t) => t.name === "users")!;
    expect(users.columns.map((c) => c.name)).not.toContain("left_behind");
    expect(await deps.db.selectFrom("users").select("id").execute()).toEqual([]);
  });
});
