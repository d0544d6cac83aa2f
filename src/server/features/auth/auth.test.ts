import { beforeEach, describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { changeCount } from "../../../../db/connection.ts";
import { sha256 } from "../../platform/crypto.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { getSettings, saveSettingsGroup } from "../settings/settings.service.ts";
import { changePassword, logoutOtherSessions } from "./account.service.ts";
import { loginAdmin, loginStudent, logout, resolveSession } from "./auth.service.ts";

let deps: TestDeps;
beforeEach(async () => {
  deps = await createTestDeps();
});

const post = (app: ReturnType<typeof testApp>, path: string, body: unknown, token?: string) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe("auth service", () => {
  test("an admin logs in with e-mail and password and gets an opaque token stored only as a hash", async () => {
    const admin = await createUser(deps, { role: "admin", email: "head@example.test" });
    const result = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    expect(result.user).toMatchObject({ id: admin.id, role: "admin", email: "head@example.test" });
    expect(result.token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const stored = await deps.db.selectFrom("sessions").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(sha256(result.token));
    expect(stored[0]!.token_hash).not.toContain(result.token);
  });

  test("a student logs in by student ID or by e-mail, but not through the admin login", async () => {
    await createUser(deps, { role: "student", email: "asha@example.test", student_id: "STU0007" });
    const byId = await signedIn(loginStudent(deps, { email: "", studentId: "STU0007", password: TEST_PASSWORD }));
    const byEmail = await signedIn(loginStudent(deps, { email: "asha@example.test", studentId: "", password: TEST_PASSWORD }));
    expect(byId.user.student_id).toBe("STU0007");
    expect(byEmail.user.student_id).toBe("STU0007");
    // Every sign-in is in the activity log (issue 14.6).
    const signIns = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "account.sign_in").execute();
    expect(signIns).toHaveLength(2);
    expect(JSON.parse(signIns[0]!.details)).toEqual({ via: "password" });
    expect(signIns[0]!.actor_user_id).toBe(byId.user.id);
    // "Welcome back" only from the second sign-in (issue 14.6).
    expect(byId.user.signedInBefore).toBe(false);
    expect(byEmail.user.signedInBefore).toBe(true);
    await expect(loginAdmin(deps, { email: "asha@example.test", password: TEST_PASSWORD })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid credentials",
    });
  });

  test("a wrong password and an unknown account give the same answer", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    await expect(loginAdmin(deps, { email: "head@example.test", password: "Wrong1Password" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid credentials",
    });
    await expect(loginAdmin(deps, { email: "nobody@example.test", password: TEST_PASSWORD })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid credentials",
    });
  });

  test("an inactive account cannot log in", async () => {
    await createUser(deps, { role: "student", email: "gone@example.test", is_active: 0 });
    await expect(loginStudent(deps, { email: "gone@example.test", studentId: "", password: TEST_PASSWORD })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  test("a session ends after sessionTimeout hours without activity, and is then removed", async () => {
    const { security } = await getSettings(deps);
    await saveSettingsGroup(deps, "security", { ...security, sessionTimeout: 2 });
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    deps.advance(2 * 3_600_000 - 1000);
    expect(await resolveSession(deps, token)).not.toBeNull(); // activity extends it
    deps.advance(2 * 3_600_000 - 1000);
    expect(await resolveSession(deps, token)).not.toBeNull();
    deps.advance(2 * 3_600_000 + 1000);
    expect(await resolveSession(deps, token)).toBeNull();
    expect(await deps.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
  });

  test("even an active session ends at its absolute limit (7 × sessionTimeout)", async () => {
    const { security } = await getSettings(deps);
    await saveSettingsGroup(deps, "security", { ...security, sessionTimeout: 1 });
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    for (let i = 0; i < 13; i++) {
      deps.advance(30 * 60_000);
      expect(await resolveSession(deps, token)).not.toBeNull();
    }
    deps.advance(31 * 60_000); // 7 h after login
    expect(await resolveSession(deps, token)).toBeNull();
  });

  test("a shorter sessionTimeout applies at once to existing sessions", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    deps.advance(2 * 3_600_000);
    expect(await resolveSession(deps, token)).not.toBeNull();
    const { security } = await getSettings(deps);
    await saveSettingsGroup(deps, "security", { ...security, sessionTimeout: 1 });
    deps.advance(3_600_000 + 1000);
    expect(await resolveSession(deps, token)).toBeNull();
  });

  test("logout ends the session; unknown and oversized tokens resolve to nobody", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    const auth = await resolveSession(deps, token);
    expect(auth?.user.email).toBe("head@example.test");
    await logout(deps, auth!.sessionId);
    expect(await resolveSession(deps, token)).toBeNull();
    expect(await resolveSession(deps, "not-a-token")).toBeNull();
    expect(await resolveSession(deps, "x".repeat(500))).toBeNull();
  });

  test("deactivating an account makes its existing sessions stop working", async () => {
    const user = await createUser(deps, { role: "student", email: "s@example.test" });
    const { token } = await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", user.id).execute();
    expect(await resolveSession(deps, token)).toBeNull();
  });
});

describe("remembered sessions (issue 9)", () => {
  const studentLogin = () => signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));

  test("logout, logout of other sessions, a password change and deactivation end a remembered session at once", async () => {
    const user = await createUser(deps, { role: "student", email: "s@example.test" });
    const first = await studentLogin();
    const second = await studentLogin();
    const third = await studentLogin();
    for (const t of [first, second, third]) expect(await resolveSession(deps, t.token)).not.toBeNull();

    const auth = (await resolveSession(deps, first.token))!;
    await logout(deps, auth.sessionId);
    expect(await resolveSession(deps, first.token)).toBeNull();

    const keep = (await resolveSession(deps, second.token))!;
    await logoutOtherSessions(deps, user.id, keep.sessionId);
    expect(await resolveSession(deps, third.token)).toBeNull();
    expect(await resolveSession(deps, second.token)).not.toBeNull();

    const fourth = await studentLogin();
    expect(await resolveSession(deps, fourth.token)).not.toBeNull();
    await changePassword(deps, user.id, keep.sessionId, { currentPassword: TEST_PASSWORD, newPassword: "Another2Horse!" });
    expect(await resolveSession(deps, fourth.token)).toBeNull();

    expect(await resolveSession(deps, second.token)).not.toBeNull();
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", user.id).execute();
    expect(await resolveSession(deps, second.token)).toBeNull();
  });

  test("a change to the user shows on the next request; expiry is still checked on every request", async () => {
    const user = await createUser(deps, { role: "student", email: "s@example.test" });
    const { token } = await studentLogin();
    expect((await resolveSession(deps, token))!.user.name).not.toBe("Renamed");
    await deps.db.updateTable("users").set({ name: "Renamed" }).where("id", "=", user.id).execute();
    expect((await resolveSession(deps, token))!.user.name).toBe("Renamed");
    const { security } = await getSettings(deps);
    deps.advance(security.sessionTimeout * 3_600_000 + 1000); // no write in between: the remembered row is used
    expect(await resolveSession(deps, token)).toBeNull();
  });

  test("the once-a-minute last_seen_at touch is stored but does not invalidate cached reads", async () => {
    await createUser(deps, { role: "student", email: "s@example.test" });
    const { token } = await studentLogin();
    let runs = 0;
    const read = () => cachedRead(deps.db, "k", async () => ++runs);
    expect(await read()).toBe(1);
    const before = changeCount(deps.db);
    deps.advance(5 * 60_000);
    expect(await resolveSession(deps, token)).not.toBeNull();
    const row = await deps.db.selectFrom("sessions").select("last_seen_at").executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe(deps.now().toISOString());
    // (PostgreSQL: the data-version trigger on sessions ignores last_seen_at; changeCount is SQLite's and null there.)
    expect(changeCount(deps.db)).toBe(before);
    expect(await read()).toBe(1);
    // a real write still invalidates
    await deps.db.updateTable("users").set({ name: "x" }).where("email", "=", "s@example.test").execute();
    expect(await read()).toBe(2);
  });
});

describe("auth REST adapter", () => {
  test("POST /api/auth/admin/login answers { success, data: { token, user } } and /me knows the user", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test", name: "Head Office" });
    const app = testApp(deps);
    const res = await post(app, "/api/auth/admin/login", { email: " Head@Example.test ", password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ role: "admin", name: "Head Office", email: "head@example.test" });
    const me = await app.request("/api/auth/me", { headers: { authorization: `Bearer ${body.data.token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).data.user.email).toBe("head@example.test");
  });

  test("validation messages of spec part 1 §5 come back as field errors with 400", async () => {
    const app = testApp(deps);
    const admin = await (await post(app, "/api/auth/admin/login", { email: "", password: "" })).json();
    expect(admin).toEqual({
      success: false,
      message: "Email is required",
      errors: { email: ["Email is required"], password: ["Password is required"] },
    });
    const res = await post(app, "/api/auth/student/login", { password: "x" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.email).toEqual(["Either email or student ID is required"]);
  });

  test("a wrong password is a 401 'Invalid credentials'; a malformed body is a 400", async () => {
    await createUser(deps, { role: "student", email: "s@example.test", student_id: "STU0001" });
    const app = testApp(deps);
    const res = await post(app, "/api/auth/student/login", { studentId: "stu0001", password: "Nope1234" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: "Invalid credentials" });
    const bad = await app.request("/api/auth/student/login", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
  });

  test("student ID login is case-insensitive and logout makes the token useless", async () => {
    await createUser(deps, { role: "student", email: "s@example.test", student_id: "STU0001" });
    const app = testApp(deps);
    const login = await (await post(app, "/api/auth/student/login", { studentId: "stu0001", password: TEST_PASSWORD })).json();
    const token = login.data.token as string;
    expect((await post(app, "/api/auth/logout", {}, token)).status).toBe(200);
    const me = await app.request("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    expect((await me.json()).success).toBe(false);
  });

  test("authenticated API answers are never cached", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const app = testApp(deps);
    const login = await post(app, "/api/auth/admin/login", { email: "head@example.test", password: TEST_PASSWORD });
    expect(login.headers.get("cache-control")).toBe("no-store");
  });
});

describe("auth tRPC adapter", () => {
  test("the same service answers through tRPC, with field errors in data", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const guest = callerFor(deps);
    const { token, user } = await signedIn(guest.auth.adminLogin({ email: "head@example.test", password: TEST_PASSWORD }));
    expect(user.role).toBe("admin");
    const auth = await resolveSession(deps, token);
    expect((await callerFor(deps, auth).auth.me()).user.email).toBe("head@example.test");

    const res = await testApp(deps).request("/api/trpc/auth.adminLogin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "", password: "" }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.data.fieldErrors).toEqual({ email: ["Email is required"], password: ["Password is required"] });
  });

  test("a guest calling me gets UNAUTHORIZED; a wrong password maps to UNAUTHORIZED", async () => {
    await expect(callerFor(deps).auth.me()).rejects.toBeInstanceOf(TRPCError);
    await expect(callerFor(deps).auth.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await createUser(deps, { role: "admin", email: "head@example.test" });
    await expect(callerFor(deps).auth.adminLogin({ email: "head@example.test", password: "Wrong1234" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid credentials",
    });
  });
});
