/** tRPC procedures of the office's fee desk (issue 19): payments to confirm or reject, recording payments, receipts and cancellations. */
import { router } from "../../trpc.ts";

export const feeDeskRouter = router({});
