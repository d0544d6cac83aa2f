import { beforeEach, describe, expect, test } from "bun:test";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiHelp from "../../../shared/i18n/hi/help.json";
import hiMail from "../../../shared/i18n/hi/mail.json";
import mrAlerts from "../../../shared/i18n/mr/alerts.json";
import mrHelp from "../../../shared/i18n/mr/help.json";
import mrMail from "../../../shared/i18n/mr/mail.json";
import { publicUrl } from "../../deps.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { createSession, loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { saveSettingsGroup } from "../settings/settings.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let admin: string;
let studentA: string;
let studentB: string;
let adminId: number;

beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
  adminId = (await createUser(deps, { role: "admin", email: "office@example.test", name: "Office Admin" })).id;
  await createUser(deps, { role: "student", email: "a@example.test", name: "Asha Patil", student_id: "STU0001" });
  await createUser(deps, { role: "student", email: "b@example.test", name: "Bilal Khan", student_id: "STU0002" });
  admin = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
  studentA = (await signedIn(loginStudent(deps, { email: "a@example.test", studentId: "", password: TEST_PASSWORD }))).token;
  studentB = (await signedIn(loginStudent(deps, { email: "b@example.test", studentId: "", password: TEST_PASSWORD }))).token;
});

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  app.request(`/api/tickets${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const data = async (res: Response) => (await res.json()).data;
const NEW = {
  subject: "Cannot download my hall ticket",
  category: "technical",
  priority: "high",
  description: "The link on the portal gives an error.",
};

describe("support tickets", () => {
  test("the lifecycle: a student raises one, the admin answers, assigns and resolves it, the student follows it", async () => {
    const created = await call("POST", "", studentA, NEW);
    expect(created.status).toBe(201);
    const { ticket } = await data(created);
    expect(ticket).toMatchObject({
      ticketNumber: "TKT-2026-00001",
      studentName: "Asha Patil",
      studentEmail: "a@example.test",
      status: "open",
      priority: "high",
    });
    const note = await deps.db.selectFrom("notifications").selectAll().where("recipient_user_id", "=", adminId).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: "support", priority: "high" });

    const answered = await data(
      await call("POST", `/${ticket.id}/responses`, admin, { message: "Please try again now; we fixed the link." }),
    );
    expect(answered.ticket.status).toBe("in_progress");
    expect(answered.ticket.responses).toHaveLength(1);
    // Who wrote last: the office; then the student again (walk 17: the list showed no sign of the student's reply).
    const lastOf = async () =>
      (await data(await call("GET", "", admin))).tickets.map((t: { ticketNumber: string; lastReplyBy: string | null }) => t.lastReplyBy);
    expect(answered.ticket.lastReplyBy).toBe("office");
    expect(await lastOf()).toEqual(["office"]);
    await call("POST", `/${ticket.id}/responses`, studentA, { message: "Still not working." });
    expect(await lastOf()).toEqual(["author"]);
    expect((await data(await call("GET", `/${ticket.id}`, admin))).ticket.lastReplyBy).toBe("author");
    const assigned = await data(await call("PATCH", `/${ticket.id}/assign`, admin, { assignedTo: adminId }));
    expect(assigned.ticket.assignedToName).toBe("Office Admin");
    const resolved = await data(await call("PATCH", `/${ticket.id}/status`, admin, { status: "resolved" }));
    expect(resolved.ticket.status).toBe("resolved");

    const mine = await data(await call("GET", "/my-tickets", studentA));
    expect(mine.tickets.map((t: { ticketNumber: string }) => t.ticketNumber)).toEqual(["TKT-2026-00001"]);
    const seen = await data(await call("GET", `/${ticket.id}`, studentA));
    expect(seen.ticket.responses[0]).toMatchObject({ authorName: "Office Admin", fromStaff: true });
    expect(seen.ticket.responses[1]).toMatchObject({ authorName: "Asha Patil", fromStaff: false });
    const studentNotes = await deps.db.selectFrom("notifications").select("title").where("recipient_user_id", "!=", adminId).execute();
    expect(studentNotes.map((n) => n.title)).toEqual(["Reply to TKT-2026-00001", "TKT-2026-00001 is now resolved"]);
    expect(await data(await call("GET", "/stats/summary", admin))).toEqual({ total: 1, open: 0, inProgress: 0, resolved: 1, closed: 0 });
    // The office's work is in the activity log by the ticket's number, the reply too (eleventh walk: it was not,
    // and the others said "#1"); the student's own ticket is not office work.
    const log = await deps.db
      .selectFrom("audit_log")
      .select(["action", "details", "entity_id"])
      .where("entity_type", "=", "ticket")
      .orderBy("id")
      .execute();
    expect(log.map((l) => [l.action, l.entity_id, JSON.parse(l.details)])).toEqual([
      ["ticket.reply", String(ticket.id), { number: "TKT-2026-00001", from: "open", to: "in_progress", emailed: true }],
      ["ticket.assign", String(ticket.id), { number: "TKT-2026-00001", assignedTo: adminId, assigneeName: "Office Admin" }],
      ["ticket.status", String(ticket.id), { number: "TKT-2026-00001", from: "in_progress", to: "resolved" }],
    ]);
  });

  test("another student can neither see nor answer a ticket; students cannot change status, assign or list all", async () => {
    const { ticket } = await data(await call("POST", "", studentA, NEW));
    expect((await call("GET", `/${ticket.id}`, studentB)).status).toBe(404);
    expect((await call("POST", `/${ticket.id}/responses`, studentB, { message: "hi" })).status).toBe(404);
    expect((await call("PATCH", `/${ticket.id}/status`, studentA, { status: "resolved" })).status).toBe(403);
    expect((await call("PATCH", `/${ticket.id}/assign`, studentA, { assignedTo: adminId })).status).toBe(403);
    expect((await call("GET", "", studentA)).status).toBe(403);
    expect((await call("GET", "/stats/summary", studentA)).status).toBe(403);
    expect((await data(await call("GET", "/my-tickets", studentB))).tickets).toEqual([]);
    expect((await call("GET", "/my-tickets", null)).status).toBe(401);
  });

  test("the form's required fields answer with their messages; assignment only to an active admin", async () => {
    const res = await call("POST", "", studentA, { subject: " ", category: "", priority: "", description: "" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      subject: ["Subject is required"],
      category: ["Category is required"],
      priority: ["Priority is required"],
      description: ["Description is required"],
    });
    // A letter or two is not a question the office can answer (walk 33a); counted once trimmed.
    for (const description of ["   x        ", "🙂🙂🙂🙂🙂", "नमस्ते"]) {
      const short = await (await call("POST", "", studentA, { ...NEW, description })).json();
      expect(short.errors).toEqual({
        description: ["Please describe the question in a few words (at least 10 characters), so the office can help."],
      });
    }
    const odd = await (await call("POST", "", studentA, { ...NEW, category: "billing", priority: "asap" })).json();
    expect(odd.errors).toEqual({
      category: ["Category: please choose one of general, technical, academic, admission, payment, other"],
      priority: ["Priority: please choose one of low, medium, high, urgent"],
    });
    const { ticket } = await data(await call("POST", "", studentA, NEW));
    const student = await deps.db.selectFrom("users").select("id").where("email", "=", "b@example.test").executeTakeFirstOrThrow();
    expect((await call("PATCH", `/${ticket.id}/assign`, admin, { assignedTo: student.id })).status).toBe(400);
  });

  test("the admin list searches, filters and paginates on the server; numbers count up", async () => {
    for (let i = 0; i < 12; i++) {
      await call("POST", "", i % 2 ? studentA : studentB, {
        ...NEW,
        subject: i === 5 ? "Fee receipt missing" : `Question ${i}`,
        priority: i === 5 ? "urgent" : "low",
      });
    }
    const page2 = await data(await call("GET", "?page=2&limit=10", admin));
    expect(page2.tickets).toHaveLength(2);
    expect(page2.pagination).toEqual({ totalItems: 12, totalPages: 2, currentPage: 2, limit: 10 });
    expect((await data(await call("GET", "?search=receipt", admin))).tickets.map((t: { ticketNumber: string }) => t.ticketNumber)).toEqual([
      "TKT-2026-00006",
    ]);
    expect((await data(await call("GET", "?priority=urgent", admin))).tickets).toHaveLength(1);
    expect((await data(await call("GET", "?page=5", admin))).tickets).toEqual([]);
  });
});

describe("in the reader's language (issue 16)", () => {
  test("the service's refusals and the schema's messages follow the request's language", async () => {
    await loadAllCatalogues();
    const created = await data(await call("POST", "", studentA, NEW));
    const caller = callerFor(deps, await resolveSession(deps, admin));
    await caller.tickets.setStatus({ id: created.ticket.id, status: "closed" });
    // The office is told to reopen it; the student, to open a new one (twelfth walk).
    await expect(inLocale("mr", () => caller.tickets.respond({ id: created.ticket.id, message: "Hello" }))).rejects.toMatchObject({
      message: mrHelp["det.closed"],
    });
    const student = callerFor(deps, await resolveSession(deps, studentA));
    await expect(inLocale("mr", () => student.tickets.respond({ id: created.ticket.id, message: "Hello" }))).rejects.toMatchObject({
      message: mrHelp["rule.closed"],
    });
    await expect(inLocale("hi", () => caller.tickets.respond({ id: created.ticket.id, message: " " }))).rejects.toMatchObject({
      message: hiHelp["rule.response"],
    });
    await expect(caller.tickets.respond({ id: created.ticket.id, message: "Hello" })).rejects.toMatchObject({
      message: "This ticket is closed. Reopen it (set the status to Open) to add a response.",
    });
    await expect(student.tickets.respond({ id: created.ticket.id, message: "Hello" })).rejects.toMatchObject({
      message: "This ticket is closed. Please open a new ticket.",
    });
  });
});

describe("notifications in the reader's language (issue 16)", () => {
  test("a reply and a status change read in the language of whoever reads them; the stored words are English", async () => {
    await loadAllCatalogues();
    const asha = await deps.db.selectFrom("users").select("id").where("email", "=", "a@example.test").executeTakeFirstOrThrow();
    const created = await data(await call("POST", "", studentA, NEW));
    const number: string = created.ticket.ticketNumber;
    const caller = callerFor(deps, await resolveSession(deps, admin));
    await inLocale("hi", () => caller.tickets.respond({ id: created.ticket.id, message: "We are on it." }));
    await inLocale("hi", () => caller.tickets.setStatus({ id: created.ticket.id, status: "resolved" }));
    const student = callerFor(deps, await resolveSession(deps, studentA));
    const read = async (locale: "mr" | null) =>
      (await inLocale(locale, () => student.notifications.list({}))).notifications.map((n) => [n.title, n.message]);
    expect(await read("mr")).toEqual([
      [
        mrAlerts["kind.ticket.status.title"].replace("{number}", number).replace("{status}", mrHelp["status.resolved"]),
        mrAlerts["kind.ticket.status.message"].replace("{subject}", NEW.subject),
      ],
      [
        mrAlerts["kind.ticket.reply.title"].replace("{number}", number),
        mrAlerts["kind.ticket.reply.message"].replace("{excerpt}", "We are on it."),
      ],
    ]);
    expect(await read(null)).toEqual([
      [`${number} is now resolved`, NEW.subject],
      [`Reply to ${number}`, "We are on it."],
    ]);
    const stored = await deps.db
      .selectFrom("notifications")
      .select(["title", "kind", "link"])
      .where("recipient_user_id", "=", asha.id)
      .orderBy("id")
      .execute();
    // Both lead to the ticket's page in her portal ("Open" on her notifications screen).
    const link = `/student/help/${created.ticket.id}`;
    expect(stored).toEqual([
      { title: `Reply to ${number}`, kind: "ticket.reply", link },
      { title: `${number} is now resolved`, kind: "ticket.status", link },
    ]);
    expect((await student.notifications.list({})).notifications.map((n) => n.link)).toEqual([link, link]);
    // Opening the ticket (from the e-mail's link, say) reads what the bell said of it; other notifications stay.
    const other = await deps.db
      .insertInto("notifications")
      .values({
        recipient_user_id: asha.id,
        type: "support",
        kind: "ticket.reply",
        title: "Reply to another",
        message: "x",
        priority: "medium",
        data: JSON.stringify({ ticketId: created.ticket.id + 1000 }),
        read_at: null,
        created_at: deps.now().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await student.notifications.unreadCount()).count).toBe(3);
    await student.tickets.get({ id: created.ticket.id });
    expect((await student.notifications.unreadCount()).count).toBe(1);
    const unread = await deps.db
      .selectFrom("notifications")
      .select("id")
      .where("recipient_user_id", "=", asha.id)
      .where("read_at", "is", null)
      .execute();
    expect(unread).toEqual([{ id: other.id }]);
  });
});

describe("the reply e-mail's language (QA 2)", () => {
  test("is the student's own choice, else the institute's default: never the replier's screen language", async () => {
    await loadAllCatalogues();
    const created = await data(await call("POST", "", studentA, NEW));
    const caller = callerFor(deps, await resolveSession(deps, admin));
    const replies = async () =>
      (
        await deps.db
          .selectFrom("email_outbox")
          .select(["subject", "text_body"])
          .where("template", "=", "ticket_reply")
          .orderBy("id")
          .execute()
      ).map((m) => m.subject);
    // Asha chose no language (her stored "english" is the default): English, though the office's screen is in Hindi.
    await inLocale("hi", () => caller.tickets.respond({ id: created.ticket.id, message: "We are on it." }));
    expect(await replies()).toEqual([`Re: ${NEW.subject} [${created.ticket.ticketNumber}]`]);
    // Its link opens the ticket itself, where sign-in returns (walk 19a: it led to the sign-in page only).
    const first = await deps.db
      .selectFrom("email_outbox")
      .select("text_body")
      .where("template", "=", "ticket_reply")
      .executeTakeFirstOrThrow();
    expect(first.text_body).toContain(`Open the ticket: ${publicUrl(deps)}/student/help/${created.ticket.id}`);
    // The institute's default language is Hindi: then Hindi, from an English screen.
    await saveSettingsGroup(deps, "language", "hindi");
    await inLocale("en", () => caller.tickets.respond({ id: created.ticket.id, message: "Fixed now." }));
    // She chose Marathi herself: Marathi, from a Hindi screen.
    await deps.db
      .updateTable("users")
      .set({ preferences: JSON.stringify({ language: "marathi", chosenLanguage: "marathi" }) })
      .where("email", "=", "a@example.test")
      .execute();
    await inLocale("hi", () => caller.tickets.respond({ id: created.ticket.id, message: "Please check again." }));
    expect((await replies()).slice(1)).toEqual([
      `${hiMail["reply.subject"].replace("{subject}", NEW.subject)} [${created.ticket.ticketNumber}]`,
      `${mrMail["reply.subject"].replace("{subject}", NEW.subject)} [${created.ticket.ticketNumber}]`,
    ]);
  });
});

describe("staff (issue 17)", () => {
  test("a staff member sees every ticket, answers, and can be assigned one; a student cannot be", async () => {
    const staff = await createUser(deps, { role: "staff", email: "counsellor@example.test", name: "Meera Joshi" });
    const created = await data(await call("POST", "", studentA, NEW));
    const caller = callerFor(deps, await resolveSession(deps, await createSession(deps, staff.id)));
    expect((await caller.tickets.list({})).tickets.map((t) => t.id)).toEqual([created.ticket.id]);
    expect((await caller.staff.members()).members.map((a) => a.name)).toContain("Meera Joshi");
    await caller.tickets.respond({ id: created.ticket.id, message: "I will call you today." });
    expect((await caller.tickets.assign({ id: created.ticket.id, assignedTo: staff.id })).ticket.assignedTo).toBe(staff.id);
    const asha = await deps.db.selectFrom("users").select("id").where("email", "=", "a@example.test").executeTakeFirstOrThrow();
    await expect(caller.tickets.assign({ id: created.ticket.id, assignedTo: asha.id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  test("a staff member's own ticket, answered by the office: the alerts name no student page", async () => {
    const staff = await createUser(deps, { role: "staff", email: "desk@example.test", name: "Desk Clerk" });
    const own = callerFor(deps, await resolveSession(deps, await createSession(deps, staff.id)));
    const created = await own.tickets.create(NEW);
    const office = callerFor(deps, await resolveSession(deps, admin));
    await office.tickets.respond({ id: created.ticket.id, message: "Looking into it." });
    await office.tickets.setStatus({ id: created.ticket.id, status: "resolved" });
    const told = await deps.db
      .selectFrom("notifications")
      .select(["kind", "link"])
      .where("recipient_user_id", "=", staff.id)
      .where("kind", "in", ["ticket.reply", "ticket.status"])
      .orderBy("id")
      .execute();
    expect(told).toEqual([
      { kind: "ticket.reply", link: null },
      { kind: "ticket.status", link: null },
    ]);
  });
});
