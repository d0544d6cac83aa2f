/** Studies (issue 18): the REST paths that carry files and the tRPC router (mounted through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { studiesRest } from "./studies.rest.ts";
import { studiesRouter } from "./studies.router.ts";

export const studiesFeature = defineFeature({
  rest: [["/api/studies", studiesRest]],
  trpc: { studies: studiesRouter },
});
