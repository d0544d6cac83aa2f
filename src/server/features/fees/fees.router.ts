/**
 * tRPC procedures of the student's fees (issue 19): instalments and where they stand, paying by UPI, the
 * transfers reported and the receipts. "I have paid" carries a screenshot, so it is REST (fees.rest.ts).
 * A receipt is read by its student or by the office (the service decides; anyone else gets 404).
 */
import * as schemas from "../../../shared/schemas/fees.ts";
import { authedProcedure, router, studentProcedure } from "../../trpc.ts";
import * as service from "./student-fees.service.ts";

export const studentFeesRouter = router({
  mine: studentProcedure.query(({ ctx }) => service.myFees(ctx.deps, ctx.auth.user.id)),
  transfers: studentProcedure
    .input(schemas.myFeeListQuery)
    .query(({ ctx, input }) => service.myTransfers(ctx.deps, ctx.auth.user.id, input)),
  receipts: studentProcedure.input(schemas.myFeeListQuery).query(({ ctx, input }) => service.myReceipts(ctx.deps, ctx.auth.user.id, input)),
  upi: studentProcedure
    .input(schemas.instalmentIdInput)
    .query(({ ctx, input }) => service.upiPayment(ctx.deps, ctx.auth.user.id, input.instalmentId)),
  receipt: authedProcedure.input(schemas.receiptIdInput).query(({ ctx, input }) => service.receiptFor(ctx.deps, ctx.auth.user, input.id)),
});
