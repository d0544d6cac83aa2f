/** Exams (issue 18): the office's marks file path and the exams tRPC router (mounted through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { adminExamsRest } from "./exams.rest.ts";
import { examsRouter } from "./exams.router.ts";

export const examsFeature = defineFeature({
  rest: [["/api/admin/exams", adminExamsRest]],
  trpc: { exams: examsRouter },
});
