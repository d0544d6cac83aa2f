/** tRPC procedures for login, the current user and logout; thin over auth.service. */
import { adminLoginInput, studentLoginInput } from "../../../shared/schemas/auth.ts";
import { authedProcedure, publicProcedure, router } from "../../trpc.ts";
import { loginAdmin, loginStudent, logout, toPublicUser } from "./auth.service.ts";

export const authRouter = router({
  adminLogin: publicProcedure
    .input(adminLoginInput)
    .mutation(({ ctx, input }) => loginAdmin(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent })),
  studentLogin: publicProcedure
    .input(studentLoginInput)
    .mutation(({ ctx, input }) => loginStudent(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent })),
  me: authedProcedure.query(({ ctx }) => ({ user: toPublicUser(ctx.auth.user) })),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.auth.sessionId);
    return { loggedOut: true };
  }),
});
