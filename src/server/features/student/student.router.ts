/** tRPC procedures of the student portal and the public ID-card check (the photo upload is REST only: it carries a file). */
import * as schemas from "../../../shared/schemas/student.ts";
import { authedProcedure, byActor, publicProcedure, router, studentProcedure } from "../../trpc.ts";
import { changePassword } from "../auth/account.service.ts";
import { studentDashboard } from "./dashboard.service.ts";
import { getIdCard, idCardQrSvg, verifyIdCard } from "./id-card.service.ts";
import { getStudentSettings, updatePrivacySettings, updateStudentSettings } from "./preferences.service.ts";
import { getOwnProfile, getStudentById, updateOwnStudentProfile } from "./profile.service.ts";

export const studentRouter = router({
  profile: studentProcedure.query(({ ctx }) => getOwnProfile(ctx.deps, ctx.auth.user.id)),
  updateProfile: studentProcedure.input(schemas.studentProfileInput).mutation(byActor(updateOwnStudentProfile)),
  idCard: studentProcedure.query(({ ctx }) => getIdCard(ctx.deps, ctx.auth.user.id)),
  /** The twin of GET /student/id-card/qr.svg: `{ svg, verifyUrl }`. */
  idCardQr: studentProcedure.query(({ ctx }) => idCardQrSvg(ctx.deps, ctx.auth.user.id)),
  settings: studentProcedure.query(({ ctx }) => getStudentSettings(ctx.deps, ctx.auth.user.id)),
  updateSettings: studentProcedure.input(schemas.notificationSettingsInput).mutation(byActor(updateStudentSettings)),
  updatePrivacy: studentProcedure
    .input(schemas.privacySettingsInput)
    .mutation(({ ctx, input }) => updatePrivacySettings(ctx.deps, ctx.auth.user.id, input)),
  changePassword: studentProcedure
    .input(schemas.studentChangePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.auth.user.id, ctx.auth.sessionId, input, ctx)),
  dashboard: studentProcedure.query(({ ctx }) => studentDashboard(ctx.deps, ctx.auth.user.id)),
  byId: authedProcedure.input(schemas.studentByIdInput).query(({ ctx, input }) => getStudentById(ctx.deps, ctx.auth, input.id)),
});

export const verifyRouter = router({
  card: publicProcedure.input(schemas.verifyCardInput).query(({ ctx, input }) => verifyIdCard(ctx.deps, input.token)),
});
