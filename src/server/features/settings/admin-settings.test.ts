import { beforeEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../../../db/connection.ts";
import { native } from "../../../../tests/setup/happy-dom.ts";
import { temporaryDir } from "../../../../tests/setup/temp-dirs.ts";
import hiConfig from "../../../shared/i18n/hi/config.json";
import mrConfig from "../../../shared/i18n/mr/config.json";
import { BACKUP_RETENTION, backupDue, createBackup, listBackups } from "../../platform/backups.ts";
import { dataPaths } from "../../platform/storage.ts";
import { createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { getSettings } from "./settings.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let token: string;
beforeEach(async () => {
  deps = await createTestDeps();
  await createUser(deps, { role: "admin", email: "head@example.test" });
  token = (await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }))).token;
  app = testApp(deps);
});

const put = (body: unknown, t = token) =>
  app.request("/api/admin/settings", {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${t}` },
    body: JSON.stringify(body),
  });

describe("admin settings", () => {
  test("GET answers every section with the defaults; only admins may read or write", async () => {
    const body = await (await app.request("/api/admin/settings", { headers: { authorization: `Bearer ${token}` } })).json();
    expect(Object.keys(body.data.settings).sort()).toEqual(["general", "language", "notifications", "security", "system"]);
    expect(body.data.settings.security.sessionTimeout).toBe(24);
    expect((await app.request("/api/admin/settings")).status).toBe(401);
    await createUser(deps, { role: "student", email: "s@example.test" });
    const student = await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    expect((await put({ system: { maintenanceMode: true } }, student.token)).status).toBe(403);
  });

  test("the range rules of spec part 2 §5 answer with their messages and nothing is stored", async () => {
    for (const [patch, message] of [
      [{ security: { passwordExpiry: 29 } }, "Password expiry must be a whole number of days from 30 to 365"],
      [{ security: { maxLoginAttempts: 11 } }, "Max login attempts must be a whole number from 3 to 10"],
      [{ security: { sessionTimeout: 0 } }, "Session timeout must be a whole number of hours from 1 to 168"],
      // 1.5 is between 1 and 168: the message says a whole number (tenth walk).
      [{ security: { sessionTimeout: 1.5 } }, "Session timeout must be a whole number of hours from 1 to 168"],
      [{ general: { siteName: "  " } }, "Site name is required"],
      [{ general: { adminEmail: "" } }, "Admin email is required"],
    ] as const) {
      const res = await put(patch);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect((await getSettings(deps)).security).toMatchObject({ passwordExpiry: 90, maxLoginAttempts: 5, sessionTimeout: 24 });
  });

  test("a saved section merges over the stored one, takes effect and is audit-logged", async () => {
    const res = await (await put({ system: { logLevel: "debug", maintenanceMode: true } })).json();
    expect(res.data.message).toBe("Settings saved successfully!");
    expect(res.data.settings.system).toMatchObject({
      logLevel: "debug",
      maintenanceMode: true,
      cacheEnabled: true,
      backupFrequency: "daily",
    });
    expect(deps.logger.level).toBe("debug");
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "settings.update").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details).changed.sort()).toEqual(["system.logLevel", "system.maintenanceMode"]);
    expect(JSON.parse(log.details).turned).toEqual({ "system.maintenanceMode": true });
  });

  test("two saves at once of other fields of one section both land: each is merged over what the other stored", async () => {
    const [phone, name] = await Promise.all([
      put({ general: { contactPhone: "+91 20 1111 2222" } }),
      put({ general: { siteName: "Pune Institute" } }),
    ]);
    expect([phone.status, name.status]).toEqual([200, 200]);
    expect((await getSettings(deps)).general).toMatchObject({ contactPhone: "+91 20 1111 2222", siteName: "Pune Institute" });
  });

  test("the log names only what changed; the whole section sent again unchanged is not an event (tenth walk)", async () => {
    const { general, system } = (await getSettings(deps)) as { general: Record<string, unknown>; system: Record<string, unknown> };
    await put({ general: { ...general, siteName: "Walk T Institute" }, system });
    await put({ general: { ...general, siteName: "Walk T Institute" }, system });
    await put({ system: { ...system, maintenanceMode: true } });
    await put({ system: { ...system, maintenanceMode: false } });
    // A number and a backup frequency with their new values (eleventh walk: "Backup frequency" said nothing of it).
    await put({ system: { ...system, backupFrequency: "weekly" }, security: { maxLoginAttempts: 4 } });
    const logs = await deps.db.selectFrom("audit_log").select("details").where("action", "=", "settings.update").orderBy("id").execute();
    expect(logs.map((l) => JSON.parse(l.details))).toEqual([
      { changed: ["general.siteName"], turned: {}, set: {} },
      { changed: ["system.maintenanceMode"], turned: { "system.maintenanceMode": true }, set: {} },
      { changed: ["system.maintenanceMode"], turned: { "system.maintenanceMode": false }, set: {} },
      {
        changed: ["security.maxLoginAttempts", "system.backupFrequency"],
        turned: {},
        set: { "security.maxLoginAttempts": 4, "system.backupFrequency": "weekly" },
      },
    ]);
  });

  test("debug mode logs everything; the alert switches decide which events reach the admins", async () => {
    await put({ system: { debugMode: true, logLevel: "error" } });
    expect(deps.logger.level).toBe("debug");
    await put({ system: { debugMode: false } });
    expect(deps.logger.level).toBe("error");

    await put({ notifications: { admissionAlerts: false } });
    const { notifyAdmins } = await import("../notifications/notifications.service.ts");
    const note = (type: "admission" | "system" | "security") => notifyAdmins(deps.db, deps.now(), { type, title: type, message: "m" });
    await note("admission");
    await note("system");
    await note("security");
    const types = async () => (await deps.db.selectFrom("notifications").select("type").execute()).map((r) => r.type).sort();
    expect(await types()).toEqual(["security", "system"]);
    await put({ notifications: { admissionAlerts: true, systemAlerts: false } });
    await note("admission");
    await note("system");
    expect(await types()).toEqual(["admission", "security", "system"]);
  });

  test("a shorter session timeout applies to sessions already open", async () => {
    await put({ security: { sessionTimeout: 1 } });
    deps.advance(3_600_000 + 1000);
    expect(await resolveSession(deps, token)).toBeNull();
  });
});

/** Bun's Request (happy-dom's drops the Cookie header), with the body's length so the body limit reads it as sent. */
const inLanguage = (lang: string, method: string, url: string, body?: unknown) => {
  const json = body === undefined ? undefined : JSON.stringify(body);
  return app.fetch(
    new native.Request(`http://localhost${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `lang=${lang}`,
        ...(json === undefined ? {} : { "content-type": "application/json", "content-length": String(json.length) }),
      },
      body: json,
    }),
  );
};

describe("the admin's language", () => {
  test("a save answers in the lang cookie's language; without one in English", async () => {
    expect((await (await inLanguage("hi", "PUT", "/api/admin/settings", { system: { cacheEnabled: false } })).json()).data.message).toBe(
      hiConfig.saved,
    );
    expect((await (await inLanguage("mr", "PUT", "/api/admin/settings", { system: { cacheEnabled: true } })).json()).data.message).toBe(
      mrConfig.saved,
    );
    expect((await (await put({ system: { cacheEnabled: true } })).json()).data.message).toBe("Settings saved successfully!");
  });

  test("a backup that is not there, or a name the server never makes, is 'Backup not found' in that language", async () => {
    const missing = "/api/admin/backups/backup-2026-01-01T00-00-00-000Z.tar.gz";
    for (const url of [missing, "/api/admin/backups/..%2Finstitute.db"]) {
      const hindi = await inLanguage("hi", "GET", url);
      expect(hindi.status).toBe(404);
      expect((await hindi.json()).message).toBe(hiConfig["backups.notFound"]);
      const english = await app.request(url, { headers: { authorization: `Bearer ${token}` } });
      expect((await english.json()).message).toBe("Backup not found");
    }
  });
});

describe("backups", () => {
  test("a backup is a tar.gz with a consistent copy of the database (holding the latest rows) and the uploads", async () => {
    writeFileSync(path.join(dataPaths(deps.env.dataDir).gallery, "x-480.webp"), "img");
    await deps.db
      .insertInto("announcements")
      .values({
        title: "Latest",
        body: "b",
        published_at: "2026-11-22T00:00:00.000Z",
        created_at: "2026-11-22T00:00:00.000Z",
        updated_at: "2026-11-22T00:00:00.000Z",
      })
      .execute();
    const res = await app.request("/api/admin/backups", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(201);
    const { backup } = (await res.json()).data;
    expect(backup.name).toMatch(/^backup-2026-11-22T06-30-00-000Z\.tar\.gz$/);
    const out = temporaryDir("restore");
    const tar = Bun.spawnSync(["tar", "-xzf", path.join(dataPaths(deps.env.dataDir).backups, backup.name), "-C", out]);
    expect(tar.exitCode).toBe(0);
    if (deps.sqlite) {
      const restored = openDatabase(path.join(out, "institute.db"));
      expect(String(restored.sqlite.pragma("integrity_check", { simple: true }))).toBe("ok");
      const row = await restored.db.selectFrom("announcements").select("title").executeTakeFirstOrThrow();
      expect(row.title).toBe("Latest");
    } else {
      // PostgreSQL (issue 21): pg_dump's archive, whose announcements' data pg_restore reads back.
      const data = Bun.spawnSync(["pg_restore", "--data-only", "--table=announcements", "--file=-", path.join(out, "institute.pgdump")]);
      expect(data.exitCode).toBe(0);
      expect(data.stdout.toString()).toContain("Latest");
    }
    expect(await Bun.file(path.join(out, "uploads", "gallery", "x-480.webp")).text()).toBe("img");
    const list = await (await app.request("/api/admin/backups", { headers: { authorization: `Bearer ${token}` } })).json();
    expect(list.data.backups).toEqual([{ name: backup.name, size: backup.size, createdAt: "2026-11-22T06:30:00.000Z" }]);
    const download = await app.request(`/api/admin/backups/${backup.name}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.headers.get("content-disposition")).toContain(backup.name);
    // A HEAD asks about the file and takes nothing away: not a download in the log.
    const head = await app.request(`/api/admin/backups/${backup.name}`, { method: "HEAD", headers: { authorization: `Bearer ${token}` } });
    expect(head.status).toBe(200);
    expect((await app.request("/api/admin/backups/..%2Finstitute.db", { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    // Both are in the activity log (tenth walk: neither was); the refused name is not.
    const logged = await deps.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("action", "like", "backup.%")
      .orderBy("id")
      .execute();
    expect(logged.map((l) => [l.action, JSON.parse(l.details).name])).toEqual([
      ["backup.create", backup.name],
      ["backup.download", backup.name],
    ]);
  });

  // 16 real backups: on PostgreSQL each runs pg_dump (about 0.3 s alone, more beside the browser journeys),
  // so this test gets a ceiling above bun's default 5 s.
  test("only the newest backups are kept", async () => {
    for (let i = 0; i < BACKUP_RETENTION + 2; i++) {
      await createBackup(deps);
      deps.advance(1000);
    }
    const list = await listBackups(deps);
    expect(list).toHaveLength(BACKUP_RETENTION);
    expect(list[0]!.createdAt > list[list.length - 1]!.createdAt).toBe(true);
  }, 60_000);

  test("a scheduled backup is due by the chosen frequency", () => {
    const now = new Date("2026-11-22T12:00:00.000Z");
    expect(backupDue(undefined, "daily", now)).toBe(true);
    expect(backupDue("2026-11-22T00:00:00.000Z", "daily", now)).toBe(false);
    expect(backupDue("2026-11-21T11:59:59.000Z", "daily", now)).toBe(true);
    expect(backupDue("2026-11-22T11:00:00.000Z", "hourly", now)).toBe(true);
    expect(backupDue("2026-11-20T12:00:00.000Z", "weekly", now)).toBe(false);
  });
});
