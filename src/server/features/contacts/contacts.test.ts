import { beforeEach, describe, expect, test } from "bun:test";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, testApp, type TestDeps } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
});

const post = (body: unknown) =>
  app.request("/api/public/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const valid = { name: "Ravi Kumar", email: "ravi@example.test", phone: "", subject: "fees" as const, message: "What are the fees for the MBA program?" };

describe("contact form", () => {
  test("a message is stored, raises a notification for each admin, and is visible to an admin", async () => {
    await createUser(deps, { role: "admin", email: "a1@example.test" });
    await createUser(deps, { role: "admin", email: "a2@example.test" });
    const res = await post(valid);
    expect(res.status).toBe(201);
    expect((await res.json()).data.message).toContain("24 hours");
    const notes = await deps.db.selectFrom("notifications").selectAll().where("type", "=", "contact").execute();
    expect(notes).toHaveLength(2);
    const { token } = await signedIn(loginAdmin(deps, { email: "a1@example.test", password: TEST_PASSWORD }));
    const list = await (await app.request("/api/public/admin/contacts", { headers: { authorization: `Bearer ${token}` } })).json();
    expect(list.data.contacts).toHaveLength(1);
    expect(list.data.contacts[0]).toMatchObject({ name: "Ravi Kumar", email: "ravi@example.test", phone: null, subject: "fees", status: "new" });
    expect(list.data.pagination).toEqual({ totalItems: 1, totalPages: 1, currentPage: 1, limit: 10 });
  });

  test("bad input gets field messages and nothing is stored", async () => {
    const res = await post({ name: " ", email: "not-an-email", subject: "spam", message: "" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({
      name: ["Please enter your name"],
      email: ["Please enter a valid email address"],
      subject: ["Please choose a subject"],
      message: ["Please enter your message"],
    });
    expect(await deps.db.selectFrom("contact_inquiries").selectAll().execute()).toHaveLength(0);
  });

  test("a filled honeypot is answered like success but stored nowhere", async () => {
    const res = await post({ ...valid, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await deps.db.selectFrom("contact_inquiries").selectAll().execute()).toHaveLength(0);
  });

  test("five messages an hour per client address; the sixth is a 429 with Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid)).status).toBe(201);
    const limited = await post(valid);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await deps.db.selectFrom("contact_inquiries").selectAll().execute()).toHaveLength(5);
  });

  test("the admin list searches, filters by status and paginates on the server; students are refused", async () => {
    for (let i = 0; i < 12; i++) {
      await callerFor(deps).contacts.submit({ ...valid, name: i === 3 ? "Meera 50%_off" : `Person ${i}` }).catch(() => {});
      deps.limits.reset("contactPerIp", "unknown");
    }
    await deps.db.updateTable("contact_inquiries").set({ status: "resolved" }).where("name", "=", "Person 0").execute();
    await createUser(deps, { role: "admin", email: "a@example.test" });
    const adminAuth = await resolveSession(deps, (await signedIn(loginAdmin(deps, { email: "a@example.test", password: TEST_PASSWORD }))).token);
    const admin = callerFor(deps, adminAuth);
    const page2 = await admin.contacts.list({ page: 2, limit: 10 });
    expect(page2.contacts).toHaveLength(2);
    expect(page2.pagination).toEqual({ totalItems: 12, totalPages: 2, currentPage: 2, limit: 10 });
    expect((await admin.contacts.list({ search: "50%_" })).contacts.map((c) => c.name)).toEqual(["Meera 50%_off"]);
    expect((await admin.contacts.list({ search: "50%x" })).contacts).toHaveLength(0);
    expect((await admin.contacts.list({ status: "resolved" })).contacts.map((c) => c.name)).toEqual(["Person 0"]);
    expect((await admin.contacts.list({ page: 9 })).contacts).toEqual([]);

    await createUser(deps, { role: "student", email: "s@example.test" });
    const student = await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    const refused = await app.request("/api/public/admin/contacts", { headers: { authorization: `Bearer ${student.token}` } });
    expect(refused.status).toBe(403);
    expect((await app.request("/api/public/admin/contacts")).status).toBe(401);
  });
});
