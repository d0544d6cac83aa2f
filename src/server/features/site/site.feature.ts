/** The site feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { publicRest } from "./public.rest.ts";
import { siteRouter } from "./site.router.ts";

export const siteFeature = defineFeature({
  rest: [["/api/public", publicRest]],
  trpc: { site: siteRouter },
});
