/** tRPC procedures of fee plans (issue 19): each programme's instalment days and late fee, raising a term's fees, concessions, fee settings. */
import { router } from "../../trpc.ts";

export const feePlansRouter = router({});
