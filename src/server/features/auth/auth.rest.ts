/** REST paths of spec part 1 §7 for login, the current user and logout; thin over auth.service. */
import { Hono } from "hono";
import { adminLoginInput, studentLoginInput } from "../../../shared/schemas/auth.ts";
import { type AppEnv, currentAuth, ok, readJson, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { loginAdmin, loginStudent, logout, toPublicUser } from "./auth.service.ts";

export const authRest = new Hono<AppEnv>()
  .post("/admin/login", async (c) => {
    const input = parseInput(adminLoginInput, await readJson(c));
    return ok(c, await loginAdmin(c.get("deps"), input, meta(c)));
  })
  .post("/student/login", async (c) => {
    const input = parseInput(studentLoginInput, await readJson(c));
    return ok(c, await loginStudent(c.get("deps"), input, meta(c)));
  })
  .get("/me", requireRole(), (c) => ok(c, { user: toPublicUser(currentAuth(c).user) }))
  .post("/logout", requireRole(), async (c) => {
    await logout(c.get("deps"), currentAuth(c).sessionId);
    return ok(c, { loggedOut: true });
  });

function meta(c: { get(key: "ip"): string | null; req: { header(name: string): string | undefined } }) {
  return { ip: c.get("ip"), userAgent: c.req.header("user-agent") ?? null };
}
