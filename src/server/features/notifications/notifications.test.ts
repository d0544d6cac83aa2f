import { beforeEach, describe, expect, test } from "bun:test";
import type { NotificationType, Priority } from "../../../../db/schema.ts";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiAlerts from "../../../shared/i18n/hi/alerts.json";
import mrAlerts from "../../../shared/i18n/mr/alerts.json";
import mrMail from "../../../shared/i18n/mr/mail.json";
import { inLocale } from "../../platform/request-locale.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { saveSettingsGroup } from "../settings/settings.service.ts";
import { notifyAdmins, notifyStudents } from "./notifications.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let admin: { id: number; token: string };
let student: { id: number; token: string };

beforeEach(async () => {
  deps = await createTestDeps();
  const a = await createUser(deps, { role: "admin", email: "admin@example.test" });
  const s = await createUser(deps, { role: "student", email: "student@example.test", student_id: "STU0001" });
  admin = { id: a.id, token: (await signedIn(loginAdmin(deps, { email: "admin@example.test", password: TEST_PASSWORD }))).token };
  student = {
    id: s.id,
    token: (await signedIn(loginStudent(deps, { email: "student@example.test", studentId: "", password: TEST_PASSWORD }))).token,
  };
  app = testApp(deps);
});

const send = (method: string, path: string, token?: string) =>
  app.request(path, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A notification for a user, created `hoursAgo` before the test clock. */
async function note(
  userId: number,
  n: {
    type?: NotificationType;
    title?: string;
    message?: string;
    priority?: Priority;
    hoursAgo?: number;
    read?: boolean;
    data?: string;
  } = {},
) {
  const at = new Date(deps.now().getTime() - (n.hoursAgo ?? 0) * 3_600_000).toISOString();
  return deps.db
    .insertInto("notifications")
    .values({
      recipient_user_id: userId,
      type: n.type ?? "system",
      title: n.title ?? "Notice",
      message: n.message ?? "Something happened",
      priority: n.priority ?? "medium",
      data: n.data ?? "{}",
      read_at: n.read ? at : null,
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe("listing", () => {
  test("guests get 401 on every path; students and admins may use them", async () => {
    for (const [method, path] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["PATCH", "/api/notifications/1/read"],
      ["PATCH", "/api/notifications/mark-all-read"],
      ["DELETE", "/api/notifications/1"],
    ] as const) {
      expect([path, (await send(method, path)).status]).toEqual([path, 401]);
    }
    expect((await send("GET", "/api/notifications", student.token)).status).toBe(200);
    expect((await send("GET", "/api/notifications", admin.token)).status).toBe(200);
    await expect(callerFor(deps).notifications.unreadCount()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  test("an empty list: no items, zero pages, zero counters", async () => {
    const body = await (await send("GET", "/api/notifications", admin.token)).json();
    expect(body.data).toEqual({
      notifications: [],
      pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 10 },
      counts: { total: 0, unread: 0, highPriority: 0, recent24h: 0 },
    });
  });

  test("own rows only, newest first, with the item shape and the four counters", async () => {
    const first = await note(admin.id, {
      type: "admission",
      title: "New admission application",
      priority: "high",
      hoursAgo: 30,
      data: '{"admissionId":7,"course":"Commerce"}',
    });
    await note(admin.id, { type: "contact", title: "New contact inquiry", hoursAgo: 2, read: true });
    await note(admin.id, { type: "security", title: "Account locked", priority: "high", hoursAgo: 23.9 });
    await note(admin.id, { type: "system", title: "Broken data", data: "not json", hoursAgo: 48 });
    await note(student.id, { title: "For the student only" });
    const body = await (await send("GET", "/api/notifications", admin.token)).json();
    expect(body.data.notifications.map((n: { title: string }) => n.title)).toEqual([
      "New contact inquiry",
      "Account locked",
      "New admission application",
      "Broken data",
    ]);
    expect(body.data.counts).toEqual({ total: 4, unread: 3, highPriority: 2, recent24h: 2 });
    expect(body.data.notifications[2]).toEqual({
      _id: String(first.id),
      id: first.id,
      type: "admission",
      kind: null,
      title: "New admission application",
      message: "Something happened",
      priority: "high",
      read: false,
      readAt: null,
      link: null,
      createdAt: "2026-11-21T00:30:00.000Z",
      timestamp: "2026-11-21T00:30:00.000Z",
      data: { admissionId: 7, course: "Commerce" },
    });
    expect(body.data.notifications[3].data).toEqual({});
    expect(body.data.notifications[0].read).toBe(true);
    const mine = await (await send("GET", "/api/notifications", student.token)).json();
    expect(mine.data.notifications.map((n: { title: string }) => n.title)).toEqual(["For the student only"]);
  });

  test("type filter, search, pages, last page and beyond the end", async () => {
    for (let i = 0; i < 12; i++) await note(admin.id, { type: i % 3 === 0 ? "contact" : "system", title: `Item ${i}`, hoursAgo: 12 - i });
    await note(admin.id, { type: "contact", title: "Fees 100%_sure", message: "Meera asked about fees", hoursAgo: 20 });
    const q = async (query: string) => (await (await send("GET", `/api/notifications?${query}`, admin.token)).json()).data;
    const page1 = await q("");
    expect(page1.notifications).toHaveLength(10);
    expect(page1.notifications[0].title).toBe("Item 11");
    expect(page1.pagination).toEqual({ totalItems: 13, totalPages: 2, currentPage: 1, limit: 10 });
    const last = await q("page=2");
    expect(last.notifications.map((n: { title: string }) => n.title)).toEqual(["Item 1", "Item 0", "Fees 100%_sure"]);
    const beyond = await q("page=3");
    expect(beyond.notifications).toEqual([]);
    expect(beyond.pagination).toEqual({ totalItems: 13, totalPages: 2, currentPage: 3, limit: 10 });
    expect((await q("type=contact")).notifications.map((n: { title: string }) => n.title)).toEqual([
      "Item 9",
      "Item 6",
      "Item 3",
      "Item 0",
      "Fees 100%_sure",
    ]);
    expect((await q("search=meera")).notifications.map((n: { title: string }) => n.title)).toEqual(["Fees 100%_sure"]);
    expect((await q("search=100%25_")).notifications).toHaveLength(1);
    expect((await q("search=1_0")).notifications).toHaveLength(0);
    expect((await q("type=contact&search=item 9")).pagination.totalItems).toBe(1);
    expect((await send("GET", "/api/notifications?type=gossip", admin.token)).status).toBe(400);
  });

  test("the 24-hour window moves with the clock", async () => {
    await note(admin.id, { hoursAgo: 1 });
    expect((await (await send("GET", "/api/notifications", admin.token)).json()).data.counts.recent24h).toBe(1);
    deps.advance(23 * 3_600_000);
    // Exactly 24 hours old still counts; a moment later it does not.
    expect((await (await send("GET", "/api/notifications", admin.token)).json()).data.counts.recent24h).toBe(1);
    deps.advance(1);
    expect((await (await send("GET", "/api/notifications", admin.token)).json()).data.counts.recent24h).toBe(0);
  });
});

describe("reading and deleting", () => {
  test("unread count, mark one read (first time kept), mark all read", async () => {
    const a = await note(admin.id, { hoursAgo: 3 });
    await note(admin.id, { hoursAgo: 2 });
    await note(admin.id, { hoursAgo: 1, read: true });
    const other = await note(student.id);
    expect((await (await send("GET", "/api/notifications/unread-count", admin.token)).json()).data).toEqual({ count: 2 });

    const read = await (await send("PATCH", `/api/notifications/${a.id}/read`, admin.token)).json();
    expect(read.data.notification).toMatchObject({ id: a.id, read: true, readAt: "2026-11-22T06:30:00.000Z" });
    deps.advance(60_000);
    const again = await (await send("PATCH", `/api/notifications/${a.id}/read`, admin.token)).json();
    expect(again.data.notification.readAt).toBe("2026-11-22T06:30:00.000Z");
    expect((await (await send("GET", "/api/notifications/unread-count", admin.token)).json()).data.count).toBe(1);

    const all = await (await send("PATCH", "/api/notifications/mark-all-read", admin.token)).json();
    expect(all.data).toEqual({ updated: 1 });
    expect((await (await send("GET", "/api/notifications/unread-count", admin.token)).json()).data.count).toBe(0);
    // The student's notification was not touched by the admin's "mark all".
    const theirs = await deps.db.selectFrom("notifications").selectAll().where("id", "=", other.id).executeTakeFirstOrThrow();
    expect(theirs.read_at).toBeNull();
  });

  test("another user's notification is a 404 for read and delete, and stays as it was", async () => {
    const theirs = await note(student.id, { title: "Private" });
    const read = await send("PATCH", `/api/notifications/${theirs.id}/read`, admin.token);
    expect(read.status).toBe(404);
    expect((await read.json()).message).toBe("Notification not found");
    expect((await send("DELETE", `/api/notifications/${theirs.id}`, admin.token)).status).toBe(404);
    const row = await deps.db.selectFrom("notifications").selectAll().where("id", "=", theirs.id).executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
    const list = await (await send("GET", "/api/notifications?search=Private", admin.token)).json();
    expect(list.data.notifications).toEqual([]);
    const asAdmin = callerFor(deps, await resolveSession(deps, admin.token));
    await expect(asAdmin.notifications.markRead({ id: theirs.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(asAdmin.notifications.remove({ id: theirs.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await deps.db.selectFrom("notifications").select("id").where("id", "=", theirs.id).execute()).toHaveLength(1);
    // Its owner can.
    expect((await send("DELETE", `/api/notifications/${theirs.id}`, student.token)).status).toBe(200);
    expect(await deps.db.selectFrom("notifications").select("id").where("id", "=", theirs.id).execute()).toHaveLength(0);
  });

  test("delete removes one's own; a bad or unknown id answers 400 / 404", async () => {
    const mine = await note(admin.id);
    const res = await send("DELETE", `/api/notifications/${mine.id}`, admin.token);
    expect((await res.json()).data).toEqual({ message: "Notification deleted" });
    expect((await send("DELETE", `/api/notifications/${mine.id}`, admin.token)).status).toBe(404);
    expect((await send("PATCH", "/api/notifications/abc/read", admin.token)).status).toBe(400);
  });

  test("tRPC notifications.* works on the caller's own rows", async () => {
    const mine = await note(student.id, { priority: "high" });
    await note(admin.id);
    const caller = callerFor(deps, await resolveSession(deps, student.token));
    const list = await caller.notifications.list({});
    expect(list.notifications.map((n) => n.id)).toEqual([mine.id]);
    expect(list.counts).toEqual({ total: 1, unread: 1, highPriority: 1, recent24h: 1 });
    expect(await caller.notifications.unreadCount()).toEqual({ count: 1 });
    expect((await caller.notifications.markRead({ id: mine.id })).notification.read).toBe(true);
    expect(await caller.notifications.markAllRead()).toEqual({ updated: 0 });
    expect(await caller.notifications.remove({ id: mine.id })).toEqual({ message: "Notification deleted" });
  });
});

describe("in each reader's language (issue 16)", () => {
  const NEW_APPLICATION = {
    type: "admission",
    priority: "high",
    kind: "admission.new",
    params: { name: "Asha Rao", course: "B.Com", number: "ADM-2026-00007" },
  } as const;

  test("a kind's words are written when read, in the reader's language; the stored words are English", async () => {
    await loadAllCatalogues();
    await notifyAdmins(deps.db, deps.now(), NEW_APPLICATION);
    const caller = callerFor(deps, await resolveSession(deps, admin.token));
    const read = async (locale: "hi" | null) => (await inLocale(locale, () => caller.notifications.list({}))).notifications[0]!;
    expect(await read("hi")).toMatchObject({
      title: hiAlerts["kind.admission.new.title"],
      message: "Asha Rao ने B.Com के लिए आवेदन किया (ADM-2026-00007)।",
    });
    expect(await read(null)).toMatchObject({ title: "New admission application", message: "Asha Rao applied for B.Com (ADM-2026-00007)." });
    const stored = await deps.db.selectFrom("notifications").select(["title", "kind", "params"]).executeTakeFirstOrThrow();
    expect(stored.title).toBe("New admission application");
    expect(JSON.parse(stored.params!)).toEqual(NEW_APPLICATION.params);
  });

  test("the admin address's e-mail alert is written in the institute's default language", async () => {
    await loadAllCatalogues();
    await saveSettingsGroup(deps, "notifications", { emailNotifications: true, admissionAlerts: true, systemAlerts: true });
    await notifyAdmins(deps.db, deps.now(), NEW_APPLICATION);
    await saveSettingsGroup(deps, "language", "marathi");
    await notifyAdmins(deps.db, deps.now(), NEW_APPLICATION);
    const mails = await deps.db
      .selectFrom("email_outbox")
      .select(["subject", "text_body"])
      .where("template", "=", "admin_alert")
      .orderBy("id")
      .execute();
    expect(mails.map((m) => m.subject)).toEqual(["New admission application", mrAlerts["kind.admission.new.title"]]);
    expect(mails[1]!.text_body).toContain(mrMail.regards);
  });
});

describe("who is told (issue 17)", () => {
  test("staff members get the alerts of their work (admissions, inquiries, tickets), not system or security ones", async () => {
    const staff = await createUser(deps, { role: "staff", email: "counsellor@example.test" });
    await notifyAdmins(deps.db, deps.now(), {
      type: "admission",
      kind: "admission.new",
      params: { name: "A", course: "B.A.", number: "ADM-1" },
    });
    await notifyAdmins(deps.db, deps.now(), { type: "system", kind: "backup.failed", params: { error: "disk full" } });
    await notifyAdmins(deps.db, deps.now(), { type: "security", title: "Locked", message: "Someone was locked out" });
    const kinds = async (userId: number) =>
      (await deps.db.selectFrom("notifications").select("type").where("recipient_user_id", "=", userId).orderBy("id").execute()).map(
        (n) => n.type,
      );
    expect(await kinds(admin.id)).toEqual(["admission", "system", "security"]);
    expect(await kinds(staff.id)).toEqual(["admission"]);
  });
});

describe("telling students (issue 18)", () => {
  test("one row each; e-mailed in each student's language, except to those who switched e-mail off", async () => {
    await loadAllCatalogues();
    const hindi = await createUser(deps, {
      role: "student",
      email: "hindi@example.test",
      student_id: "STU0002",
      preferences: JSON.stringify({ chosenLanguage: "hindi" }),
    });
    const quiet = await createUser(deps, {
      role: "student",
      email: "quiet@example.test",
      student_id: "STU0003",
      preferences: JSON.stringify({ emailNotifications: false }),
    });
    await notifyStudents(deps, deps.db, deps.now(), [student.id, hindi.id, quiet.id, student.id], {
      type: "course",
      kind: "results.published",
      params: { title: "Term-end", subject: "Accounts" },
      email: true,
      link: "/student/exams",
    });
    const rows = await deps.db.selectFrom("notifications").select(["recipient_user_id", "kind"]).orderBy("recipient_user_id").execute();
    expect(rows).toEqual(
      [student.id, hindi.id, quiet.id].sort((a, b) => a - b).map((id) => ({ recipient_user_id: id, kind: "results.published" })),
    );
    const mails = await deps.db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "text_body"])
      .where("template", "=", "student_alert")
      .orderBy("to_address")
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual(["hindi@example.test", "student@example.test"]);
    expect(mails[0]!.subject).toBe(hiAlerts["kind.results.published.title"].replace("{title}", "Term-end"));
    expect(mails[1]!.subject).toBe("Results out: Term-end");
    expect(mails[1]!.text_body).toContain("/student/exams");
  });

  test("without email: the portal only; a due day reads in the reader's language", async () => {
    await loadAllCatalogues();
    await notifyStudents(deps, deps.db, deps.now(), [student.id], {
      type: "course",
      kind: "library.overdue",
      params: { title: "Accounts I", due: "2026-11-20" },
    });
    expect(await deps.db.selectFrom("email_outbox").select("id").where("template", "=", "student_alert").execute()).toEqual([]);
    const res = await send("GET", "/api/notifications", student.token);
    const body = (await res.json()) as any;
    expect(body.data.notifications[0].message).toBe("Accounts I was due back on 20 Nov 2026. Please return it to the library.");
  });
});

describe("the actions' answers in the reader's language (issue 16)", () => {
  test("deleted, not found and an unknown type come from the alerts catalogue; English without a language", async () => {
    await loadAllCatalogues();
    const mine = await note(student.id);
    const caller = callerFor(deps, await resolveSession(deps, student.token));
    expect(await inLocale("hi", () => caller.notifications.remove({ id: mine.id }))).toEqual({ message: hiAlerts["msg.deleted"] });
    await expect(inLocale("mr", () => caller.notifications.remove({ id: mine.id }))).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: mrAlerts["msg.notFound"],
    });
    await expect(inLocale("hi", () => caller.notifications.markRead({ id: "abc" as unknown as number }))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: hiAlerts["msg.notFound"],
    });
    await expect(inLocale("mr", () => caller.notifications.list({ type: "bogus" as "all" }))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: mrAlerts["msg.unknownType"],
    });
    await expect(caller.notifications.list({ type: "bogus" as "all" })).rejects.toMatchObject({ message: "Unknown notification type" });
  });
});
