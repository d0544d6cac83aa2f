/** tRPC procedures of notices and events: the office publishes and lists them; administrators delete; a student reads their board. */
import * as schemas from "../../../shared/schemas/notices.ts";
import { adminProcedure, byActor, byActorOnId, officeProcedure, router, studentProcedure } from "../../trpc.ts";
import { deleteNotice, listNotices, myNoticeBoard, noticeAudiences, publishNotice } from "./notices.service.ts";

export const noticesRouter = router({
  audiences: officeProcedure.query(({ ctx }) => noticeAudiences(ctx.deps)),
  list: officeProcedure.input(schemas.noticeListQuery).query(({ ctx, input }) => listNotices(ctx.deps, input)),
  publish: officeProcedure.input(schemas.noticeForm).mutation(byActor(publishNotice)),
  remove: adminProcedure.input(schemas.noticeIdInput).mutation(byActorOnId(deleteNotice)),
  board: studentProcedure.input(schemas.noticeBoardQuery).query(({ ctx, input }) => myNoticeBoard(ctx.deps, ctx.auth.user.id, input)),
});
