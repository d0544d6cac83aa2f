import { beforeEach, describe, expect, test } from "bun:test";
import { seed } from "../../../db/seed.ts";
import { temporaryDir } from "../../../tests/setup/temp-dirs.ts";
import { DEFAULT_SETTINGS } from "../../shared/schemas/settings.ts";
import { loginAdmin, loginStudent, resolveSession } from "../features/auth/auth.service.ts";
import { listContacts, submitContact, updateContactStatus } from "../features/contacts/contacts.service.ts";
import { saveSettingsGroup } from "../features/settings/settings.service.ts";
import { listStudents } from "../features/students/students.service.ts";
import { PUBLIC_CACHE_CONTROL } from "../route-policies.ts";
import { createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../testing.ts";
import { folderStore } from "./file-store.ts";
import { cachedRead } from "./read-cache.ts";

let deps: TestDeps;
beforeEach(async () => {
  deps = await createTestDeps();
});

const contactInput = (name: string) => ({
  name,
  email: "v@example.test",
  phone: undefined,
  subject: "fees" as const,
  message: "What are the fees for the MBA program?",
  website: "",
});

describe("read cache", () => {
  test("a result is computed once until the database is written, then computed again", async () => {
    let runs = 0;
    const read = () => cachedRead(deps.db, "k", async () => ++runs);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    await createUser(deps, { role: "student", email: "new@example.test" });
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });

  test("a transaction handle is never cached; a failed read is not remembered", async () => {
    let runs = 0;
    await deps.db.transaction().execute(async (trx) => {
      await cachedRead(trx, "k", async () => ++runs);
      await cachedRead(trx, "k", async () => ++runs);
    });
    expect(runs).toBe(2);
    await expect(cachedRead(deps.db, "fails", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cachedRead(deps.db, "fails", async () => "ok")).toBe("ok");
  });

  test("list totals and counters follow every write made through the services", async () => {
    await createUser(deps, { role: "admin", email: "desk@example.test" });
    const query = { page: 1, limit: 10, search: "", status: "all" as const };
    expect((await listContacts(deps, query)).stats.total).toBe(0);
    const { id } = await submitContact(deps, contactInput("Asha Sharma"), { ip: "10.0.0.1" });
    const after = await listContacts(deps, query);
    expect(after.pagination.totalItems).toBe(1);
    expect(after.stats).toMatchObject({ total: 1, new: 1, resolved: 0 });
    expect((await listContacts(deps, { ...query, search: "sharma" })).pagination.totalItems).toBe(1);
    await updateContactStatus(deps, 1, { id: id!, status: "resolved" });
    expect((await listContacts(deps, query)).stats).toMatchObject({ total: 1, new: 0, resolved: 1 });
    expect((await listContacts(deps, { ...query, status: "new" })).pagination.totalItems).toBe(0);
  });

  test("the rows of a remembered page follow every write at once", async () => {
    const admin = await createUser(deps, { role: "admin", email: "desk@example.test" });
    const query = { page: 1, limit: 10, search: "", status: "all" as const, programme: null, term: null };
    const { id } = await submitContact(deps, contactInput("Asha Sharma"), { ip: "10.0.0.1" });
    expect((await listContacts(deps, query)).contacts[0]).toMatchObject({ id, status: "new" });
    expect((await listContacts(deps, query)).contacts[0]).toMatchObject({ id, status: "new" }); // remembered
    await updateContactStatus(deps, admin.id, { id: id!, status: "resolved" });
    expect((await listContacts(deps, query)).contacts[0]).toMatchObject({ id, status: "resolved" });

    const student = await createUser(deps, { role: "student", email: "s1@example.test" });
    expect((await listStudents(deps, { ...query, search: "s1@" })).students[0]).toMatchObject({
      id: student.id,
      isActive: true,
      lastLogin: null,
    });
    await deps.db.updateTable("users").set({ is_active: 0, name: "Renamed" }).where("id", "=", student.id).execute();
    expect((await listStudents(deps, { ...query, search: "s1@" })).students[0]).toMatchObject({
      id: student.id,
      isActive: false,
      name: "Renamed",
    });
    // a sign-in (last_login_at) is a write too; a session's last_seen_at touch is not, and no list shows it
    await deps.db.updateTable("users").set({ is_active: 1 }).where("id", "=", student.id).execute();
    const { token } = await signedIn(loginStudent(deps, { email: "s1@example.test", studentId: "", password: TEST_PASSWORD }));
    expect((await listStudents(deps, query)).students[0]!.lastLogin).toBe(deps.now().toISOString());
    const page = await listStudents(deps, query);
    deps.advance(5 * 60_000);
    expect(await resolveSession(deps, token)).not.toBeNull();
    expect((await listStudents(deps, query)).students).toBe(page.students); // still the remembered page
  });

  test("the students' “new this month” follows the clock, not only writes", async () => {
    await createUser(deps, { role: "student", email: "s1@example.test" });
    const query = { page: 1, limit: 10, search: "", status: "all" as const, programme: null, term: null };
    expect((await listStudents(deps, query)).stats.newThisMonth).toBe(1);
    deps.advance(40 * 86_400_000);
    expect((await listStudents(deps, query)).stats.newThisMonth).toBe(0);
  });

  test("deep pages hold the right rows", async () => {
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    for (let i = 0; i < 35; i++) {
      const at = new Date(base + i * 60_000).toISOString();
      await deps.db
        .insertInto("contact_inquiries")
        .values({
          name: `Visitor ${i}`,
          email: "v@example.test",
          phone: null,
          subject: "s",
          message: "m",
          status: "new",
          ip: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const page = (n: number) => listContacts(deps, { page: n, limit: 10, search: "", status: "all" });
    expect((await page(1)).contacts.map((c) => c.name).slice(0, 2)).toEqual(["Visitor 34", "Visitor 33"]);
    expect((await page(4)).contacts.map((c) => c.name)).toEqual(["Visitor 4", "Visitor 3", "Visitor 2", "Visitor 1", "Visitor 0"]);
    expect((await page(5)).contacts).toEqual([]);
    expect((await page(4)).pagination).toEqual({ totalItems: 35, totalPages: 4, currentPage: 4, limit: 10 });
  });
});

describe("public responses", () => {
  let app: ReturnType<typeof testApp>;
  beforeEach(async () => {
    await seed(deps.db, { now: deps.now(), production: true, files: folderStore(temporaryDir("g")) });
    app = testApp(deps);
  });

  test("gallery, institute info and news may be kept a minute, unless caching is turned off", async () => {
    for (const p of ["/api/public/gallery", "/api/public/institute-info", "/api/public/news", "/api/gallery"]) {
      const res = await app.request(p);
      expect([p, res.headers.get("cache-control")]).toEqual([p, PUBLIC_CACHE_CONTROL]);
      // Kept for guests only: a signed-in request of the same address goes to the server (tenth walk).
      expect([p, res.headers.get("vary")?.split(/,\s*/).includes("Authorization")]).toEqual([p, true]);
    }
    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, cacheEnabled: false });
    expect((await app.request("/api/public/news")).headers.get("cache-control")).toBe("no-store");
    // Everything else under /api stays uncached, and so do error answers.
    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, cacheEnabled: true, maintenanceMode: true });
    const closed = await app.request("/api/public/news");
    expect(closed.status).toBe(503);
    expect(closed.headers.get("cache-control")).toBe("no-store");
    expect((await app.request("/api/health")).headers.get("cache-control")).toBe("no-store");
  });

  test("a change made by an admin shows at once in the public answers", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    const before = (await (await app.request("/api/public/gallery")).json()).data.images;
    const first = before[0];
    const res = await app.request(`/api/gallery/${first.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: "Renamed picture", category: first.category, description: first.description ?? "", isActive: false }),
    });
    expect(res.status).toBe(200);
    const after = (await (await app.request("/api/public/gallery")).json()).data.images;
    expect(after).toHaveLength(before.length - 1);
    await saveSettingsGroup(deps, "general", { ...DEFAULT_SETTINGS.general, siteName: "Open Institute" });
    expect((await (await app.request("/api/public/institute-info")).json()).data.name).toBe("Open Institute");
  });
});

describe("answers serialized once", () => {
  test("a remembered answer is marked so, and ok() sends the same JSON for it as for a fresh object", async () => {
    const { Hono } = await import("hono");
    const { ok } = await import("./http.ts");
    const { isRemembered } = await import("./read-cache.ts");
    const value = await cachedRead(deps.db, "answer", async () => ({ rows: [{ id: 1, name: "Asha" }] }));
    expect(isRemembered(value)).toBe(true);
    expect(isRemembered({ rows: [] })).toBe(false);
    expect(isRemembered(await cachedRead(deps.db, "scalar", async () => 3))).toBe(false);
    const app = new Hono();
    app.get("/remembered", (c) => ok(c, value));
    app.get("/fresh", (c) => ok(c, { rows: [{ id: 1, name: "Asha" }] }));
    for (const path of ["/remembered", "/remembered", "/fresh"]) {
      const res = await app.request(path);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ success: true, data: { rows: [{ id: 1, name: "Asha" }] } });
    }
  });
});
