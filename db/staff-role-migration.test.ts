/**
 * The users rebuild that lets `role` be `staff` (migrations/2026-11-26T0000-staff-role.ts) on a database
 * with people, sessions, references from other tables and the search index: nothing is lost or cascaded
 * away, ids are never reused, the search index keeps working, and the CHECK still refuses other roles.
 */
import { describe, expect, test } from "bun:test";
import { promises as fs } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { FileMigrationProvider, Migrator } from "kysely/migration";
import { temporaryDir } from "../tests/setup/temp-dirs.ts";
import { indexedContains, openDatabase } from "./connection.ts";
import type { Role } from "./schema.ts";

const BEFORE = "2026-11-25T1200-notification-kinds";
const AT = "2026-11-26T00:00:00.000Z";

describe("the staff role migration", () => {
  test("rebuilds users without losing rows, sessions, references, the id sequence or the search index", async () => {
    const dir = temporaryDir("staff-role");
    const { db } = openDatabase(path.join(dir, "app.db"));
    const migrator = new Migrator({
      db,
      provider: new FileMigrationProvider({ fs, path, migrationFolder: path.join(import.meta.dir, "..", "migrations") }),
    });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();

    const person = (role: string, name: string, email: string) => ({ role: role as Role, name, email, created_at: AT, updated_at: AT });
    const [admin, student, gone] = await Promise.all(
      [
        person("admin", "Office Admin", "office@example.test"),
        person("student", "Priya Sharma", "priya@example.test"),
        person("student", "Left Early", "left@example.test"),
      ].map((p) => db.insertInto("users").values(p).returning("id").executeTakeFirstOrThrow()),
    );
    await db.deleteFrom("users").where("id", "=", gone!.id).execute();
    await db
      .insertInto("sessions")
      .values({ token_hash: "h1", user_id: student!.id, created_at: AT, last_seen_at: AT, expires_at: "2099-01-01T00:00:00.000Z" })
      .execute();
    await db
      .insertInto("support_tickets")
      .values({
        ticket_number: "TKT-2026-00001",
        subject: "Hall ticket",
        description: "Cannot download it",
        category: "general",
        priority: "medium",
        status: "open",
        created_by: student!.id,
        assigned_to: admin!.id,
        student_name: "Priya Sharma",
        student_email: "priya@example.test",
        created_at: AT,
        updated_at: AT,
      })
      .execute();

    expect((await migrator.migrateTo("2026-11-26T0000-staff-role")).error).toBeUndefined();

    expect(await db.selectFrom("users").select(["id", "role", "email"]).orderBy("id").execute()).toEqual([
      { id: admin!.id, role: "admin", email: "office@example.test" },
      { id: student!.id, role: "student", email: "priya@example.test" },
    ]);
    // No cascade ran: the session and the ticket's references are all there.
    expect(await db.selectFrom("sessions").select("user_id").execute()).toEqual([{ user_id: student!.id }]);
    expect(await db.selectFrom("support_tickets").select(["created_by", "assigned_to"]).execute()).toEqual([
      { created_by: student!.id, assigned_to: admin!.id },
    ]);
    // A staff account is accepted; the next id is past every id ever given (the deleted one included).
    const staff = await db
      .insertInto("users")
      .values(person("staff", "Counsellor", "staff@example.test"))
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(staff.id).toBe(gone!.id + 1);
    await expect(
      db
        .insertInto("users")
        .values(person("owner", "Nobody", "x@example.test"))
        .execute(),
    ).rejects.toThrow(/CHECK/);
    // The search index's triggers came back: a new person and an edit are found.
    await db.updateTable("users").set({ name: "Priya Deshmukh" }).where("id", "=", student!.id).execute();
    const found = (term: string) =>
      db
        .selectFrom("users")
        .select("email")
        .where(indexedContains(db, "users", term) ?? sql<boolean>`0`)
        .orderBy("id")
        .execute();
    expect(await found("Deshmukh")).toEqual([{ email: "priya@example.test" }]);
    expect(await found("Counsel")).toEqual([{ email: "staff@example.test" }]);
    expect((await sql`PRAGMA foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);

    // Back down: refused while a staff account exists, fine once it is gone.
    expect((await migrator.migrateDown()).error).toBeDefined();
    await db.deleteFrom("users").where("id", "=", staff.id).execute();
    expect((await migrator.migrateDown()).error).toBeUndefined();
    await expect(
      db
        .insertInto("users")
        .values(person("staff", "Again", "again@example.test"))
        .execute(),
    ).rejects.toThrow(/CHECK/);
  });
});
