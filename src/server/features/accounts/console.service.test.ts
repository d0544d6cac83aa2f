import { describe, expect, test } from "bun:test";
import { createTestDeps, createUser, signedIn, TEST_PASSWORD } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { createAdministratorAtConsole, resetPasswordAtConsole } from "./console.service.ts";

describe("create-admin at the server command line", () => {
  test("opens an administrator whose one-time password signs in and must be changed; logged with no actor", async () => {
    const deps = await createTestDeps();
    const made = await createAdministratorAtConsole(deps, { email: "  Ops@Example.org ", name: "Operations Desk" });
    expect(made.email).toBe("ops@example.org");
    const session = await signedIn(loginAdmin(deps, { email: "ops@example.org", password: made.password }));
    expect(session.user.role).toBe("admin");
    expect(session.user.mustChangePassword).toBe(true);
    const row = await deps.db.selectFrom("users").selectAll().where("email", "=", "ops@example.org").executeTakeFirstOrThrow();
    expect(row.name).toBe("Operations Desk");
    expect(row.password_hash).not.toContain(made.password);
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "account.admin_created_at_console").execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.actor_user_id).toBeNull();
    expect(JSON.parse(log[0]!.details)).toEqual({ email: "ops@example.org" });
  });

  test("refuses an address that has an account, and one that is not an address, creating nothing", async () => {
    const deps = await createTestDeps();
    await createUser(deps, { role: "student", email: "taken@example.org", student_id: "STU0042" });
    await expect(createAdministratorAtConsole(deps, { email: "TAKEN@example.org" })).rejects.toThrow("exists already");
    await expect(createAdministratorAtConsole(deps, { email: "nobody" })).rejects.toThrow('"nobody" is not an e-mail address');
    const admins = await deps.db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(0);
  });
});

describe("reset-password at the server command line", () => {
  test("by e-mail or student ID: a new one-time password, every session ended, a lock lifted, logged", async () => {
    const deps = await createTestDeps();
    const student = await createUser(deps, { role: "student", email: "asha@example.org", student_id: "STU0007" });
    const first = await signedIn(loginStudent(deps, { email: "", studentId: "STU0007", password: TEST_PASSWORD }));
    await signedIn(loginStudent(deps, { email: "asha@example.org", studentId: "", password: TEST_PASSWORD }));
    await deps.db
      .updateTable("users")
      .set({ locked_until: "2099-01-01T00:00:00.000Z", failed_login_count: 5 })
      .where("id", "=", student.id)
      .execute();

    const reset = await resetPasswordAtConsole(deps, "stu0007");
    expect(reset).toMatchObject({ email: "asha@example.org", role: "student", studentId: "STU0007", sessionsEnded: 2 });
    expect(await resolveSession(deps, first.token)).toBeNull();
    const again = await signedIn(loginStudent(deps, { email: "", studentId: "STU0007", password: reset.password }));
    expect(again.user.mustChangePassword).toBe(true);
    await expect(signedIn(loginStudent(deps, { email: "", studentId: "STU0007", password: TEST_PASSWORD }))).rejects.toThrow();

    const byEmail = await resetPasswordAtConsole(deps, "ASHA@example.org");
    expect(byEmail.password).not.toBe(reset.password);
    const log = await deps.db
      .selectFrom("audit_log")
      .select(["action", "entity_id"])
      .where("action", "=", "account.password_reset_at_console")
      .execute();
    expect(log).toEqual([
      { action: "account.password_reset_at_console", entity_id: String(student.id) },
      { action: "account.password_reset_at_console", entity_id: String(student.id) },
    ]);
  });

  test("an unknown account is refused by name", async () => {
    const deps = await createTestDeps();
    await expect(resetPasswordAtConsole(deps, "ghost@example.org")).rejects.toThrow("No account has the e-mail ghost@example.org");
    await expect(resetPasswordAtConsole(deps, "STU9999")).rejects.toThrow("No account has the student ID STU9999");
  });
});
