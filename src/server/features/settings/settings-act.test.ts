/**
 * Issue 14.4 and 14.5: every saved setting acts. General → contact phone, address and admin e-mail drive the
 * public contact details, e-mail signatures and where admin alerts are e-mailed; "Require e-mail verification"
 * holds back a first sign-in until the address is proven; every e-mail can be answered (Reply-To) and ticket
 * answers reach the student by e-mail.
 */
import { beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import { dataPaths } from "../../platform/storage.ts";
import { createTestDeps, createUser, STUDENT_FORM, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent } from "../auth/auth.service.ts";
import { notifyAdmins } from "../notifications/notifications.service.ts";
import { saveSettingsGroup } from "./settings.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
});

const json = (method: string, p: string, body?: unknown, token?: string) =>
  app.request(p, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const outbox = () => deps.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();
const GENERAL = {
  ...DEFAULT_SETTINGS.general,
  contactPhone: "+91 98220 11111",
  address: "12 Karve Road, Pune 411004",
  adminEmail: "office@ide.test",
};
const inquiry = {
  name: "Ravi Kumar",
  email: "ravi@example.test",
  phone: "",
  subject: "fees",
  message: "What are the fees for the MBA program?",
};

describe("General → contact phone, address and admin e-mail act", () => {
  test("the public footer/contact details lead with the General phone and address", async () => {
    await saveSettingsGroup(deps, "general", GENERAL);
    const { data } = await (await app.request("/api/public/institute-info")).json();
    expect(data.phones[0]).toBe("+91 98220 11111");
    expect(data.address).toBe("12 Karve Road, Pune 411004");
    expect(data.offices[0]).toEqual({ name: "Pune office", address: "12 Karve Road, Pune 411004" });
    // The other office and phone stay listed once.
    expect(data.offices).toHaveLength(2);
    expect(data.phones).toEqual(["+91 98220 11111", ...DEFAULT_SETTINGS.institute.phones]);
  });

  test("e-mails are signed with the General phone and carry Reply-To = the institute's contact address", async () => {
    await saveSettingsGroup(deps, "general", GENERAL);
    await saveSettingsGroup(deps, "institute", { ...DEFAULT_SETTINGS.institute, email: "help@ide.test" });
    await deps.mail.enqueue(deps.db, "asha@example.test", { template: "password_reset_code", name: "Asha", code: "123456" });
    const [row] = await outbox();
    expect(row!.text_body).toContain("+91 98220 11111");
    expect(row!.text_body).toContain("help@ide.test");
    await deps.mail.deliverDue();
    const sent = (await outbox())[0]!;
    const eml = readFileSync(path.join(dataPaths(deps.env.dataDir).outbox, sent.eml_file!), "utf8");
    expect(eml).toMatch(/^Reply-To: help@ide\.test\r?$/m);
    expect(eml).toMatch(/^To: asha@example\.test\r?$/m);
  });

  test("a new inquiry is e-mailed to the admin e-mail, subject label not key, with alerts on; not with them off", async () => {
    await createUser(deps, { role: "admin", email: "a1@example.test" });
    await saveSettingsGroup(deps, "general", GENERAL);
    expect((await json("POST", "/api/public/contact", inquiry)).status).toBe(201);
    const alert = (await outbox()).find((m) => m.template === "admin_alert");
    expect(alert).toBeDefined();
    expect(alert!.to_address).toBe("office@ide.test");
    expect(alert!.text_body).toContain("Fees and payments");
    expect(alert!.text_body).not.toContain('"fees"');

    await deps.db.deleteFrom("email_outbox").execute();
    await saveSettingsGroup(deps, "notifications", { ...DEFAULT_SETTINGS.notifications, emailNotifications: false });
    expect((await json("POST", "/api/public/contact", { ...inquiry, email: "sunita@example.test" })).status).toBe(201);
    expect((await outbox()).filter((m) => m.template === "admin_alert")).toEqual([]);
    // The portal notification still arrives.
    expect(await deps.db.selectFrom("notifications").select("id").where("type", "=", "contact").execute()).toHaveLength(2);
  });

  test("admission and system alerts follow their own switches, in the portal and by e-mail", async () => {
    await createUser(deps, { role: "admin", email: "a1@example.test" });
    const alert = (type: "admission" | "system") =>
      notifyAdmins(deps.db, deps.now(), { type, title: `A ${type} event`, message: "Details" });
    await alert("admission");
    await alert("system");
    expect((await outbox()).map((m) => [m.template, m.to_address, m.subject])).toEqual([
      ["admin_alert", DEFAULT_SETTINGS.general.adminEmail, "A admission event"],
      ["admin_alert", DEFAULT_SETTINGS.general.adminEmail, "A system event"],
    ]);

    await deps.db.deleteFrom("email_outbox").execute();
    await deps.db.deleteFrom("notifications").execute();
    await saveSettingsGroup(deps, "notifications", { emailNotifications: true, admissionAlerts: false, systemAlerts: true });
    await alert("admission");
    await alert("system");
    expect((await outbox()).map((m) => m.subject)).toEqual(["A system event"]);
    expect((await deps.db.selectFrom("notifications").select("title").execute()).map((n) => n.title)).toEqual(["A system event"]);
  });

  test("an alert about an undeliverable alert e-mail stays in the portal (no mail loop)", async () => {
    await createUser(deps, { role: "admin", email: "a1@example.test" });
    await notifyAdmins(deps.db, deps.now(), { type: "system", title: "Mail failed", message: "x", email: false });
    expect(await outbox()).toEqual([]);
    expect(await deps.db.selectFrom("notifications").select("id").execute()).toHaveLength(1);
  });
});

describe("Security → Require e-mail verification acts", () => {
  const unverified = () => createUser(deps, { role: "student", email: "new@example.test", student_id: "STU0009", email_verified_at: null });

  test("on: an unproven address gets a code first; the right code signs in and proves it; the next sign-in is direct", async () => {
    const user = await unverified();
    const first = await (
      await json("POST", "/api/auth/student/login", { email: "new@example.test", studentId: "", password: TEST_PASSWORD })
    ).json();
    expect(first.data).toMatchObject({ twoFactorRequired: true, message: ACCOUNT_MSG.emailVerificationSent });
    expect(first.data.token).toBeUndefined();
    const mail = (await outbox()).at(-1)!;
    expect(mail).toMatchObject({
      template: "email_verification_code",
      to_address: "new@example.test",
      subject: "Confirm your e-mail address",
    });
    const code = /^ {4}(\d{6})$/m.exec(mail.text_body)![1];

    const wrong = await json("POST", "/api/auth/verify-2fa", {
      challengeToken: first.data.challengeToken,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    const done = await (await json("POST", "/api/auth/verify-2fa", { challengeToken: first.data.challengeToken, code })).json();
    expect(done.success).toBe(true);
    expect(done.data.token).toBeString();
    const row = await deps.db.selectFrom("users").select("email_verified_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();

    const again = await signedIn(loginStudent(deps, { email: "new@example.test", studentId: "", password: TEST_PASSWORD }));
    expect(again.token).toBeString();
  });

  test("off: an unproven address signs in directly", async () => {
    await unverified();
    await saveSettingsGroup(deps, "security", { ...DEFAULT_SETTINGS.security, requireEmailVerification: false });
    const result = await loginStudent(deps, { email: "new@example.test", studentId: "", password: TEST_PASSWORD });
    expect("token" in result).toBe(true);
    expect(await outbox()).toEqual([]);
  });

  test("an admin who changes a student's e-mail makes it unproven again", async () => {
    await createUser(deps, { role: "admin", email: "office@example.test" });
    const student = await createUser(deps, { role: "student", email: "asha@example.test", name: "Asha Patil", student_id: "STU0001" });
    const { token } = await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }));
    const res = await json(
      "PUT",
      `/api/admin/students/${student.id}`,
      { ...STUDENT_FORM, name: "Asha Patil", email: "asha.patil@example.test" },
      token,
    );
    expect(res.status).toBe(200);
    const row = await deps.db
      .selectFrom("users")
      .select(["email", "email_verified_at"])
      .where("id", "=", student.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: "asha.patil@example.test", email_verified_at: null });
    const result = await loginStudent(deps, { email: "asha.patil@example.test", studentId: "", password: TEST_PASSWORD });
    expect(result).toMatchObject({ twoFactorRequired: true, message: ACCOUNT_MSG.emailVerificationSent });
  });
});

describe("ticket answers go by e-mail (issue 14.5)", () => {
  test("an admin's answer is e-mailed to the student with the ticket in the subject; the student's own message is not", async () => {
    await createUser(deps, { role: "admin", email: "office@example.test", name: "Office Admin" });
    await createUser(deps, { role: "student", email: "asha@example.test", name: "Asha Patil", student_id: "STU0001" });
    const admin = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
    const student = (await signedIn(loginStudent(deps, { email: "asha@example.test", studentId: "", password: TEST_PASSWORD }))).token;
    const { data } = await (
      await json(
        "POST",
        "/api/tickets",
        { subject: "Hall ticket link broken", category: "technical", priority: "high", description: "The link gives an error." },
        student,
      )
    ).json();
    await json("POST", `/api/tickets/${data.ticket.id}/responses`, { message: "Still broken today." }, student);
    await json("POST", `/api/tickets/${data.ticket.id}/responses`, { message: "Fixed: please try again." }, admin);
    const replies = (await outbox()).filter((m) => m.template === "ticket_reply");
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ to_address: "asha@example.test", subject: "Re: Hall ticket link broken [TKT-2026-00001]" });
    expect(replies[0]!.text_body).toContain("> Fixed: please try again.");
    expect(replies[0]!.text_body).toContain("Open the ticket: http://localhost:3000/student/help/1");

    // The student's own "Email notifications" switch (Settings → Notifications) stops these e-mails.
    expect((await json("PUT", "/api/student/notification-settings", { emailNotifications: false }, student)).status).toBe(200);
    await json("POST", `/api/tickets/${data.ticket.id}/responses`, { message: "Any news?" }, admin);
    expect((await outbox()).filter((m) => m.template === "ticket_reply")).toHaveLength(1);
  });
});
