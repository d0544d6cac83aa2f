/** The library (issue 18): the REST paths that carry e-resource files and the tRPC router (mounted through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { libraryRest } from "./library.rest.ts";
import { libraryRouter } from "./library.router.ts";

export const libraryFeature = defineFeature({
  rest: [["/api/library", libraryRest]],
  trpc: { library: libraryRouter },
});
