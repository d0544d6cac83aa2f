/** Fees (issue 19): the REST paths that carry files and the tRPC routers, by audience and job (mounted through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { feeDeskRest } from "./desk.rest.ts";
import { feeDeskRouter } from "./desk.router.ts";
import { studentFeesRest } from "./fees.rest.ts";
import { studentFeesRouter } from "./fees.router.ts";
import { feePlansRouter } from "./plans.router.ts";
import { feeReportsRest } from "./reports.rest.ts";
import { feeReportsRouter } from "./reports.router.ts";

export const feesFeature = defineFeature({
  rest: [
    ["/api/fees", feeDeskRest],
    ["/api/fees", studentFeesRest],
    ["/api/fees/reports", feeReportsRest],
  ],
  trpc: { fees: studentFeesRouter, feeDesk: feeDeskRouter, feeReports: feeReportsRouter, feePlans: feePlansRouter },
});
