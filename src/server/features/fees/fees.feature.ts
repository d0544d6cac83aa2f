/** Fees (issue 19): the REST paths that carry files and the tRPC routers, by audience and job (mounted through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { feeDeskRouter } from "./desk.router.ts";
import { studentFeesRouter } from "./fees.router.ts";
import { feePlansRouter } from "./plans.router.ts";
import { feeReportsRouter } from "./reports.router.ts";

export const feesFeature = defineFeature({
  rest: [],
  trpc: { fees: studentFeesRouter, feeDesk: feeDeskRouter, feeReports: feeReportsRouter, feePlans: feePlansRouter },
});
