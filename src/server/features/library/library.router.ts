/** tRPC procedures of the library (issue 18): the office keeps the catalogue and lends books; the student reads their loans and the catalogue. */
import * as schemas from "../../../shared/schemas/library.ts";
import { officeProcedure, router, studentProcedure } from "../../trpc.ts";
import { createItem, libraryOverview, listItems, setItemArchived, studentCatalogue, updateItem } from "./library.service.ts";
import { issueLoan, listLoans, myHistory, myLoans, returnLoan } from "./loans.service.ts";

export const libraryRouter = router({
  overview: officeProcedure.query(({ ctx }) => libraryOverview(ctx.deps)),
  items: officeProcedure.input(schemas.itemListQuery).query(({ ctx, input }) => listItems(ctx.deps, input)),
  create: officeProcedure.input(schemas.itemCreateInput).mutation(({ ctx, input }) => createItem(ctx.deps, ctx.auth.user.id, input, ctx)),
  update: officeProcedure.input(schemas.itemUpdateInput).mutation(({ ctx, input }) => updateItem(ctx.deps, ctx.auth.user.id, input, ctx)),
  setArchived: officeProcedure
    .input(schemas.itemArchiveInput)
    .mutation(({ ctx, input }) => setItemArchived(ctx.deps, ctx.auth.user.id, input, ctx)),
  loans: officeProcedure.input(schemas.loanListQuery).query(({ ctx, input }) => listLoans(ctx.deps, input)),
  issue: officeProcedure.input(schemas.issueInput).mutation(({ ctx, input }) => issueLoan(ctx.deps, ctx.auth.user.id, input, ctx)),
  returnLoan: officeProcedure
    .input(schemas.loanIdInput)
    .mutation(({ ctx, input }) => returnLoan(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  mine: studentProcedure.query(({ ctx }) => myLoans(ctx.deps, ctx.auth.user.id)),
  history: studentProcedure.input(schemas.historyQuery).query(({ ctx, input }) => myHistory(ctx.deps, ctx.auth.user.id, input)),
  catalogue: studentProcedure.input(schemas.catalogueQuery).query(({ ctx, input }) => studentCatalogue(ctx.deps, ctx.auth.user.id, input)),
});
