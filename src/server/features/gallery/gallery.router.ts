/** tRPC procedures for the gallery (upload is REST only: it carries files). */
import * as schemas from "../../../shared/schemas/gallery.ts";
import { adminProcedure, router, sitePublicProcedure } from "../../trpc.ts";
import {
  bulkDeleteGalleryImages,
  deleteGalleryImage,
  galleryStats,
  listGalleryAdmin,
  listPublicGallery,
  updateGalleryImage,
} from "./gallery.service.ts";

export const galleryRouter = router({
  publicList: sitePublicProcedure.input(schemas.galleryQuery).query(({ ctx, input }) => listPublicGallery(ctx.deps, input)),

  adminList: adminProcedure.input(schemas.galleryAdminQuery).query(({ ctx, input }) => listGalleryAdmin(ctx.deps, input)),
  adminStats: adminProcedure.query(({ ctx }) => galleryStats(ctx.deps)),
  update: adminProcedure
    .input(schemas.galleryUpdateInput)
    .mutation(({ ctx, input }) => updateGalleryImage(ctx.deps, ctx.auth.user.id, input, ctx)),
  remove: adminProcedure
    .input(schemas.galleryIdInput)
    .mutation(({ ctx, input }) => deleteGalleryImage(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  bulkRemove: adminProcedure
    .input(schemas.galleryBulkDeleteInput)
    .mutation(({ ctx, input }) => bulkDeleteGalleryImages(ctx.deps, ctx.auth.user.id, input, ctx)),
});
