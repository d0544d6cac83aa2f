import { beforeEach, describe, expect, test } from "bun:test";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { sha256 } from "../../platform/crypto.ts";
import { atOnce, callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { getSettings, saveSettingsGroup } from "../settings/settings.service.ts";
import { issueFirstLoginLink } from "./account.service.ts";
import { loginAdmin, loginStudent, resolveSession } from "./auth.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
});

const send = (method: string, path: string, body?: unknown, token?: string, ip?: string) =>
  app.request(path, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(ip ? {} : {}),
  });

/** The newest 6-digit code e-mailed to an address, read from the outbox. */
async function lastCodeFor(email: string) {
  const row = await deps.db
    .selectFrom("email_outbox")
    .select(["text_body", "template"])
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? /\b(\d{6})\b/.exec(row.text_body)?.[1] : undefined;
}

async function outboxCount() {
  return Number(
    (
      await deps.db
        .selectFrom("email_outbox")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe("forgot password → verify code → reset", () => {
  test("the answer for an unknown address is identical and sends nothing", async () => {
    await createUser(deps, { role: "student", email: "known@example.test" });
    const known = await send("POST", "/api/auth/forgot-password", { email: "known@example.test", userType: "student" });
    const unknown = await send("POST", "/api/auth/forgot-password", { email: "unknown@example.test", userType: "student" });
    const wrongType = await send("POST", "/api/auth/forgot-password", { email: "known@example.test", userType: "admin" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(wrongType.status).toBe(known.status);
    const bodies = await Promise.all([known.json(), unknown.json(), wrongType.json()]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    const rows = await deps.db.selectFrom("email_outbox").select("to_address").execute();
    expect(rows.map((r) => r.to_address)).toEqual(["known@example.test"]);
  });

  test("the whole journey: the code is e-mailed, stored hashed, verified once, and the reset ends every session", async () => {
    const user = await createUser(deps, { role: "student", email: "asha@example.test", student_id: "STU0001" });
    const before = await signedIn(loginStudent(deps, { email: "asha@example.test", studentId: "", password: TEST_PASSWORD }));
    await send("POST", "/api/auth/forgot-password", { email: "Asha@Example.test", userType: "student" });
    const code = (await lastCodeFor("asha@example.test"))!;
    expect(code).toMatch(/^\d{6}$/);
    const stored = await deps.db.selectFrom("one_time_codes").selectAll().where("purpose", "=", "password_reset").executeTakeFirstOrThrow();
    expect(stored.code_hash).toBe(sha256(code));
    expect(stored.user_id).toBe(user.id);

    const verified = await (
      await send("POST", "/api/auth/verify-otp", { email: "asha@example.test", otp: code, userType: "student" })
    ).json();
    expect(verified.success).toBe(true);
    const resetToken = verified.data.resetToken as string;
    // The code is used up.
    const again = await send("POST", "/api/auth/verify-otp", { email: "asha@example.test", otp: code, userType: "student" });
    expect(again.status).toBe(400);

    const reset = await send("POST", "/api/auth/reset-password", { password: "NewPassw0rdX", resetToken, userType: "student" });
    expect(reset.status).toBe(200);
    const body = await reset.json();
    expect(body.data.token).toBeUndefined(); // never signs in by itself
    expect(await resolveSession(deps, before.token)).toBeNull();
    await expect(loginStudent(deps, { email: "", studentId: "STU0001", password: TEST_PASSWORD })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect((await signedIn(loginStudent(deps, { email: "", studentId: "STU0001", password: "NewPassw0rdX" }))).user.id).toBe(user.id);
    // The reset token is single use.
    const reuse = await send("POST", "/api/auth/reset-password", { password: "Another1Pass", resetToken, userType: "student" });
    expect(reuse.status).toBe(400);
  });

  test("staff reset their password from the office side, as they sign in there; not from the student side (tenth walk)", async () => {
    const user = await createUser(deps, { role: "staff", email: "counsellor@example.test" });
    await send("POST", "/api/auth/forgot-password", { email: "counsellor@example.test", userType: "student" });
    expect(await outboxCount()).toBe(0);
    await send("POST", "/api/auth/forgot-password", { email: "counsellor@example.test", userType: "admin" });
    const code = (await lastCodeFor("counsellor@example.test"))!;
    expect(code).toMatch(/^\d{6}$/);
    const verified = await (
      await send("POST", "/api/auth/verify-otp", { email: "counsellor@example.test", otp: code, userType: "admin" })
    ).json();
    const resetToken = verified.data.resetToken as string;
    const wrongSide = await send("POST", "/api/auth/reset-password", { password: "NewPassw0rdX", resetToken, userType: "student" });
    expect(wrongSide.status).toBe(400);
    // The wrong side's refusal used the token up (a single-use token is spent by any attempt): a new code.
    await send("POST", "/api/auth/forgot-password", { email: "counsellor@example.test", userType: "admin" });
    const again = (await lastCodeFor("counsellor@example.test"))!;
    const token = (
      await (await send("POST", "/api/auth/verify-otp", { email: "counsellor@example.test", otp: again, userType: "admin" })).json()
    ).data.resetToken as string;
    expect(
      (await send("POST", "/api/auth/reset-password", { password: "NewPassw0rdX", resetToken: token, userType: "admin" })).status,
    ).toBe(200);
    const session = await signedIn(loginAdmin(deps, { email: "counsellor@example.test", password: "NewPassw0rdX" }));
    expect(session.user.id).toBe(user.id);
  });

  test("a wrong code says so; five wrong tries use the code up; a new code voids the old one", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const verify = (otp: string) => callerFor(deps).auth.verifyOtp({ email: "head@example.test", otp, userType: "admin" });
    await callerFor(deps).auth.forgotPassword({ email: "head@example.test", userType: "admin" });
    const first = (await lastCodeFor("head@example.test"))!;
    await callerFor(deps).auth.forgotPassword({ email: "head@example.test", userType: "admin" });
    const second = (await lastCodeFor("head@example.test"))!;
    const wrong = second === "000000" ? "111111" : "000000";
    const invalid = { message: "Invalid verification code. Please try again." };
    // The voided first code counts as a wrong try against the open one.
    await expect(verify(first === second ? wrong : first)).rejects.toMatchObject(invalid);
    for (let i = 0; i < 3; i++) await expect(verify(wrong)).rejects.toMatchObject(invalid);
    await expect(verify(wrong)).rejects.toMatchObject({ message: "Too many wrong attempts. Please request a new code." });
    // Used up: even the right code no longer works.
    await expect(verify(second)).rejects.toMatchObject(invalid);
  });

  test("wrong codes sent at the same moment each count: eight at once use the code up (race audit)", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const verify = (otp: string) => () => callerFor(deps).auth.verifyOtp({ email: "head@example.test", otp, userType: "admin" });
    await callerFor(deps).auth.forgotPassword({ email: "head@example.test", userType: "admin" });
    const code = (await lastCodeFor("head@example.test"))!;
    const wrong = Array.from({ length: 8 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const settled = await atOnce(deps.db, wrong.map(verify));
    expect(settled.every((r) => r.status === "rejected")).toBe(true);
    await expect(verify(code)()).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const row = await deps.db.selectFrom("one_time_codes").select(["failed_attempts", "consumed_at"]).executeTakeFirstOrThrow();
    // Each counted: five on SQLite (its checks take turns, and the sixth finds the code used up), up to eight on PostgreSQL.
    expect([row.failed_attempts >= 5, row.consumed_at !== null]).toEqual([true, true]);
  });

  test("a code expires after 300 seconds, with a message containing 'expired'", async () => {
    await createUser(deps, { role: "student", email: "s@example.test" });
    await callerFor(deps).auth.forgotPassword({ email: "s@example.test", userType: "student" });
    const code = (await lastCodeFor("s@example.test"))!;
    deps.advance(301_000);
    const res = await send("POST", "/api/auth/verify-otp", { email: "s@example.test", otp: code, userType: "student" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain("expired");
  });

  test("the reset token lives 10 minutes; an expired one answers 400 with 'expired'", async () => {
    await createUser(deps, { role: "student", email: "s@example.test" });
    await callerFor(deps).auth.forgotPassword({ email: "s@example.test", userType: "student" });
    const { resetToken } = await callerFor(deps).auth.verifyOtp({
      email: "s@example.test",
      otp: (await lastCodeFor("s@example.test"))!,
      userType: "student",
    });
    deps.advance(601_000);
    const res = await send("POST", "/api/auth/reset-password", { password: "NewPassw0rdX", resetToken, userType: "student" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toContain("expired");
    // A word the screen acts on, whatever language the message is in (tRPC carries it in the error's data).
    expect(body.reason).toBe("link_expired");
    await expect(callerFor(deps).auth.resetPassword({ password: "NewPassw0rdX", resetToken, userType: "student" })).rejects.toMatchObject({
      cause: { reason: "link_expired" },
    });
  });

  test("the new password must meet the policy, not be common, and not be the e-mail address", async () => {
    await createUser(deps, { role: "student", email: "s1@example.test" });
    const tokenFor = async () => {
      await callerFor(deps).auth.forgotPassword({ email: "s1@example.test", userType: "student" });
      return (
        await callerFor(deps).auth.verifyOtp({
          email: "s1@example.test",
          otp: (await lastCodeFor("s1@example.test"))!,
          userType: "student",
        })
      ).resetToken;
    };
    const resetToken = await tokenFor();
    const weak = await (await send("POST", "/api/auth/reset-password", { password: "short", resetToken, userType: "student" })).json();
    expect(weak.errors.password).toEqual(["Password must be at least 8 characters long"]);
    const simple = await (
      await send("POST", "/api/auth/reset-password", { password: "alllowercase1", resetToken, userType: "student" })
    ).json();
    expect(simple.errors.password).toEqual(["Password must contain at least one uppercase letter, one lowercase letter, and one number"]);
    const long = await (
      await send("POST", "/api/auth/reset-password", { password: `Aa1${"x".repeat(126)}`, resetToken, userType: "student" })
    ).json();
    expect(long.errors.password).toEqual(["Password must be at most 128 characters long"]);
    const common = await (
      await send("POST", "/api/auth/reset-password", { password: "Password1", resetToken, userType: "student" })
    ).json();
    expect(common.message).toBe("This password is too common. Please choose one that is harder to guess.");
    const same = await (
      await send("POST", "/api/auth/reset-password", { password: "S1@example.test", resetToken, userType: "student" })
    ).json();
    expect(same.errors.password).toEqual(["Your password must not be your e-mail address or student ID."]);
    // A refused password leaves the token usable: the person simply tries another one.
    const ok = await send("POST", "/api/auth/reset-password", {
      password: `${"A".repeat(64)}a1${"b".repeat(62)}`,
      resetToken,
      userType: "student",
    });
    expect(ok.status).toBe(200);
  });

  test("reset codes are limited per e-mail address (429 with Retry-After)", async () => {
    await createUser(deps, { role: "student", email: "s@example.test" });
    for (let i = 0; i < 3; i++)
      expect((await send("POST", "/api/auth/forgot-password", { email: "s@example.test", userType: "student" })).status).toBe(200);
    const limited = await send("POST", "/api/auth/forgot-password", { email: "s@example.test", userType: "student" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await outboxCount()).toBe(3);
  });
});

describe("login protection", () => {
  test("maxLoginAttempts failures lock the account: attempt N+1 gets 429 with the lock message, admins are told", async () => {
    await createUser(deps, { role: "admin", email: "watch@example.test" });
    await createUser(deps, { role: "student", email: "s@example.test", student_id: "STU0009" });
    const { security } = await getSettings(deps);
    await saveSettingsGroup(deps, "security", { ...security, maxLoginAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      const res = await send("POST", "/api/auth/student/login", { studentId: "STU0009", password: "Wrong1234" });
      expect(res.status).toBe(401);
    }
    const locked = await send("POST", "/api/auth/student/login", { studentId: "STU0009", password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe(
      "Too many failed sign-in attempts. Your account is locked: please try again after 12:15 pm.",
    );
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
    // Eleven minutes on, the same end (tenth walk: it said "locked for 15 minutes" with 4 left).
    deps.advance(11 * 60_000);
    const later = await send("POST", "/api/auth/student/login", { studentId: "STU0009", password: TEST_PASSWORD });
    expect((await later.json()).message).toBe("Too many failed sign-in attempts. Your account is locked: please try again after 12:15 pm.");
    deps.advance(-11 * 60_000);
    const notes = await deps.db.selectFrom("notifications").selectAll().where("type", "=", "security").execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain("s@example.test");
    deps.advance(15 * 60_000 + 1000);
    const after = await send("POST", "/api/auth/student/login", { studentId: "STU0009", password: TEST_PASSWORD });
    expect(after.status).toBe(200);
  });

  test("a success in between resets the count of consecutive failures", async () => {
    await createUser(deps, { role: "student", email: "s@example.test", student_id: "STU0009" });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await loginStudent(deps, { email: "", studentId: "STU0009", password: "Wrong1234" }).catch(() => {});
      await signedIn(loginStudent(deps, { email: "", studentId: "STU0009", password: TEST_PASSWORD }));
    }
  });

  test("a rate-limited tRPC call carries Retry-After too", async () => {
    await createUser(deps, { role: "student", email: "s@example.test" });
    const call = () =>
      app.request("/api/trpc/auth.forgotPassword", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "s@example.test", userType: "student" }),
      });
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  // 31 refused sign-ins each verify a password hash (argon2id, as for a real account): ≈ 3 s alone, more
  // beside the rest of `npm test` on 2 cores, so this test has more than the default 5 s.
  test("failed logins are limited per client address too", async () => {
    for (let i = 0; i < 30; i++) {
      await loginAdmin(deps, { email: `nobody${i}@example.test`, password: "Wrong1234" }, { ip: "203.0.113.9" }).catch(() => {});
    }
    await expect(loginAdmin(deps, { email: "x@example.test", password: "Wrong1234" }, { ip: "203.0.113.9" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    await expect(loginAdmin(deps, { email: "x@example.test", password: "Wrong1234" }, { ip: "198.51.100.1" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  }, 20_000);
});

describe("sessions and account", () => {
  test("Logout All ends every other session of the user and keeps this one", async () => {
    await createUser(deps, { role: "student", email: "s@example.test" });
    const login = () => signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    const [a, b, c] = [await login(), await login(), await login()];
    const res = await send("POST", "/api/auth/logout-all", {}, a.token);
    expect((await res.json()).data.endedSessions).toBe(2);
    expect(await resolveSession(deps, a.token)).not.toBeNull();
    expect(await resolveSession(deps, b.token)).toBeNull();
    expect(await resolveSession(deps, c.token)).toBeNull();
  });

  test("change password checks the current one, applies the policy and ends the other sessions", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const a = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    const b = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    const wrong = await send("PUT", "/api/auth/change-password", { currentPassword: "Nope1234", newPassword: "Fresh1Password" }, a.token);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.currentPassword).toEqual(["Your current password is not correct."]);
    const ok = await send("PUT", "/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "Fresh1Password" }, a.token);
    expect(ok.status).toBe(200);
    expect(await resolveSession(deps, a.token)).not.toBeNull();
    expect(await resolveSession(deps, b.token)).toBeNull();
    await signedIn(loginAdmin(deps, { email: "head@example.test", password: "Fresh1Password" }));
  });

  test("PUT /auth/profile needs one non-blank field, trims, and never changes the e-mail address", async () => {
    await createUser(deps, { role: "admin", email: "other@example.test" });
    await createUser(deps, { role: "admin", email: "head@example.test", name: "Old Name" });
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    const empty = await send("PUT", "/api/auth/profile", { name: "  ", email: "", mobile: "" }, token);
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Please fill in at least one field to update");
    const taken = await send("PUT", "/api/auth/profile", { email: "other@example.test" }, token);
    expect(taken.status).toBe(400);
    expect((await taken.json()).errors.email).toEqual([
      "To change your e-mail address, use Change e-mail: we send a code to the new address first.",
    ]);
    const ok = await (
      await send("PUT", "/api/auth/profile", { name: "  New Name ", email: "head@example.test", mobile: "" }, token)
    ).json();
    expect(ok.data.user).toMatchObject({ name: "New Name", email: "head@example.test" });
  });

  test("an office account's new name is in the activity log with the old one; the same name, or the mobile alone, logs nothing (walk 29b)", async () => {
    const priya = await createUser(deps, { role: "staff", email: "priya@example.test", name: "Priya Sharma" });
    const { token } = await signedIn(loginAdmin(deps, { email: "priya@example.test", password: TEST_PASSWORD }));
    const renames = () =>
      deps.db.selectFrom("audit_log").select(["actor_user_id", "entity_id", "details"]).where("action", "=", "account.renamed").execute();
    expect((await send("PUT", "/api/auth/profile", { name: "Priya Sharma", mobile: "+91 98765 43210" }, token)).status).toBe(200);
    expect(await renames()).toEqual([]);
    expect((await send("PUT", "/api/auth/profile", { name: "Administrator" }, token)).status).toBe(200);
    const [entry] = await renames();
    expect(entry).toMatchObject({ actor_user_id: priya.id, entity_id: String(priya.id) });
    expect(JSON.parse(entry!.details)).toEqual({ from: "Priya Sharma", to: "Administrator" });
  });

  test("PUT /auth/profile: the mobile is a phone by every phone's rule, and the name a person's (stop 48, walk 16a)", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test", name: "Old Name", mobile: "9822012345" });
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    for (const mobile of ["0000000000", "99999 99999", "-------"]) {
      const refused = await send("PUT", "/api/auth/profile", { mobile }, token);
      expect([mobile, refused.status, (await refused.json()).errors]).toEqual([
        mobile,
        400,
        { mobile: ["Please enter a valid mobile number"] },
      ]);
    }
    const emoji = await send("PUT", "/api/auth/profile", { name: "Asha 🌸" }, token);
    expect((await emoji.json()).errors).toEqual({ name: ["Use letters in a name, not emoji or symbols"] });
    const ok = await send("PUT", "/api/auth/profile", { name: "Asha  Rani", mobile: "९८२२० १२३४५" }, token);
    expect(ok.status).toBe(200);
    const stored = await deps.db
      .selectFrom("users")
      .select(["name", "mobile"])
      .where("email", "=", "head@example.test")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: "Asha Rani", mobile: "98220 12345" });
  });

  test("GET /auth/stats reports the user's own figures", async () => {
    await createUser(deps, { role: "student", email: "s@example.test", password_changed_at: "2026-11-01T00:00:00.000Z" });
    const a = await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    const stats = (await (await send("GET", "/api/auth/stats", undefined, a.token)).json()).data;
    expect(stats).toMatchObject({ activeSessions: 2, passwordAgeDays: 21, passwordExpiresInDays: 69, twoFactorEnabled: false });
    expect(stats.lastLogin).toBe(deps.now().toISOString());
  });

  test("an office account's own two-step switch, and the institute's requirement over it (walk 20a)", async () => {
    await createUser(deps, { role: "staff", email: "desk@example.test" });
    const staff = await signedIn(loginAdmin(deps, { email: "desk@example.test", password: TEST_PASSWORD }));
    const caller = callerFor(deps, await resolveSession(deps, staff.token));
    expect(await caller.auth.stats()).toMatchObject({ twoFactorEnabled: false, twoFactorByInstitute: false });
    await caller.auth.setTwoFactor({ enabled: true });
    expect(await caller.auth.stats()).toMatchObject({ twoFactorEnabled: true, twoFactorByInstitute: false });
    await caller.auth.setTwoFactor({ enabled: true }); // no change: not logged again
    await caller.auth.setTwoFactor({ enabled: false });
    // Logged as the student's switch is, whichever screen turned it.
    const log = await deps.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "like", "account.two_factor%")
      .orderBy("id")
      .execute();
    expect(log.map((l) => l.action)).toEqual(["account.two_factor_on", "account.two_factor_off"]);
    await saveSettingsGroup(deps, "security", { ...(await getSettings(deps)).security, enableTwoFactor: true });
    expect(await caller.auth.stats()).toMatchObject({ twoFactorEnabled: true, twoFactorByInstitute: true });
  });
});

describe("two-factor sign-in by e-mailed code", () => {
  test("an account with it switched on gets a challenge, then a session for the right code only", async () => {
    await createUser(deps, { role: "student", email: "s@example.test", two_factor_enabled: 1 });
    const first = await loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD });
    expect("token" in first).toBe(false);
    const { challengeToken } = first as { challengeToken: string };
    const code = (await lastCodeFor("s@example.test"))!;
    const [id] = challengeToken.split(".");
    // The code alone, with a forged challenge, is not enough.
    await expect(callerFor(deps).auth.verifyTwoFactor({ challengeToken: `${id}.forged`, code })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const done = await callerFor(deps).auth.verifyTwoFactor({ challengeToken, code });
    expect(done.user.email).toBe("s@example.test");
    expect(await resolveSession(deps, done.token)).not.toBeNull();
  });

  test("the enableTwoFactor setting requires it for admins only", async () => {
    const { security } = await getSettings(deps);
    await saveSettingsGroup(deps, "security", { ...security, enableTwoFactor: true });
    await createUser(deps, { role: "admin", email: "head@example.test" });
    await createUser(deps, { role: "student", email: "s@example.test" });
    const admin = await (await send("POST", "/api/auth/admin/login", { email: "head@example.test", password: TEST_PASSWORD })).json();
    expect(admin.data.twoFactorRequired).toBe(true);
    expect(admin.data.token).toBeUndefined();
    await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
  });
});

describe("first login and forced password change", () => {
  test("a first-login link sets the password once; until then the account is marked to change it", async () => {
    const user = await createUser(deps, { role: "student", email: "new@example.test", student_id: "STU0042", password_hash: null });
    const { link } = await issueFirstLoginLink(deps, deps.db, user);
    const token = new URL(link).searchParams.get("token")!;
    expect(link).toStartWith("http://localhost:3000/first-login?token=");
    const done = await (await send("POST", "/api/auth/first-login", { token, password: "MyOwn1Password" })).json();
    expect(done.data).toMatchObject({ role: "student", login: "STU0042" });
    const login = await signedIn(loginStudent(deps, { email: "", studentId: "STU0042", password: "MyOwn1Password" }));
    expect(login.user.mustChangePassword).toBe(false);
    const reuse = await send("POST", "/api/auth/first-login", { token, password: "Other1Password" });
    expect(reuse.status).toBe(400);
  });

  test("a first-login link is checked as its page opens: usable until used, then refused as its use is; an inactive account's too (walk 22b)", async () => {
    const user = await createUser(deps, { role: "staff", email: "new@example.test", password_hash: null });
    const { link } = await issueFirstLoginLink(deps, deps.db, user);
    const token = new URL(link).searchParams.get("token")!;
    const check = (t: string) => callerFor(deps).auth.firstLoginLink({ token: t });
    // Asking twice uses nothing up.
    expect(await check(token)).toEqual({ usable: true });
    expect(await check(token)).toEqual({ usable: true });
    await expect(check("not-a-link")).rejects.toMatchObject({ code: "BAD_REQUEST", message: ACCOUNT_MSG.linkInvalid });
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", user.id).execute();
    await expect(check(token)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await deps.db.updateTable("users").set({ is_active: 1 }).where("id", "=", user.id).execute();
    expect((await send("POST", "/api/auth/first-login", { token, password: "MyOwn1Password" })).status).toBe(200);
    await expect(check(token)).rejects.toMatchObject({ code: "BAD_REQUEST", message: ACCOUNT_MSG.linkInvalid });
  });

  test("a refused password does not use up the first-login link", async () => {
    const user = await createUser(deps, { role: "student", email: "new@example.test", student_id: "STU0043", password_hash: null });
    const { link } = await issueFirstLoginLink(deps, deps.db, user);
    const token = new URL(link).searchParams.get("token")!;
    const common = await send("POST", "/api/auth/first-login", { token, password: "Password1" });
    expect(common.status).toBe(400);
    expect((await common.json()).errors.password).toEqual(["This password is too common. Please choose one that is harder to guess."]);
    expect((await send("POST", "/api/auth/first-login", { token, password: "MyOwn1Password" })).status).toBe(200);
  });

  test("an account that must change its password can do nothing else until it has", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test", must_change_password: 1 });
    const { token, user } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    expect(user.mustChangePassword).toBe(true);
    const refused = await send("GET", "/api/auth/stats", undefined, token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(ACCOUNT_MSG.mustChangePassword);
    expect((await send("GET", "/api/auth/me", undefined, token)).status).toBe(200);
    // The public site's paths answer it as they answer a guest (walk 15c: 24 of them refused it).
    expect((await send("GET", "/api/public/institute-info", undefined, token)).status).toBe(200);
    expect((await send("GET", "/api/admission/courses", undefined, token)).status).toBe(200);
    const auth = await resolveSession(deps, token);
    await expect(callerFor(deps, auth).auth.stats()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await send("PUT", "/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "Brand1NewPass" }, token);
    expect((await send("GET", "/api/auth/stats", undefined, token)).status).toBe(200);
  });

  test("a password older than passwordExpiry days must be changed at the next login", async () => {
    await createUser(deps, { role: "student", email: "s@example.test", password_changed_at: "2026-01-01T00:00:00.000Z" });
    const { user } = await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    expect(user.mustChangePassword).toBe(true);
  });
});

describe("own photo", () => {
  test("an admin sets their photo through PUT /api/auth/profile/photo; the spec's messages for bad files", async () => {
    const { jpegBytes, oversizedPng, pdfBytes, fileOf } = await import("../../test-files.ts");
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    const put = (file: File) => {
      const fd = new FormData();
      fd.append("photo", file);
      return app.request("/api/auth/profile/photo", { method: "PUT", body: fd, headers: { authorization: `Bearer ${token}` } });
    };
    const ok = await put(fileOf(await jpegBytes(), "me.jpg"));
    expect(ok.status).toBe(200);
    const url = (await ok.json()).data.user.photo.url as string;
    expect(url).toMatch(/^\/api\/files\/photos\/[a-z0-9]+\.webp$/);
    expect((await app.request(url)).headers.get("content-type")).toBe("image/webp");
    const big = await put(fileOf(oversizedPng(6 * 1024 * 1024), "big.png"));
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe("File size must be less than 5MB");
    const pdf = await put(fileOf(pdfBytes(), "me.jpg"));
    expect((await pdf.json()).message).toBe("Please select a valid image file");
    expect((await app.request("/api/auth/profile/photo", { method: "PUT" })).status).toBe(401);
  });
});
