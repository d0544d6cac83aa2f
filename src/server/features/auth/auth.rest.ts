/** REST paths of spec part 1 §7 (auth) and part 2 §7 (profile, password); thin over the auth services. */
import { Hono } from "hono";
import * as schemas from "../../../shared/schemas/auth.ts";
import { type AppEnv, currentAuth, jsonRequest, multipartFile, ok, readJson, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { confirmEmailChange, requestEmailChange } from "../accounts/email-change.service.ts";
import * as accountService from "./account.service.ts";
import * as authService from "./auth.service.ts";

export const authRest = new Hono<AppEnv>()
  .post("/admin/login", jsonRequest(schemas.adminLoginInput, authService.loginAdmin))
  .post("/student/login", jsonRequest(schemas.studentLoginInput, authService.loginStudent))
  .post("/verify-2fa", jsonRequest(schemas.twoFactorInput, authService.verifyTwoFactor))
  .post("/forgot-password", jsonRequest(schemas.forgotPasswordInput, accountService.requestPasswordReset))
  .post("/verify-otp", jsonRequest(schemas.verifyOtpInput, accountService.verifyResetCode))
  .post("/reset-password", jsonRequest(schemas.resetPasswordInput, accountService.resetPassword))
  .post("/first-login", jsonRequest(schemas.firstLoginInput, accountService.completeFirstLogin))
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
