/** tRPC procedures of the student's fees (issue 19): instalments and where they stand, paying by UPI, receipts. */
import { router } from "../../trpc.ts";

export const studentFeesRouter = router({});
