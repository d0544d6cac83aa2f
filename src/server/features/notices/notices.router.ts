/** tRPC procedures of notices and events: the office publishes and lists them; administrators delete. */
import * as schemas from "../../../shared/schemas/notices.ts";
import { adminProcedure, byActor, byActorOnId, officeProcedure, router } from "../../trpc.ts";
import { deleteNotice, listNotices, noticeAudiences, publishNotice } from "./notices.service.ts";

export const noticesRouter = router({
  audiences: officeProcedure.query(({ ctx }) => noticeAudiences(ctx.deps)),
  list: officeProcedure.input(schemas.noticeListQuery).query(({ ctx, input }) => listNotices(ctx.deps, input)),
  publish: officeProcedure.input(schemas.noticeForm).mutation(byActor(publishNotice)),
  remove: adminProcedure.input(schemas.noticeIdInput).mutation(byActorOnId(deleteNotice)),
});
