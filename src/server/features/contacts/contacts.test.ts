import { beforeEach, describe, expect, test } from "bun:test";
import { native } from "../../../../tests/setup/happy-dom.ts";
import hiAdmin from "../../../shared/i18n/hi/admin.json";
import hiContact from "../../../shared/i18n/hi/contact.json";
import mrContact from "../../../shared/i18n/mr/contact.json";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { saveSettingsGroup } from "../settings/settings.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
});

const post = (body: unknown) =>
  app.request("/api/public/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const valid = {
  name: "Ravi Kumar",
  email: "ravi@example.test",
  phone: "",
  subject: "fees" as const,
  message: "What are the fees for the MBA program?",
};

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
    expect(list.data.contacts[0]).toMatchObject({
      name: "Ravi Kumar",
      email: "ravi@example.test",
      phone: null,
      subject: "fees",
      status: "new",
    });
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

  test("the thanks speaks the lang cookie's language (Bun's Request: happy-dom's drops the Cookie header)", async () => {
    const inLanguage = async (cookie: string, body: unknown) =>
      (
        await (
          await app.fetch(
            new native.Request("http://localhost/api/public/contact", {
              method: "POST",
              headers: { "content-type": "application/json", cookie },
              body: JSON.stringify(body),
            }),
          )
        ).json()
      ).data.message;
    expect(await inLanguage("lang=hi", valid)).toBe(hiContact.thanks);
    expect(await inLanguage("lang=mr", { ...valid, email: "meera@example.test" })).toBe(mrContact.thanks);
    // The honeypot's answer is the same words.
    expect(await inLanguage("lang=hi", { ...valid, website: "http://spam.example" })).toBe(hiContact.thanks);
    expect((await (await post({ ...valid, email: "asha@example.test" })).json()).data.message).toBe(
      "Thank you for contacting us! We will get back to you within 24 hours.",
    );
  });

  test("a filled honeypot is answered like success but stored nowhere", async () => {
    const res = await post({ ...valid, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await deps.db.selectFrom("contact_inquiries").selectAll().execute()).toHaveLength(0);
  });

  test("three accepted messages an hour per e-mail address; the fourth is a 429 with Retry-After and the hour", async () => {
    for (let i = 0; i < 3; i++) expect((await post(valid)).status).toBe(201);
    const limited = await post(valid);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/try again after \d{1,2}:\d\d [ap]m\./);
    expect(await deps.db.selectFrom("contact_inquiries").selectAll().execute()).toHaveLength(3);
  });

  test("the admin list searches, filters by status and paginates on the server; students are refused", async () => {
    for (let i = 0; i < 12; i++) {
      await callerFor(deps).contacts.submit({ ...valid, email: `p${i}@example.test`, name: i === 3 ? "Meera 50%_off" : `Person ${i}` });
    }
    await deps.db.updateTable("contact_inquiries").set({ status: "resolved" }).where("name", "=", "Person 0").execute();
    await createUser(deps, { role: "admin", email: "a@example.test" });
    const adminAuth = await resolveSession(
      deps,
      (await signedIn(loginAdmin(deps, { email: "a@example.test", password: TEST_PASSWORD }))).token,
    );
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

describe("Contact Management (admin)", () => {
  let adminToken: string;
  beforeEach(async () => {
    await createUser(deps, { role: "admin", email: "desk@example.test", name: "Front Desk" });
    adminToken = (await signedIn(loginAdmin(deps, { email: "desk@example.test", password: TEST_PASSWORD }))).token;
  });
  const asAdmin = (method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  async function inquiry(
    values: Partial<{ name: string; email: string; status: "new" | "in-progress" | "resolved" | "closed"; created_at: string }> = {},
  ) {
    const at = values.created_at ?? deps.now().toISOString();
    return deps.db
      .insertInto("contact_inquiries")
      .values({
        name: "Ravi Kumar",
        email: "ravi@example.test",
        phone: null,
        subject: "fees",
        message: "What are the fees for the MBA program?",
        status: "new",
        ip: null,
        ...values,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  test("every admin contact path answers 401 to a guest and 403 to a student", async () => {
    await createUser(deps, { role: "student", email: "s@example.test" });
    const student = await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    const { id } = await inquiry();
    const paths: [string, string, unknown?][] = [
      ["GET", "/api/public/admin/contacts"],
      ["GET", `/api/public/admin/contacts/${id}`],
      ["PATCH", `/api/public/admin/contacts/${id}/status`, { status: "closed" }],
      ["POST", `/api/public/admin/contacts/${id}/respond`, { message: "Hello", respondedBy: "admin" }],
      ["DELETE", `/api/public/admin/contacts/${id}`],
    ];
    for (const [method, path, body] of paths) {
      const init = { method, headers: { "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) };
      expect([path, (await app.request(path, init)).status]).toEqual([path, 401]);
      const asStudent = { ...init, headers: { ...init.headers, authorization: `Bearer ${student.token}` } };
      expect([path, (await app.request(path, asStudent)).status]).toEqual([path, 403]);
    }
    const row = await deps.db.selectFrom("contact_inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("new");
    expect(await deps.db.selectFrom("contact_replies").select("id").execute()).toHaveLength(0);
  });

  test("the list carries the four counters over every inquiry, whatever the filter", async () => {
    await inquiry({ name: "A" });
    await inquiry({ name: "B", status: "in-progress" });
    await inquiry({ name: "C", status: "resolved" });
    await inquiry({ name: "D", status: "resolved" });
    await inquiry({ name: "E", status: "closed" });
    const body = await (await asAdmin("GET", "/api/public/admin/contacts?status=resolved")).json();
    expect(body.data.contacts.map((c: { name: string }) => c.name).sort()).toEqual(["C", "D"]);
    expect(body.data.stats).toEqual({ total: 5, new: 1, inProgress: 1, resolved: 2, closed: 1 });
    expect(body.data.pagination).toEqual({ totalItems: 2, totalPages: 1, currentPage: 1, limit: 10 });
    const empty = await (await asAdmin("GET", "/api/public/admin/contacts?search=nobody")).json();
    expect(empty.data.contacts).toEqual([]);
    expect(empty.data.pagination).toEqual({ totalItems: 0, totalPages: 0, currentPage: 1, limit: 10 });
    // The admin paths stay open in maintenance mode; the public form does not.
    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, maintenanceMode: true });
    expect((await asAdmin("GET", "/api/public/admin/contacts")).status).toBe(200);
    expect((await post(valid)).status).toBe(503);
  });

  test("one inquiry opens with its replies; unknown ids are 404", async () => {
    const row = await inquiry();
    const body = await (await asAdmin("GET", `/api/public/admin/contacts/${row.id}`)).json();
    expect(body.data).toEqual({
      _id: String(row.id),
      id: row.id,
      name: "Ravi Kumar",
      email: "ravi@example.test",
      phone: null,
      subject: "fees",
      message: "What are the fees for the MBA program?",
      status: "new",
      assignedTo: null,
      assignedToName: null,
      createdAt: "2026-11-22T06:30:00.000Z",
      updatedAt: "2026-11-22T06:30:00.000Z",
      replies: [],
    });
    const missing = await asAdmin("GET", "/api/public/admin/contacts/999");
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Contact inquiry not found");
  });

  test("status changes to any of the four values, audited; anything else is refused", async () => {
    const row = await inquiry();
    const res = await asAdmin("PATCH", `/api/public/admin/contacts/${row.id}/status`, { status: "in-progress" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.message).toBe("Contact status updated successfully!");
    expect(body.data.contact.status).toBe("in-progress");
    deps.advance(60_000);
    await asAdmin("PATCH", `/api/public/admin/contacts/${row.id}/status`, { status: "closed" });
    const stored = await deps.db.selectFrom("contact_inquiries").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe("closed");
    expect(stored.updated_at).toBe("2026-11-22T06:31:00.000Z");
    const bad = await asAdmin("PATCH", `/api/public/admin/contacts/${row.id}/status`, { status: "spam" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ status: ["Please choose a valid status"] });
    expect((await asAdmin("PATCH", "/api/public/admin/contacts/999/status", { status: "closed" })).status).toBe(404);
    const logs = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "contact.status").orderBy("id").execute();
    expect(logs.map((l) => JSON.parse(l.details))).toEqual([
      { from: "new", to: "in-progress" },
      { from: "in-progress", to: "closed" },
    ]);
  });

  test("a reply is stored, e-mailed to the sender through the outbox, and resolves a new inquiry", async () => {
    const row = await inquiry();
    const res = await asAdmin("POST", `/api/public/admin/contacts/${row.id}/respond`, {
      message: "The MBA fee is ₹45,000 a year, payable in two instalments.",
      respondedBy: "admin",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.message).toBe("Reply sent successfully!");
    expect(body.data.contact.status).toBe("resolved");
    expect(body.data.contact.replies).toEqual([
      {
        _id: expect.any(String),
        id: expect.any(Number),
        message: "The MBA fee is ₹45,000 a year, payable in two instalments.",
        respondedBy: "admin",
        createdAt: "2026-11-22T06:30:00.000Z",
      },
    ]);
    const reply = await deps.db.selectFrom("contact_replies").selectAll().executeTakeFirstOrThrow();
    expect(reply).toMatchObject({ inquiry_id: row.id, responded_by: "admin" });
    expect(reply.admin_user_id).not.toBeNull();
    const mail = await deps.db.selectFrom("email_outbox").selectAll().where("template", "=", "contact_reply").executeTakeFirstOrThrow();
    expect(mail.to_address).toBe("ravi@example.test");
    expect(mail.subject).toBe("Re: Your inquiry: Fees and payments");
    expect(mail.text_body).toContain("The MBA fee is ₹45,000 a year, payable in two instalments.");
    expect(mail.text_body).toContain("> What are the fees for the MBA program?");

    // Without a name the admin's own name is recorded; a closed inquiry stays closed.
    const closed = await inquiry({ status: "closed", email: "meera@example.test" });
    const again = await (await asAdmin("POST", `/api/public/admin/contacts/${closed.id}/respond`, { message: "Following up." })).json();
    expect(again.data.contact.status).toBe("closed");
    expect(again.data.contact.replies[0].respondedBy).toBe("Front Desk");
  });

  test("a blank reply is refused and nothing is stored or sent", async () => {
    const row = await inquiry();
    const res = await asAdmin("POST", `/api/public/admin/contacts/${row.id}/respond`, { message: "   ", respondedBy: "admin" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Please enter a reply message");
    expect(await deps.db.selectFrom("contact_replies").select("id").execute()).toHaveLength(0);
    expect(await deps.db.selectFrom("email_outbox").select("id").execute()).toHaveLength(0);
    expect((await deps.db.selectFrom("contact_inquiries").select("status").executeTakeFirstOrThrow()).status).toBe("new");
    expect((await asAdmin("POST", "/api/public/admin/contacts/999/respond", { message: "Hi" })).status).toBe(404);
  });

  test("delete removes the inquiry and its replies", async () => {
    const row = await inquiry();
    await asAdmin("POST", `/api/public/admin/contacts/${row.id}/respond`, { message: "Answered." });
    const res = await asAdmin("DELETE", `/api/public/admin/contacts/${row.id}`);
    expect((await res.json()).data).toEqual({ message: "Contact deleted successfully!" });
    expect(await deps.db.selectFrom("contact_replies").select("id").execute()).toHaveLength(0);
    expect((await asAdmin("GET", `/api/public/admin/contacts/${row.id}`)).status).toBe(404);
    expect((await asAdmin("DELETE", `/api/public/admin/contacts/${row.id}`)).status).toBe(404);
    expect(await deps.db.selectFrom("audit_log").select("id").where("action", "=", "contact.delete").execute()).toHaveLength(1);
  });

  test("the admin answers speak the admin's language: REST with the lang cookie, tRPC in the request's", async () => {
    const row = await inquiry();
    // Bun's Request (happy-dom's drops the Cookie header), with its length: the body limit then reads it as sent.
    const body = JSON.stringify({ status: "in-progress" });
    const res = await app.fetch(
      new native.Request(`http://localhost/api/public/admin/contacts/${row.id}/status`, {
        method: "PATCH",
        headers: {
          "content-type": "application/json",
          "content-length": String(body.length),
          authorization: `Bearer ${adminToken}`,
          cookie: "lang=hi",
        },
        body,
      }),
    );
    expect((await res.json()).data.message).toBe(hiAdmin["con.statusUpdated"]);
    const admin = callerFor(deps, await resolveSession(deps, adminToken));
    expect((await inLocale("hi", () => admin.contacts.respond({ id: row.id, message: "Done." }))).message).toBe(hiAdmin["con.replySent"]);
    expect((await inLocale("hi", () => admin.contacts.remove({ id: row.id }))).message).toBe(hiAdmin["con.deleted"]);
  });

  test("tRPC contacts.* answers the same", async () => {
    const row = await inquiry();
    const admin = callerFor(deps, await resolveSession(deps, adminToken));
    expect((await admin.contacts.get({ id: row.id })).replies).toEqual([]);
    expect((await admin.contacts.updateStatus({ id: row.id, status: "in-progress" })).contact.status).toBe("in-progress");
    expect((await admin.contacts.respond({ id: row.id, message: "Done." })).contact.status).toBe("resolved");
    await expect(admin.contacts.respond({ id: row.id, message: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await admin.contacts.list({})).stats).toEqual({ total: 1, new: 0, inProgress: 0, resolved: 1, closed: 0 });
    expect((await admin.contacts.remove({ id: row.id })).message).toBe("Contact deleted successfully!");
    await expect(callerFor(deps).contacts.get({ id: row.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
