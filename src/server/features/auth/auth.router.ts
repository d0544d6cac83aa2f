/** tRPC procedures for signing in, sessions and the user's own account; thin over the auth services. */
import * as v from "valibot";
import * as schemas from "../../../shared/schemas/auth.ts";
import { authedProcedure, publicProcedure, router } from "../../trpc.ts";
import { confirmEmailChange, requestEmailChange } from "../accounts/email-change.service.ts";
import {
  accountStats,
  changePassword,
  completeFirstLogin,
  logoutOtherSessions,
  requestPasswordReset,
  resetPassword,
  setTwoFactor,
  updateOwnProfile,
  verifyResetCode,
} from "./account.service.ts";
import { loginAdmin, loginStudent, logout, toPublicUser, verifyTwoFactor } from "./auth.service.ts";

export const authRouter = router({
  adminLogin: publicProcedure.input(schemas.adminLoginInput).mutation(({ ctx, input }) => loginAdmin(ctx.deps, input, ctx)),
  studentLogin: publicProcedure.input(schemas.studentLoginInput).mutation(({ ctx, input }) => loginStudent(ctx.deps, input, ctx)),
  verifyTwoFactor: publicProcedure.input(schemas.twoFactorInput).mutation(({ ctx, input }) => verifyTwoFactor(ctx.deps, input, ctx)),
  forgotPassword: publicProcedure
    .input(schemas.forgotPasswordInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx)),
  verifyOtp: publicProcedure.input(schemas.verifyOtpInput).mutation(({ ctx, input }) => verifyResetCode(ctx.deps, input, ctx)),
  resetPassword: publicProcedure.input(schemas.resetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx)),
  firstLogin: publicProcedure.input(schemas.firstLoginInput).mutation(({ ctx, input }) => completeFirstLogin(ctx.deps, input, ctx)),
  me: authedProcedure.query(({ ctx }) => ({ user: toPublicUser(ctx.auth.user) })),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.auth.sessionId);
    return { loggedOut: true };
  }),
  logoutAll: authedProcedure.mutation(({ ctx }) => logoutOtherSessions(ctx.deps, ctx.auth.user.id, ctx.auth.sessionId, ctx)),
  changePassword: authedProcedure
    .input(schemas.changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.auth.user.id, ctx.auth.sessionId, input, ctx)),
  updateProfile: authedProcedure
    .input(schemas.profileUpdateInput)
    .mutation(({ ctx, input }) => updateOwnProfile(ctx.deps, ctx.auth.user.id, input)),
  requestEmailChange: authedProcedure
    .input(schemas.emailChangeRequestInput)
    .mutation(({ ctx, input }) => requestEmailChange(ctx.deps, ctx.auth.user.id, input, ctx)),
  confirmEmailChange: authedProcedure
    .input(schemas.emailChangeConfirmInput)
    .mutation(({ ctx, input }) => confirmEmailChange(ctx.deps, ctx.auth.user.id, ctx.auth.sessionId, input, ctx)),
  stats: authedProcedure.query(({ ctx }) => accountStats(ctx.deps, ctx.auth.user.id)),
  setTwoFactor: authedProcedure
    .input(v.object({ enabled: v.boolean() }))
    .mutation(({ ctx, input }) => setTwoFactor(ctx.deps, ctx.auth.user.id, input.enabled)),
});
