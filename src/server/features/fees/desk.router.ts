/** tRPC procedures of the office's fee desk (issue 19): payments to confirm or reject, recording payments, receipts and cancellations. */
import * as schemas from "../../../shared/schemas/fee-desk.ts";
import { byActor, byActorOnId, officeProcedure, router } from "../../trpc.ts";
import {
  cancelDeskReceipt,
  confirmPending,
  findStudents,
  listReceipts,
  pendingPayments,
  recordDeskPayment,
  rejectPending,
  studentInstalments,
} from "./desk.service.ts";

export const feeDeskRouter = router({
  pending: officeProcedure.input(schemas.pendingListQuery).query(({ ctx, input }) => pendingPayments(ctx.deps, input)),
  confirm: officeProcedure.input(schemas.paymentIdInput).mutation(byActorOnId(confirmPending)),
  reject: officeProcedure
    .input(schemas.rejectPaymentInput)
    .mutation(({ ctx, input }) => rejectPending(ctx.deps, ctx.auth.user.id, input.id, input.reason, ctx)),
  students: officeProcedure.input(schemas.studentSearchQuery).query(({ ctx, input }) => findStudents(ctx.deps, input)),
  instalments: officeProcedure.input(schemas.studentInstalmentsInput).query(({ ctx, input }) => studentInstalments(ctx.deps, input.userId)),
  record: officeProcedure.input(schemas.recordPaymentForm).mutation(byActor(recordDeskPayment)),
  receipts: officeProcedure.input(schemas.receiptListQuery).query(({ ctx, input }) => listReceipts(ctx.deps, input)),
  cancelReceipt: officeProcedure
    .input(schemas.cancelReceiptInput)
    .mutation(({ ctx, input }) => cancelDeskReceipt(ctx.deps, ctx.auth.user.id, input.id, input.reason, ctx)),
});
