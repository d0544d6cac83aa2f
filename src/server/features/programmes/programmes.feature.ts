/** The programmes catalogue's REST paths (syllabus files) and tRPC router (mounted through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { adminProgrammeRest, publicProgrammeRest } from "./programmes.rest.ts";
import { programmesRouter } from "./programmes.router.ts";

export const programmesFeature = defineFeature({
  rest: [
    ["/api/programmes", publicProgrammeRest],
    ["/api/admin/programmes", adminProgrammeRest],
  ],
  trpc: { programmes: programmesRouter },
});
