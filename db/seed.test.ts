import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { loginAdmin, loginStudent } from "../src/server/features/auth/auth.service.ts";
import { generatePassword } from "../src/server/platform/crypto.ts";
import { folderStore } from "../src/server/platform/file-store.ts";
import { createTestDeps, indexNames, signedIn } from "../src/server/testing.ts";
import { temporaryDir } from "../tests/setup/temp-dirs.ts";
import { openDatabase } from "./connection.ts";
import { migrateToLatest } from "./migrate.ts";
import { seed } from "./seed.ts";

const galleryDir = () => temporaryDir("institute-gallery");

describe("migrations", () => {
  test("run idempotently and create every table with foreign keys on", async () => {
    const file = path.join(temporaryDir("institute-db"), "t.db");
    const { db, sqlite } = openDatabase(file);
    expect((await migrateToLatest(db)).length).toBeGreaterThan(0);
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    for (const t of [
      "users",
      "sessions",
      "admissions",
      "admission_documents",
      "contact_inquiries",
      "notifications",
      "gallery_images",
      "support_tickets",
      "settings",
      "subjects",
      "subject_units",
      "enrolments",
      "unit_progress",
      "study_materials",
      "assignments",
      "assignment_submissions",
      "exams",
      "exam_results",
      "admit_cards",
      "books",
      "book_loans",
      "notices",
      "faqs",
      "one_time_codes",
      "audit_log",
      "email_outbox",
      "announcements",
    ]) {
      expect(tables).toContain(t);
    }
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
    await expect(
      sql`insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at) values ('h', 999, 'a', 'a', 'a')`.execute(db),
    ).rejects.toThrow();
    await db.destroy();
  });

  test("list filters and sorts have indexes", async () => {
    const deps = await createTestDeps();
    const names = await indexNames(deps.db);
    for (const i of [
      "admissions_status_created",
      "contacts_status_created",
      "notifications_recipient_created",
      "gallery_active_category_created",
      "tickets_status_created",
      "users_role_created",
      "audit_created",
    ]) {
      expect(names).toContain(i);
    }
  });
});

describe("seed", () => {
  test("a first run creates the admin and demo student whose printed logins work; a second run adds nothing", async () => {
    const deps = await createTestDeps();
    const dir = galleryDir();
    const first = await seed(deps.db, { now: deps.now(), production: false, files: folderStore(dir) });
    const admin = first.created.find((c) => c.role === "admin")!;
    const student = first.created.find((c) => c.role === "student")!;
    expect(admin.login).toBe("admin@institute.local");
    expect(student.studentId).toBe("STU0001");
    expect((await signedIn(loginAdmin(deps, { email: admin.login, password: admin.password }))).user.role).toBe("admin");
    expect((await signedIn(loginStudent(deps, { email: "", studentId: "STU0001", password: student.password }))).user.role).toBe("student");

    const again = await seed(deps.db, { now: deps.now(), production: false, files: folderStore(dir) });
    expect(again.created).toEqual([]);
    const count = async (t: "users" | "gallery_images" | "catalog_options" | "announcements" | "subjects" | "faqs") =>
      Number(
        (
          await deps.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("users")).toBe(2);
    expect(await count("gallery_images")).toBe(6);
    // The option lists before the programmes catalogue (issue 17) are no longer filled: nothing reads them.
    expect(await count("catalog_options")).toBe(0);
    expect(await count("announcements")).toBe(3);
    // Demo questions for /faq and the student's Help page, published, once.
    expect(await count("faqs")).toBe(6);
    // The demo student is in one programme under one name (QA 3): her Course/Standard, admitted course and programme.
    const priya = await deps.db
      .selectFrom("users")
      .innerJoin("programmes", "programmes.id", "users.programme_id")
      .select(["users.standard", "users.course", "programmes.name"])
      .where("users.role", "=", "student")
      .executeTakeFirstOrThrow();
    expect(priya).toEqual({ standard: "BBA", course: "BBA", name: "BBA" });
    // Demo studies (issue 18): the demo student studies BBA's first-semester subjects; the second semester's waits.
    expect(await count("subjects")).toBe(4);
    const enrolled = await deps.db
      .selectFrom("enrolments")
      .innerJoin("subjects", "subjects.id", "enrolments.subject_id")
      .select(["subjects.code", "enrolments.status"])
      .orderBy("subjects.code")
      .execute();
    expect(enrolled).toEqual([
      { code: "BBA-101", status: "in_progress" },
      { code: "BBA-102", status: "in_progress" },
      { code: "BBA-103", status: "in_progress" },
    ]);
    // One business programme in the demo, open for applications: the one with the demo subjects and student
    // (before, "Business Administration" was open with no subjects and BBA closed).
    const open = await deps.db.selectFrom("programmes").select("name").where("admission_open", "=", 1).where("archived", "=", 0).execute();
    expect(open.map((p) => p.name)).toContain("BBA");
    expect(open.map((p) => p.name)).not.toContain("Business Administration");
    const studied = await deps.db
      .selectFrom("subjects")
      .innerJoin("programmes", "programmes.id", "subjects.programme_id")
      .select(["programmes.name", "programmes.admission_open"])
      .distinct()
      .execute();
    expect(studied).toEqual([{ name: "BBA", admission_open: 1 }]);
    // three web-sized variants per demo image
    expect(readdirSync(path.join(dir, "gallery")).filter((f) => f.endsWith(".webp"))).toHaveLength(18);
  }, 20_000); // two seeds (six gallery images through sharp) and two argon2id sign-ins: seconds on PostgreSQL under load

  test("production seeds no demo student; ADMIN_EMAIL/ADMIN_PASSWORD are used and never echoed", async () => {
    const deps = await createTestDeps();
    const result = await seed(deps.db, {
      now: deps.now(),
      production: true,
      files: folderStore(galleryDir()),
      adminEmail: "principal@example.org",
      adminPassword: "Principal2026",
    });
    expect(result.created).toEqual([
      { role: "admin", login: "principal@example.org", password: "(from ADMIN_PASSWORD)", mustChange: false },
    ]);
    const students = await deps.db.selectFrom("users").select("id").where("role", "=", "student").execute();
    expect(students).toHaveLength(0);
    // An institute's answers are its own: no demo questions are published in production.
    expect(await deps.db.selectFrom("faqs").select("id").execute()).toEqual([]);
    expect((await signedIn(loginAdmin(deps, { email: "principal@example.org", password: "Principal2026" }))).user.email).toBe(
      "principal@example.org",
    );
  });

  test("production: a generated administrator's password is one-time, like create-admin's (walk 15a)", async () => {
    const deps = await createTestDeps();
    const { created } = await seed(deps.db, { now: deps.now(), production: true, files: folderStore(galleryDir()) });
    expect(created).toEqual([{ role: "admin", login: "admin@institute.local", password: expect.any(String), mustChange: true }]);
    const { user } = await signedIn(loginAdmin(deps, { email: "admin@institute.local", password: created[0]!.password }));
    expect(user.mustChangePassword).toBe(true);
  });

  test("generated passwords meet the password policy and differ", () => {
    const a = generatePassword();
    const b = generatePassword();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(a).toMatch(/[a-z]/);
    expect(a).toMatch(/[A-Z]/);
    expect(a).toMatch(/\d/);
  });
});
