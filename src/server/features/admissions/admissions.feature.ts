/** The admissions feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { adminAdmissionRest, admissionRest } from "./admissions.rest.ts";
import { admissionsRouter } from "./admissions.router.ts";

export const admissionsFeature = defineFeature({
  rest: [
    ["/api/admission", admissionRest],
    ["/api/admin/admissions", adminAdmissionRest],
  ],
  trpc: { admissions: admissionsRouter },
});
