/**
 * migrations/2026-11-30T0000-approved-students-standard.ts on students approved before approval filled their
 * Course/Standard (QA 1): each takes their programme's name today, else their application's course (or the
 * course on the account when the application is gone), and keeps a programme and a standard they have. Runs on the suite's database, so on
 * PostgreSQL too (tests/postgres/run.ts).
 */
import { describe, expect, test } from "bun:test";
import { up } from "../migrations/2026-11-30T0000-approved-students-standard.ts";
import { createTestDeps, createUser } from "../src/server/testing.ts";

const AT = "2026-11-26T00:00:00.000Z";

describe("the approved students' Course/Standard migration", () => {
  test("fills an empty Course/Standard from the application admitted from, and nothing else", async () => {
    const deps = await createTestDeps();
    const programme = async (name: string) =>
      (await deps.db.selectFrom("programmes").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const [commerce, arts, bba] = [await programme("Commerce"), await programme("Arts"), await programme("BBA")];
    const { id: admissionId } = await deps.db
      .insertInto("admissions")
      .values({
        application_number: "APP-2026-000001",
        status: "approved",
        first_name: "Anita",
        last_name: "Desai",
        date_of_birth: "2004-02-01",
        gender: "Female",
        blood_group: "O+",
        email: "anita@example.test",
        phone: "9876543210",
        address: "1, MG Road",
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422001",
        course: "Commerce",
        programme_id: commerce,
        language: null,
        submitted_at: AT,
        created_at: AT,
        updated_at: AT,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const approved = await createUser(deps, {
      role: "student",
      email: "anita@example.test",
      course: "Commerce",
      standard: null,
      programme_id: null,
      admission_id: admissionId,
    });
    // Approved, then the application was deleted (the account keeps the course it was admitted to).
    const detached = await createUser(deps, { role: "student", course: "Arts", standard: null, programme_id: arts });
    const chosen = await createUser(deps, { role: "student", course: "Arts", standard: "BBA", programme_id: bba });
    const none = await createUser(deps, { role: "student", course: null, standard: null, programme_id: null });
    // Arts was renamed after those students were admitted: their class is the programme's name today.
    await deps.db.updateTable("programmes").set({ name: "BA (Arts)" }).where("id", "=", arts).execute();

    await up(deps.db);
    await up(deps.db);

    const rows = await deps.db
      .selectFrom("users")
      .select(["id", "standard", "programme_id"])
      .where("id", "in", [approved.id, detached.id, chosen.id, none.id])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: approved.id, standard: "Commerce", programme_id: commerce },
      { id: detached.id, standard: "BA (Arts)", programme_id: arts },
      { id: chosen.id, standard: "BBA", programme_id: bba },
      { id: none.id, standard: null, programme_id: null },
    ]);
  });
});
