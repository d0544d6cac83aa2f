/** tRPC procedures for signing in, sessions and the user's own account; thin over the auth services. */
import * as v from "valibot";
import * as schemas from "../../../shared/schemas/auth.ts";
import { authedProcedure, byActor, byRequest, publicProcedure, router } from "../../trpc.ts";
import { confirmEmailChange, requestEmailChange } from "../accounts/email-change.service.ts";
import * as accountService from "./account.service.ts";
import * as authService from "./auth.service.ts";

export const authRouter = router({
  adminLogin: publicProcedure.input(schemas.adminLoginInput).mutation(byRequest(authService.loginAdmin)),
  studentLogin: publicProcedure.input(schemas.studentLoginInput).mutation(byRequest(authService.loginStudent)),
  verifyTwoFactor: publicProcedure.input(schemas.twoFactorInput).mutation(byRequest(authService.verifyTwoFactor)),
  forgotPassword: publicProcedure.input(schemas.forgotPasswordInput).mutation(byRequest(accountService.requestPasswordReset)),
  verifyOtp: publicProcedure.input(schemas.verifyOtpInput).mutation(byRequest(accountService.verifyResetCode)),
  resetPassword: publicProcedure.input(schemas.resetPasswordInput).mutation(byRequest(accountService.resetPassword)),
  firstLoginLink: publicProcedure
    .input(schemas.firstLoginLinkInput)
    .query(({ ctx, input }) => accountService.checkFirstLoginLink(ctx.deps, input)),
  firstLogin: publicProcedure.input(schemas.firstLoginInput).mutation(byRequest(accountService.completeFirstLogin)),
  me: authedProcedure.query(({ ctx }) => ({ user: authService.toPublicUser(ctx.auth.user) })),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await authService.logout(ctx.deps, ctx.auth.sessionId);
    return { loggedOut: true };
  }),
  logoutAll: authedProcedure.mutation(({ ctx }) => accountService.logoutOtherSessions(ctx.deps, ctx.auth.user.id, ctx.auth.sessionId, ctx)),
  changePassword: authedProcedure
    .input(schemas.changePasswordInput)
    .mutation(({ ctx, input }) => accountService.changePassword(ctx.deps, ctx.auth.user.id, ctx.auth.sessionId, input, ctx)),
  updateProfile: authedProcedure
    .input(schemas.profileUpdateInput)
    .mutation(({ ctx, input }) => accountService.updateOwnProfile(ctx.deps, ctx.auth.user.id, input)),
  requestEmailChange: authedProcedure.input(schemas.emailChangeRequestInput).mutation(byActor(requestEmailChange)),
  confirmEmailChange: authedProcedure
    .input(schemas.emailChangeConfirmInput)
    .mutation(({ ctx, input }) => confirmEmailChange(ctx.deps, ctx.auth.user.id, ctx.auth.sessionId, input, ctx)),
  stats: authedProcedure.query(({ ctx }) => accountService.accountStats(ctx.deps, ctx.auth.user.id)),
  setLanguage: authedProcedure
    .input(schemas.languageInput)
    .mutation(({ ctx, input }) => accountService.setLanguage(ctx.deps, ctx.auth.user.id, input.language)),
  setTwoFactor: authedProcedure
    .input(v.object({ enabled: v.boolean() }))
    .mutation(({ ctx, input }) => accountService.setTwoFactor(ctx.deps, ctx.auth.user.id, input.enabled, ctx)),
});
