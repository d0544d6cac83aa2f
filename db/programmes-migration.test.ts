/**
 * The programmes catalogue's migration (migrations/2026-11-26T0300-programmes.ts) on a database that still
 * has the three old lists, applications and students: one programme per name (spellings merged), open for
 * admission only where it was an active admission course, and every application and student pointing at
 * its programme.
 */
import { describe, expect, test } from "bun:test";
import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, Migrator } from "kysely/migration";
import { openDatabase } from "./connection.ts";

const BEFORE = "2026-11-26T0200-application-office-work";
const AT = "2026-11-26T00:00:00.000Z";

describe("the programmes migration", () => {
  test("brings the old lists, applications and students onto one catalogue", async () => {
    const { db } = openDatabase(":memory:");
    const migrator = new Migrator({
      db,
      provider: new FileMigrationProvider({ fs, path, migrationFolder: path.join(import.meta.dir, "..", "migrations") }),
    });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await db
      .insertInto("catalog_options")
      .values([
        { list: "admission_course", value: "Commerce", sort_order: 1, is_active: 1 },
        { list: "admission_course", value: "Astrology", sort_order: 2, is_active: 0 },
        { list: "standard", value: "BCom", sort_order: 1, is_active: 1 },
        { list: "standard", value: "MBA", sort_order: 2, is_active: 1 },
        { list: "stream", value: "B.Com", sort_order: 1, is_active: 1 },
        { list: "stream", value: "PhD", sort_order: 2, is_active: 1 },
      ])
      .execute();
    const application = (course: string, email: string) => ({
      application_number: `APP-2026-${email.length}`,
      status: "pending" as const,
      first_name: "A",
      last_name: "B",
      date_of_birth: "2000-01-01",
      gender: "Female",
      blood_group: "O+",
      email,
      phone: "9876543210",
      address: "x",
      city: "Pune",
      state: "MH",
      pincode: "411001",
      course,
      language: null,
      submitted_at: AT,
      created_at: AT,
      updated_at: AT,
    });
    await db
      .insertInto("admissions")
      .values([application("Commerce", "a@x.test"), application("Yoga Studies", "bb@x.test")])
      .execute();
    await db
      .insertInto("users")
      .values([
        { role: "student", name: "S1", email: "s1@x.test", student_id: "STU0001", standard: "B.Com", created_at: AT, updated_at: AT },
        { role: "student", name: "S2", email: "s2@x.test", student_id: "STU0002", standard: "MBA", created_at: AT, updated_at: AT },
      ])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = await db
      .selectFrom("programmes")
      .select(["id", "name", "slug", "level", "admission_open"])
      .orderBy("sort_order")
      .execute();
    expect(rows.map((r) => [r.name, r.slug, r.level, r.admission_open])).toEqual([
      ["Commerce", "commerce", "ug", 1],
      ["Astrology", "astrology", "ug", 0],
      ["BCom", "bcom", "ug", 0],
      ["MBA", "mba", "pg", 0],
      ["PhD", "phd", "phd", 0],
      ["Yoga Studies", "yoga-studies", "ug", 0],
    ]);
    const id = (name: string) => rows.find((r) => r.name === name)!.id;
    const admissions = await db.selectFrom("admissions").select(["email", "programme_id", "course"]).orderBy("id").execute();
    expect(admissions).toEqual([
      { email: "a@x.test", programme_id: id("Commerce"), course: "Commerce" },
      { email: "bb@x.test", programme_id: id("Yoga Studies"), course: "Yoga Studies" },
    ]);
    // "B.Com" is the programme "BCom"; the student's own text stays as it was.
    const students = await db.selectFrom("users").select(["email", "programme_id", "standard"]).orderBy("id").execute();
    expect(students).toEqual([
      { email: "s1@x.test", programme_id: id("BCom"), standard: "B.Com" },
      { email: "s2@x.test", programme_id: id("MBA"), standard: "MBA" },
    ]);

    // And back: the columns and the table go, the rows they pointed from stay.
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await db.selectFrom("admissions").select("email").execute()).toHaveLength(2);
  });
});
