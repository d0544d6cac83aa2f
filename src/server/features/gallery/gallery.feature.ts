/** The gallery feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { galleryRest } from "./gallery.rest.ts";
import { galleryRouter } from "./gallery.router.ts";

export const galleryFeature = defineFeature({
  rest: [["/api/gallery", galleryRest]],
  trpc: { gallery: galleryRouter },
});
