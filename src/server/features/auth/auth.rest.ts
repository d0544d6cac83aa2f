/** REST paths of spec part 1 §7 (auth) and part 2 §7 (profile, password); thin over the auth services. */
import { Hono } from "hono";
import * as schemas from "../../../shared/schemas/auth.ts";
import { type AppContext, type AppEnv, currentAuth, multipartFile, ok, readJson, requestIp, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { confirmEmailChange, requestEmailChange } from "../accounts/email-change.service.ts";
import * as accountService from "./account.service.ts";
import * as authService from "./auth.service.ts";

const meta = (c: AppContext) => ({ ip: requestIp(c), userAgent: c.req.header("user-agent") ?? null });

export const authRest = new Hono<AppEnv>()
  .post("/admin/login", async (c) =>
    ok(c, await authService.loginAdmin(c.get("deps"), parseInput(schemas.adminLoginInput, await readJson(c)), meta(c))),
  )
  .post("/student/login", async (c) =>
    ok(c, await authService.loginStudent(c.get("deps"), parseInput(schemas.studentLoginInput, await readJson(c)), meta(c))),
  )
  .post("/verify-2fa", async (c) =>
    ok(c, await authService.verifyTwoFactor(c.get("deps"), parseInput(schemas.twoFactorInput, await readJson(c)), meta(c))),
  )
  .post("/forgot-password", async (c) =>
    ok(c, await accountService.requestPasswordReset(c.get("deps"), parseInput(schemas.forgotPasswordInput, await readJson(c)), meta(c))),
  )
  .post("/verify-otp", async (c) =>
    ok(c, await accountService.verifyResetCode(c.get("deps"), parseInput(schemas.verifyOtpInput, await readJson(c)), meta(c))),
  )
  .post("/reset-password", async (c) =>
    ok(c, await accountService.resetPassword(c.get("deps"), parseInput(schemas.resetPasswordInput, await readJson(c)), meta(c))),
  )
  .post("/first-login", async (c) =>
    ok(c, await accountService.completeFirstLogin(c.get("deps"), parseInput(schemas.firstLoginInput, await readJson(c)), meta(c))),
  )
  .get("/me", requireRole(), (c) => ok(c, { user: authService.toPublicUser(currentAuth(c).user) }))
  .post("/logout", requireRole(), async (c) => {
    await authService.logout(c.get("deps"), currentAuth(c).sessionId);
    return ok(c, { loggedOut: true });
  })
  .post("/logout-all", requireRole(), async (c) => {
    const auth = currentAuth(c);
    return ok(c, await accountService.logoutOtherSessions(c.get("deps"), auth.user.id, auth.sessionId, meta(c)));
  })
  .put("/change-password", requireRole(), async (c) => {
    const auth = currentAuth(c);
    const input = parseInput(schemas.changePasswordInput, await readJson(c));
    return ok(c, await accountService.changePassword(c.get("deps"), auth.user.id, auth.sessionId, input, meta(c)));
  })
  .put("/profile", requireRole(), async (c) =>
    ok(
      c,
      await accountService.updateOwnProfile(
        c.get("deps"),
        currentAuth(c).user.id,
        parseInput(schemas.profileUpdateInput, await readJson(c)),
      ),
    ),
  )
  .post("/email-change", requireRole(), async (c) =>
    ok(
      c,
      await requestEmailChange(
        c.get("deps"),
        currentAuth(c).user.id,
        parseInput(schemas.emailChangeRequestInput, await readJson(c)),
        meta(c),
      ),
    ),
  )
  .post("/email-change/confirm", requireRole(), async (c) => {
    const auth = currentAuth(c);
    const input = parseInput(schemas.emailChangeConfirmInput, await readJson(c));
    return ok(c, await confirmEmailChange(c.get("deps"), auth.user.id, auth.sessionId, input, meta(c)));
  })
  .get("/stats", requireRole(), async (c) => ok(c, await accountService.accountStats(c.get("deps"), currentAuth(c).user.id)))
  .put("/profile/photo", requireRole(), async (c) =>
    ok(c, await accountService.updateOwnPhoto(c.get("deps"), currentAuth(c).user.id, await multipartFile(c, "photo"), meta(c))),
  );
