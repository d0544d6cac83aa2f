/**
 * migrations/2026-12-01T0000-renamed-programme-standard.ts on students whose programme was renamed before a
 * rename reached their Course/Standard: each takes the programme's name today, also where a newer programme
 * has taken the old name; a Course/Standard that names their programme in another spelling is kept. Runs on the suite's
 * database, so on PostgreSQL too (tests/postgres/run.ts).
 */
import { describe, expect, test } from "bun:test";
import { up } from "../migrations/2026-12-01T0000-renamed-programme-standard.ts";
import { createTestDeps, createUser } from "../src/server/testing.ts";

describe("the renamed programmes' Course/Standard migration", () => {
  test("a Course/Standard on a programme's old name takes its name today, even one another programme took since; nothing else changes", async () => {
    const deps = await createTestDeps();
    const programme = async (name: string) =>
      (await deps.db.selectFrom("programmes").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const [bcom, arts, bba] = [await programme("BCom"), await programme("Arts"), await programme("BBA")];
    const renamed = await createUser(deps, { role: "student", standard: "Arts", programme_id: arts });
    const spelt = await createUser(deps, { role: "student", standard: "B.Com", programme_id: bcom });
    // Arts was once called BBA, a name the catalogue's BBA took later: the student studies Arts.
    const other = await createUser(deps, { role: "student", standard: "BBA", programme_id: arts });
    const noProgramme = await createUser(deps, { role: "student", standard: "Old Diploma", programme_id: null });
    const none = await createUser(deps, { role: "student", standard: null, programme_id: bba });
    await deps.db.updateTable("programmes").set({ name: "BA (Arts)" }).where("id", "=", arts).execute();

    await up(deps.db);
    await up(deps.db);

    const rows = await deps.db
      .selectFrom("users")
      .select(["id", "standard"])
      .where("id", "in", [renamed.id, spelt.id, other.id, noProgramme.id, none.id])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: renamed.id, standard: "BA (Arts)" },
      { id: spelt.id, standard: "B.Com" },
      { id: other.id, standard: "BA (Arts)" },
      { id: noProgramme.id, standard: "Old Diploma" },
      { id: none.id, standard: null },
    ]);
  });
});
