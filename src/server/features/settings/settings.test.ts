import { describe, expect, test } from "bun:test";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import { createTestDeps } from "../../testing.ts";
import { getSettings, saveSettingsGroup } from "./settings.service.ts";

describe("settings service", () => {
  test("an empty database reads the defaults of spec part 2 §9", async () => {
    const s = await getSettings(await createTestDeps());
    expect(s.security).toEqual({
      requireEmailVerification: true,
      enableTwoFactor: false,
      passwordExpiry: 90,
      maxLoginAttempts: 5,
      sessionTimeout: 24,
    });
    expect(s.system).toEqual({ maintenanceMode: false, debugMode: false, backupFrequency: "daily", logLevel: "info", cacheEnabled: true });
    expect(s.general.timeZone).toBe("Asia/Kolkata");
    // Only switches that act: no SMS, push or weekly report switch is kept (issue 14.4).
    expect(s.notifications).toEqual({ emailNotifications: true, admissionAlerts: true, systemAlerts: true });
  });

  test("a saved group is read back at once (the cache is invalidated)", async () => {
    const deps = await createTestDeps();
    await getSettings(deps);
    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, maintenanceMode: true });
    expect((await getSettings(deps)).system.maintenanceMode).toBe(true);
  });

  test("a stored value that breaks the rules falls back to the default instead of taking effect", async () => {
    const deps = await createTestDeps();
    await deps.db
      .insertInto("settings")
      .values({ key: "security", value: JSON.stringify({ sessionTimeout: 100000 }), updated_at: deps.now().toISOString() })
      .execute();
    expect((await getSettings(deps)).security.sessionTimeout).toBe(24);
  });

  test("SQLite: reading the settings through the process's handle inside a transaction that wrote does not wait on that transaction", async () => {
    const deps = await createTestDeps({}, { engine: "sqlite" });
    await getSettings(deps);
    const read = deps.db.transaction().execute(async (trx) => {
      await saveSettingsGroup({ db: trx, now: deps.now }, "system", { ...DEFAULT_SETTINGS.system, debugMode: true });
      // One connection, held by this transaction: a read through the handle would wait for it for ever.
      return (await getSettings(deps)).system.debugMode;
    });
    expect(await Promise.race([read, Bun.sleep(1000).then(() => "waited")])).toBe(false);
  });
});
