/** tRPC procedures of the office's fee reports (issue 19): collections, dues and reminders. */
import * as schemas from "../../../shared/schemas/fee-reports.ts";
import { byActor, officeProcedure, router } from "../../trpc.ts";
import { remindOverdue, remindStudent } from "./reminders.service.ts";
import { collections, duesProgrammes, listDues } from "./reports.service.ts";

export const feeReportsRouter = router({
  dues: officeProcedure.input(schemas.duesQuery).query(({ ctx, input }) => listDues(ctx.deps, input)),
  programmes: officeProcedure.query(({ ctx }) => duesProgrammes(ctx.deps)),
  remind: officeProcedure.input(schemas.remindInput).mutation(({ ctx, input }) => remindStudent(ctx.deps, ctx.auth.user.id, input, ctx)),
  remindOverdue: officeProcedure.input(schemas.remindOverdueInput).mutation(byActor(remindOverdue)),
  collections: officeProcedure.input(schemas.collectionsQuery).query(({ ctx, input }) => collections(ctx.deps, input)),
});
