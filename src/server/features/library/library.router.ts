/** tRPC procedures of the library (issue 18): the office keeps the catalogue and lends books; the student reads their loans and the catalogue. */
import * as schemas from "../../../shared/schemas/library.ts";
import { byActor, byActorOnId, officeProcedure, router, studentProcedure } from "../../trpc.ts";
import { createItem, libraryOverview, listItems, setItemArchived, studentCatalogue, updateItem } from "./library.service.ts";
import { issueLoan, listLoans, myHistory, myLoans, renewLoan, returnLoan } from "./loans.service.ts";

export const libraryRouter = router({
  overview: officeProcedure.query(({ ctx }) => libraryOverview(ctx.deps)),
  items: officeProcedure.input(schemas.itemListQuery).query(({ ctx, input }) => listItems(ctx.deps, input)),
  create: officeProcedure.input(schemas.itemCreateInput).mutation(byActor(createItem)),
  update: officeProcedure.input(schemas.itemUpdateInput).mutation(byActor(updateItem)),
  setArchived: officeProcedure.input(schemas.itemArchiveInput).mutation(byActor(setItemArchived)),
  loans: officeProcedure.input(schemas.loanListQuery).query(({ ctx, input }) => listLoans(ctx.deps, input)),
  issue: officeProcedure.input(schemas.issueInput).mutation(byActor(issueLoan)),
  returnLoan: officeProcedure.input(schemas.loanIdInput).mutation(byActorOnId(returnLoan)),
  renew: officeProcedure.input(schemas.loanIdInput).mutation(byActorOnId(renewLoan)),
  mine: studentProcedure.query(({ ctx }) => myLoans(ctx.deps, ctx.auth.user.id)),
  // The student's own loans only: the service looks the loan up among theirs.
  renewMine: studentProcedure
    .input(schemas.loanIdInput)
    .mutation(({ ctx, input }) => renewLoan(ctx.deps, ctx.auth.user.id, input.id, ctx, { borrower: ctx.auth.user.id })),
  history: studentProcedure.input(schemas.historyQuery).query(({ ctx, input }) => myHistory(ctx.deps, ctx.auth.user.id, input)),
  catalogue: studentProcedure.input(schemas.catalogueQuery).query(({ ctx, input }) => studentCatalogue(ctx.deps, ctx.auth.user.id, input)),
});
