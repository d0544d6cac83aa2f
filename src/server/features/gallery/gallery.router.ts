/** tRPC procedures for the gallery (upload is REST only: it carries files). */
import {
  galleryAdminQuery,
  galleryBulkDeleteInput,
  galleryIdInput,
  galleryQuery,
  galleryUpdateInput,
} from "../../../shared/schemas/gallery.ts";
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
  publicList: sitePublicProcedure.input(galleryQuery).query(({ ctx, input }) => listPublicGallery(ctx.deps, input)),

  adminList: adminProcedure.input(galleryAdminQuery).query(({ ctx, input }) => listGalleryAdmin(ctx.deps, input)),
  adminStats: adminProcedure.query(({ ctx }) => galleryStats(ctx.deps)),
  update: adminProcedure.input(galleryUpdateInput).mutation(({ ctx, input }) => updateGalleryImage(ctx.deps, ctx.auth.user.id, input, ctx)),
  remove: adminProcedure.input(galleryIdInput).mutation(({ ctx, input }) => deleteGalleryImage(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  bulkRemove: adminProcedure
    .input(galleryBulkDeleteInput)
    .mutation(({ ctx, input }) => bulkDeleteGalleryImages(ctx.deps, ctx.auth.user.id, input, ctx)),
});
