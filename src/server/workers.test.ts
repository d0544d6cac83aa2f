/** The platform's workers as the product wires them (issue 15: platform/ is handed these, imports no feature). */
import { describe, expect, test } from "bun:test";
import { DEFAULT_SETTINGS } from "../shared/schemas/settings.ts";
import { saveSettingsGroup } from "./features/settings/settings.service.ts";
import { audit } from "./platform/audit.ts";
import { listBackups, startBackupScheduler } from "./platform/backups.ts";
import { AppError } from "./platform/errors.ts";
import { createTestDeps, createUser } from "./testing.ts";
import { instituteBackupSchedule, instituteMailPolicy } from "./workers.ts";

describe("scheduled backups", () => {
  test("the frequency is read from Settings → System at every check", async () => {
    const deps = await createTestDeps();
    const schedule = instituteBackupSchedule(deps);
    expect(await schedule.frequency()).toBe("daily");
    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, backupFrequency: "weekly" });
    expect(await schedule.frequency()).toBe("weekly");
  });

  test("a failed scheduled backup alerts every admin (portal, and e-mail while alerts are on)", async () => {
    const deps = await createTestDeps();
    await createUser(deps, { role: "admin", email: "office@example.test" });
    let told = null as string | null;
    const schedule = instituteBackupSchedule(deps);
    const stop = startBackupScheduler(
      deps,
      {
        ...schedule,
        frequency: () => Promise.reject(new AppError("INTERNAL", "The backup folder is not writable")),
        // `told` is set only once the product's alert is written, so the reads below never race it.
        onFailure: async (message) => {
          await schedule.onFailure(message);
          told = message;
        },
      },
      60_000,
      0,
    );
    try {
      for (let i = 0; i < 500 && told === null; i++) await Bun.sleep(10);
    } finally {
      stop();
    }
    expect(told).toBe("The backup folder is not writable");
    const note = await deps.db.selectFrom("notifications").selectAll().executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      type: "system",
      priority: "high",
      title: "A scheduled backup failed",
      message: "The backup folder is not writable",
    });
    const mail = await deps.db.selectFrom("email_outbox").selectAll().where("template", "=", "admin_alert").executeTakeFirstOrThrow();
    expect(mail.subject).toBe("A scheduled backup failed");
  });

  test("a backup another process made (in the activity log) is not made again here; one made here is logged for the others", {
    timeout: 40_000,
  }, async () => {
    const deps = await createTestDeps();
    const schedule = instituteBackupSchedule(deps);
    // Another process sharing the database backed up a minute ago; this process's folder is empty.
    await audit(deps.db, new Date(deps.now().getTime() - 60_000), {
      actorUserId: null,
      action: "backup.create",
      entityType: "settings",
      details: { name: "backup-elsewhere.tar.gz", size: 1, scheduled: true },
    });
    /** One check of the scheduler; resolves once it has decided, or once it has made the backup it is to make. */
    const check = async (makes: boolean) => {
      let done = false;
      const stop = startBackupScheduler(
        deps,
        {
          ...schedule,
          frequency: async () => {
            const f = await schedule.frequency();
            if (!makes) queueMicrotask(() => setTimeout(() => (done = true), 50));
            return f;
          },
          made: async (backup) => {
            await schedule.made(backup);
            done = true;
          },
        },
        60 * 60_000,
        0,
      );
      try {
        // pg_dump on PostgreSQL takes a few seconds.
        for (let i = 0; i < 3000 && !done; i++) await Bun.sleep(10);
      } finally {
        stop();
      }
    };
    await check(false);
    expect(await listBackups(deps)).toEqual([]);
    // A day later a daily backup is due: made here once, and logged as scheduled.
    deps.advance(24 * 60 * 60_000);
    await check(true);
    expect((await listBackups(deps)).length).toBe(1);
    const logged = await deps.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "details"])
      .where("action", "=", "backup.create")
      .execute();
    expect(logged).toHaveLength(2);
    expect(logged[1]!.actor_user_id).toBeNull();
    expect(JSON.parse(logged[1]!.details)).toMatchObject({ name: (await listBackups(deps))[0]!.name, scheduled: true });
  });
});

describe("the mail policy", () => {
  test("mail given up on alerts the admins; an alert e-mail given up on stays in the portal (no loop)", async () => {
    const deps = await createTestDeps();
    await createUser(deps, { role: "admin", email: "office@example.test" });
    const failed = { id: 7, to: "asha@example.test", subject: "Your code", attempts: 8, error: "550 no such user" };
    await instituteMailPolicy.onGivenUp(deps.db, deps.now(), { ...failed, template: "password_reset_code" });
    await instituteMailPolicy.onGivenUp(deps.db, deps.now(), { ...failed, id: 8, template: "admin_alert" });
    expect(await deps.db.selectFrom("notifications").select("title").execute()).toHaveLength(2);
    // Only the first alert went out by e-mail too.
    expect(await deps.db.selectFrom("email_outbox").select("id").where("template", "=", "admin_alert").execute()).toHaveLength(1);
  });
});
