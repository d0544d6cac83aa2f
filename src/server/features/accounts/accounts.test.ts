/** Issue 14.2: identity changes are checked — name by the institute, e-mail by a code to the new address. */
import { beforeEach, describe, expect, test } from "bun:test";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiAccount from "../../../shared/i18n/hi/account.json";
import { inLocale } from "../../platform/request-locale.ts";
import { callerFor, createTestDeps, createUser, STUDENT_FORM, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
});

const send = (method: string, path: string, body: unknown, token: string) =>
  app.request(path, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

async function lastMail(to: string) {
  return deps.db.selectFrom("email_outbox").selectAll().where("to_address", "=", to).orderBy("id", "desc").executeTakeFirst();
}
const codeIn = (text: string | undefined) => /^ {4}(\d{6})$/m.exec(text ?? "")?.[1];

async function student() {
  await createUser(deps, {
    role: "student",
    email: "asha@example.test",
    name: "Asha Patil",
    student_id: "STU0001",
    id_card_token: "card-token-asha-0123456789abcdef",
  });
  return signedIn(loginStudent(deps, { email: "asha@example.test", studentId: "", password: TEST_PASSWORD }));
}

describe("a student's name is the institute's record", () => {
  test("PUT /api/auth/profile refuses a new name with a message (not silently), and the ID card check keeps the real name", async () => {
    const { token } = await student();
    const res = await send("PUT", "/api/auth/profile", { name: "Someone Else" }, token);
    expect(res.status).toBe(403);
    expect((await res.json()).errors.name).toEqual([
      "Your name is kept as the institute has it. To correct it, please open a support ticket.",
    ]);
    const card = await (await app.request("/api/public/verify/card-token-asha-0123456789abcdef")).json();
    expect(card.data.name).toBe("Asha Patil");
    // The same name and a new mobile number are fine.
    const ok = await send("PUT", "/api/auth/profile", { name: "Asha Patil", mobile: "9000000001" }, token);
    expect(ok.status).toBe(200);
  });

  test("PUT /api/student/profile refuses a different date of birth; the stored one sent back is fine", async () => {
    await createUser(deps, { role: "student", email: "dob@example.test", student_id: "STU0009", date_of_birth: "2002-01-31" });
    const { token } = await signedIn(loginStudent(deps, { email: "dob@example.test", studentId: "", password: TEST_PASSWORD }));
    const refused = await send("PUT", "/api/student/profile", { dateOfBirth: "1999-01-01", city: "Pune" }, token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors.dateOfBirth).toEqual([
      "Your date of birth is kept as the institute has it. To correct it, please open a support ticket.",
    ]);
    const same = await send("PUT", "/api/student/profile", { dateOfBirth: "2002-01-31", city: "Pune" }, token);
    expect(same.status).toBe(200);
    const row = await deps.db
      .selectFrom("users")
      .select(["date_of_birth", "city"])
      .where("email", "=", "dob@example.test")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ date_of_birth: "2002-01-31", city: "Pune" });
  });

  test("an admin may still correct their own name", async () => {
    await createUser(deps, { role: "admin", email: "office@example.test", name: "Office" });
    const { token } = await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }));
    const res = await send("PUT", "/api/auth/profile", { name: "Office Admin" }, token);
    expect((await res.json()).data.user.name).toBe("Office Admin");
  });
});

describe("changing one's e-mail address", () => {
  test("password + code to the NEW address; the old address is told; other sessions end; audited", async () => {
    const first = await student();
    const other = await signedIn(loginStudent(deps, { email: "asha@example.test", studentId: "", password: TEST_PASSWORD }));
    const wrong = await send(
      "POST",
      "/api/auth/email-change",
      { currentPassword: "Wrong1Password", newEmail: "asha.new@example.test" },
      first.token,
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.currentPassword).toEqual(["Your current password is not correct."]);

    const asked = await send(
      "POST",
      "/api/auth/email-change",
      { currentPassword: TEST_PASSWORD, newEmail: "Asha.New@example.test" },
      first.token,
    );
    expect(asked.status).toBe(200);
    const code = codeIn((await lastMail("asha.new@example.test"))?.text_body);
    expect(code).toMatch(/^\d{6}$/);
    // Nothing has changed yet.
    expect((await deps.db.selectFrom("users").select("email").where("student_id", "=", "STU0001").executeTakeFirstOrThrow()).email).toBe(
      "asha@example.test",
    );

    const bad = await send(
      "POST",
      "/api/auth/email-change/confirm",
      { newEmail: "asha.new@example.test", code: code === "000000" ? "111111" : "000000" },
      first.token,
    );
    expect(bad.status).toBe(400);
    const done = await send("POST", "/api/auth/email-change/confirm", { newEmail: "asha.new@example.test", code }, first.token);
    expect(done.status).toBe(200);
    expect((await done.json()).data.user.email).toBe("asha.new@example.test");

    const notice = await lastMail("asha@example.test");
    expect(notice?.template).toBe("email_changed_notice");
    expect(notice?.text_body).toContain("asha.new@example.test");
    expect(await resolveSession(deps, first.token)).not.toBeNull();
    expect(await resolveSession(deps, other.token)).toBeNull();
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "account.email_changed").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toEqual({ from: "asha@example.test", to: "asha.new@example.test" });
    // The new address signs in; the old one no longer does.
    await signedIn(loginStudent(deps, { email: "asha.new@example.test", studentId: "", password: TEST_PASSWORD }));
    await expect(loginStudent(deps, { email: "asha@example.test", studentId: "", password: TEST_PASSWORD })).rejects.toMatchObject({
      status: 401,
    });
  });

  test("a taken or unchanged address is refused before any code is sent; a code is bound to the account that asked", async () => {
    await createUser(deps, { role: "student", email: "taken@example.test", student_id: "STU0002" });
    const { token, user } = await student();
    const taken = await send("POST", "/api/auth/email-change", { currentPassword: TEST_PASSWORD, newEmail: "taken@example.test" }, token);
    expect(taken.status).toBe(409);
    const same = await send("POST", "/api/auth/email-change", { currentPassword: TEST_PASSWORD, newEmail: "asha@example.test" }, token);
    expect(same.status).toBe(400);
    expect(await lastMail("taken@example.test")).toBeUndefined();

    // Someone else's code for an address does not move this account.
    await createUser(deps, { role: "admin", email: "office@example.test" });
    const admin = await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }));
    await send("POST", "/api/auth/email-change", { currentPassword: TEST_PASSWORD, newEmail: "fresh@example.test" }, admin.token);
    const code = codeIn((await lastMail("fresh@example.test"))?.text_body)!;
    const stolen = await send("POST", "/api/auth/email-change/confirm", { newEmail: "fresh@example.test", code }, token);
    expect(stolen.status).toBe(400);
    expect((await deps.db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(
      "asha@example.test",
    );
  });

  test("wrong codes for a new address count: the fifth uses the code up, and the right one then fails (stop 53: the refusal rolled its count back)", async () => {
    const { token } = await student();
    const caller = callerFor(deps, (await resolveSession(deps, token))!);
    await caller.auth.requestEmailChange({ currentPassword: TEST_PASSWORD, newEmail: "asha.new@example.test" });
    const code = codeIn((await lastMail("asha.new@example.test"))?.text_body)!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      await expect(caller.auth.confirmEmailChange({ newEmail: "asha.new@example.test", code: wrong })).rejects.toMatchObject({
        message: "Invalid verification code. Please try again.",
      });
    }
    await expect(caller.auth.confirmEmailChange({ newEmail: "asha.new@example.test", code: wrong })).rejects.toMatchObject({
      message: "Too many wrong attempts. Please request a new code.",
    });
    await expect(caller.auth.confirmEmailChange({ newEmail: "asha.new@example.test", code })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  test("the same rules over tRPC, and requests are rate-limited per account", async () => {
    const { token } = await student();
    const auth = (await resolveSession(deps, token))!;
    const caller = callerFor(deps, auth);
    for (let i = 0; i < 3; i++) await caller.auth.requestEmailChange({ currentPassword: TEST_PASSWORD, newEmail: `n${i}@example.test` });
    await expect(caller.auth.requestEmailChange({ currentPassword: TEST_PASSWORD, newEmail: "n9@example.test" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    const code = codeIn((await lastMail("n2@example.test"))?.text_body)!;
    const done = await caller.auth.confirmEmailChange({ newEmail: "n2@example.test", code });
    expect(done.user.email).toBe("n2@example.test");
  });
});

describe("student IDs (issue 16)", () => {
  test("when no free ID can be found, the office is told so in its own language (English without one)", async () => {
    await loadAllCatalogues();
    // The counter's next IDs are all taken, and the longest ID in use is not one it can jump past (a call tries three).
    for (const [n, id] of ["STU0001", "STU0002", "STU0003", "STU0004", "STU0005", "STU0006", "STU-IMPORTED-7"].entries()) {
      await createUser(deps, { role: "student", email: `held${n}@example.test`, student_id: id });
    }
    await createUser(deps, { role: "admin", email: "office@example.test" });
    const { token } = await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }));
    const office = callerFor(deps, await resolveSession(deps, token));
    await expect(inLocale("hi", () => office.students.create(STUDENT_FORM))).rejects.toMatchObject({
      code: "CONFLICT",
      message: hiAccount.studentIdUnavailable,
    });
    await expect(office.students.create(STUDENT_FORM)).rejects.toMatchObject({
      message: "Could not assign a free student ID. Please try again or contact support.",
    });
  });
});
