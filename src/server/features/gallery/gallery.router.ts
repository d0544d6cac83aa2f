/** tRPC procedures for the gallery (upload is REST only: it carries files). */
import * as schemas from "../../../shared/schemas/gallery.ts";
import { adminProcedure, byActor, byActorOnId, router, sitePublicProcedure } from "../../trpc.ts";
import * as service from "./gallery.service.ts";

export const galleryRouter = router({
  publicList: sitePublicProcedure.input(schemas.galleryQuery).query(({ ctx, input }) => service.listPublicGallery(ctx.deps, input)),

  adminList: adminProcedure.input(schemas.galleryAdminQuery).query(({ ctx, input }) => service.listGalleryAdmin(ctx.deps, input)),
  adminStats: adminProcedure.query(({ ctx }) => service.galleryStats(ctx.deps)),
  update: adminProcedure.input(schemas.galleryUpdateInput).mutation(byActor(service.updateGalleryImage)),
  remove: adminProcedure.input(schemas.galleryIdInput).mutation(byActorOnId(service.deleteGalleryImage)),
  bulkRemove: adminProcedure.input(schemas.galleryBulkDeleteInput).mutation(byActor(service.bulkDeleteGalleryImages)),
});
