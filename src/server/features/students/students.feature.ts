/** The students feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { adminStudentRest } from "./students.rest.ts";
import { studentsRouter } from "./students.router.ts";

export const studentsFeature = defineFeature({
  rest: [["/api/admin/students", adminStudentRest]],
  trpc: { students: studentsRouter },
});
