/** Admin settings and backups (spec part 2 System Settings; DECISIONS 3). */
import { Hono } from "hono";
import { config } from "../../../shared/i18n/config.ts";
import { settingsUpdateInput } from "../../../shared/schemas/settings.ts";
import { listBackups } from "../../platform/backups.ts";
import { type AppEnv, currentAuth, ok, readJson, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { backupForDownload, backupNow, getAdminSettings, updateSettings } from "./settings.service.ts";

export const adminSettingsRest = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/", async (c) => ok(c, await getAdminSettings(c.get("deps"))))
  .put("/", async (c) => {
    const input = parseInput(settingsUpdateInput, await readJson(c));
    return ok(c, await updateSettings(c.get("deps"), currentAuth(c).user.id, input, requestMeta(c)));
  });

export const adminBackupsRest = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/", async (c) => ok(c, { backups: await listBackups(c.get("deps")) }))
  .post("/", async (c) => ok(c, await backupNow(c.get("deps"), currentAuth(c).user.id, undefined, requestMeta(c)), 201))
  .get("/:name", async (c) => {
    const meta = { ...requestMeta(c), headOnly: c.req.method === "HEAD" };
    const file = await backupForDownload(c.get("deps"), currentAuth(c).user.id, c.req.param("name"), meta);
    if (!file) return c.json({ success: false, message: config.t("backups.notFound") }, 404);
    return c.body(file.stream(), 200, {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${c.req.param("name")}"`,
      "Cache-Control": "no-store",
    });
  });
