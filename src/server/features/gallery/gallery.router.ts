import { galleryQuery } from "../../../shared/schemas/gallery.ts";
import { router, sitePublicProcedure } from "../../trpc.ts";
import { listPublicGallery } from "./gallery.service.ts";

export const galleryRouter = router({
  publicList: sitePublicProcedure.input(galleryQuery).query(({ ctx, input }) => listPublicGallery(ctx.deps, input.category)),
});
