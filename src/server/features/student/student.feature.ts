/** The student feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { studentRest, verifyRest } from "./student.rest.ts";
import { studentRouter, verifyRouter } from "./student.router.ts";

export const studentFeature = defineFeature({
  rest: [
    ["/api/public/verify", verifyRest],
    ["/api/student", studentRest],
  ],
  trpc: { student: studentRouter, verify: verifyRouter },
});
