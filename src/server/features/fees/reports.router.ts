/** tRPC procedures of the office's fee reports (issue 19): collections, dues and reminders. */
import { router } from "../../trpc.ts";

export const feeReportsRouter = router({});
