/** REST paths of spec part 1 §7 (auth) and part 2 §7 (profile, password); thin over the auth services. */
import { Hono } from "hono";
import * as schemas from "../../../shared/schemas/auth.ts";
import { type AppEnv, currentAuth, multipartFile, ok, readJson, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { confirmEmailChange, requestEmailChange } from "../accounts/email-change.service.ts";
import * as accountService from "./account.service.ts";
import * as authService from "./auth.service.ts";

export const authRest = new Hono<AppEnv>()
  .post("/admin/login", async (c) =>
    ok(c, await authService.loginAdmin(c.get("deps"), parseInput(schemas.adminLoginInput, await readJson(c)), requestMeta(c))),
  )
  .post("/student/login", async (c) =>
    ok(c, await authService.loginStudent(c.get("deps"), parseInput(schemas.studentLoginInput, await readJson(c)), requestMeta(c))),
  )
  .post("/verify-2fa", async (c) =>
    ok(c, await authService.verifyTwoFactor(c.get("deps"), parseInput(schemas.twoFactorInput, await readJson(c)), requestMeta(c))),
  )
  .post("/forgot-password", async (c) =>
    ok(
      c,
      await accountService.requestPasswordReset(c.get("deps"), parseInput(schemas.forgotPasswordInput, await readJson(c)), requestMeta(c)),
    ),
  )
  .post("/verify-otp", async (c) =>
    ok(c, await accountService.verifyResetCode(c.get("deps"), parseInput(schemas.verifyOtpInput, await readJson(c)), requestMeta(c))),
  )
  .post("/reset-password", async (c) =>
    ok(c, await accountService.resetPassword(c.get("deps"), parseInput(schemas.resetPasswordInput, await readJson(c)), requestMeta(c))),
  )
  .post("/first-login", async (c) =>
    ok(c, await accountService.completeFirstLogin(c.get("deps"), parseInput(schemas.firstLoginInput, await readJson(c)), requestMeta(c))),
  )
  .get("/me", requireRole(), (c) => ok(c, { user: authService.toPublicUser(currentAuth(c).user) }))
  .post("/logout", requireRole(), async (c) => {
    await authService.logout(c.get("deps"), currentAuth(c).sessionId);
    return ok(c, { loggedOut: true });
  })
  .post("/logout-all", requireRole(), async (c) => {
    const auth = currentAuth(c);
    return ok(c, await accountService.logoutOtherSessions(c.get("deps"), auth.user.id, auth.sessionId, requestMeta(c)));
  })
  .put("/change-password", requireRole(), async (c) => {
    const auth = currentAuth(c);
    const input = parseInput(schemas.changePasswordInput, await readJson(c));
    return ok(c, await accountService.changePassword(c.get("deps"), auth.user.id, auth.sessionId, input, requestMeta(c)));
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
        requestMeta(c),
      ),
    ),
  )
  .post("/email-change/confirm", requireRole(), async (c) => {
    const auth = currentAuth(c);
    const input = parseInput(schemas.emailChangeConfirmInput, await readJson(c));
    return ok(c, await confirmEmailChange(c.get("deps"), auth.user.id, auth.sessionId, input, requestMeta(c)));
  })
  .get("/stats", requireRole(), async (c) => ok(c, await accountService.accountStats(c.get("deps"), currentAuth(c).user.id)))
  .put("/profile/photo", requireRole(), async (c) =>
    ok(c, await accountService.updateOwnPhoto(c.get("deps"), currentAuth(c).user.id, await multipartFile(c, "photo"), requestMeta(c))),
  );
