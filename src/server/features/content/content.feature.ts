/** The institute's site content: the brochure's REST paths and the tRPC router (mounted through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { adminContentRest, publicBrochureRest } from "./content.rest.ts";
import { contentRouter } from "./content.router.ts";

export const contentFeature = defineFeature({
  rest: [
    ["/api/public/brochure", publicBrochureRest],
    ["/api/admin/content", adminContentRest],
  ],
  trpc: { content: contentRouter },
});
