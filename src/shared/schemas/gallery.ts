/** Gallery inputs: the public filter and Gallery Management (list, upload details, edit, delete). "all" (or nothing) means every category. */
import * as v from "valibot";
import { GALLERY_CATEGORIES } from "../constants.ts";
import { pageParams, recordId } from "./common.ts";

export type GalleryCategoryName = (typeof GALLERY_CATEGORIES)[number];

/** Upload default (spec part 2 §9). */
export const GALLERY_DEFAULT_CATEGORY: GalleryCategoryName = "Campus";
export const GALLERY_TITLE_MAX = 120;
export const GALLERY_DESCRIPTION_MAX = 500;
/** Files in one upload request; the request body limit of /api/gallery/upload is sized for it. */
export const GALLERY_UPLOAD_MAX_FILES = 20;
/** Images in one bulk delete. */
export const GALLERY_BULK_MAX = 200;
/** The management grid loads this many images per page unless asked otherwise. */
export const GALLERY_ADMIN_PAGE_SIZE = 60;
/** Larger pictures are refused before they are decoded, so one upload cannot tie up the server. */
export const GALLERY_MAX_MEGAPIXELS = 50;

export const GALLERY_MESSAGES = {
  titleRequired: "Please enter a title for the image",
  category: "Please choose a category from the list",
  isActive: "Active must be true or false",
  notFound: "Image not found",
  noFiles: "Please choose at least one image to upload",
  tooManyFiles: `You can upload at most ${GALLERY_UPLOAD_MAX_FILES} images at a time`,
  details: "The image details must be a list with a title and category for each image, in the same order",
  noFile: "Please choose an image file",
  tooManyPixels: `This picture is larger than ${GALLERY_MAX_MEGAPIXELS} megapixels. Please choose a smaller one.`,
  notProcessed: "This file could not be processed as an image. Please choose another file.",
  noneUploaded: "None of the images could be uploaded",
  noneSelected: "Please select at least one image",
  tooManySelected: `You can delete at most ${GALLERY_BULK_MAX} images at a time`,
  uploaded: (n: number) => `${n} ${n === 1 ? "image" : "images"} uploaded successfully`,
  updated: "Image updated successfully",
  deleted: "Image deleted successfully",
  bulkDeleted: (n: number) => `${n} ${n === 1 ? "image" : "images"} deleted successfully`,
  // What the screen shows when a call fails without a message of its own (spec part 2 §8).
  loadFailed: "Failed to fetch gallery images",
  uploadFailed: "Failed to upload images",
  updateFailed: "Failed to update image",
  deleteFailed: "Failed to delete image",
  bulkDeleteFailed: "Failed to delete images",
} as const;

const categoryFilter = v.pipe(
  v.optional(v.union([v.picklist(GALLERY_CATEGORIES), v.literal("all"), v.literal("")], "Unknown category"), "all"),
  v.transform((c) => (c === "all" || c === "" ? null : c)),
);

/** The public gallery shows this many photos at a time, with "Show more photos" for the next ones. */
export const PUBLIC_GALLERY_PAGE_SIZE = 24;
export const PUBLIC_GALLERY_MAX_LIMIT = 60;

/** GET /api/gallery and /api/public/gallery (?category=&page=&limit=); gallery.publicList. */
export const galleryQuery = v.object({
  category: categoryFilter,
  page: pageParams(PUBLIC_GALLERY_PAGE_SIZE, PUBLIC_GALLERY_MAX_LIMIT).page,
  limit: pageParams(PUBLIC_GALLERY_PAGE_SIZE, PUBLIC_GALLERY_MAX_LIMIT).limit,
});
export type GalleryQuery = v.InferOutput<typeof galleryQuery>;

export const GALLERY_STATUS_FILTERS = ["all", "active", "inactive"] as const;

/** GET /api/gallery/admin: search (title and description), category, active state, page. */
export const galleryAdminQuery = v.object({
  ...pageParams(GALLERY_ADMIN_PAGE_SIZE, GALLERY_BULK_MAX),
  category: categoryFilter,
  status: v.optional(v.picklist(GALLERY_STATUS_FILTERS, "Unknown status"), "all"),
});
export type GalleryAdminQuery = v.InferOutput<typeof galleryAdminQuery>;

const title = v.pipe(
  v.string(GALLERY_MESSAGES.titleRequired),
  v.trim(),
  v.nonEmpty(GALLERY_MESSAGES.titleRequired),
  v.maxLength(GALLERY_TITLE_MAX, `The title must be at most ${GALLERY_TITLE_MAX} characters`),
);
const description = v.pipe(
  v.nullish(v.string(), ""),
  v.trim(),
  v.maxLength(GALLERY_DESCRIPTION_MAX, `The description must be at most ${GALLERY_DESCRIPTION_MAX} characters`),
);
const category = v.picklist(GALLERY_CATEGORIES, GALLERY_MESSAGES.category);

/** One entry of the upload's imageDetails, in the order of the files. A blank category is the default one. */
export const galleryImageDetails = v.object(
  {
    title: v.pipe(v.optional(v.string(GALLERY_MESSAGES.titleRequired), ""), title),
    category: v.pipe(
      v.nullish(v.string(GALLERY_MESSAGES.category), ""),
      v.transform((c) => c.trim() || GALLERY_DEFAULT_CATEGORY),
      category,
    ),
    description,
  },
  GALLERY_MESSAGES.details,
);
export type GalleryImageDetails = v.InferOutput<typeof galleryImageDetails>;

const imageId = recordId(GALLERY_MESSAGES.notFound);

export const galleryIdInput = v.object({ id: imageId });

/** PUT /api/gallery/{id}: the fields sent are changed, the others kept; a blank description clears it. */
export const galleryUpdateInput = v.object({
  id: imageId,
  title: v.optional(title),
  description: v.optional(description),
  category: v.optional(category),
  isActive: v.optional(v.boolean(GALLERY_MESSAGES.isActive)),
});
export type GalleryUpdateInput = v.InferOutput<typeof galleryUpdateInput>;

/** DELETE /api/gallery/bulk. */
export const galleryBulkDeleteInput = v.object({
  imageIds: v.pipe(
    v.array(imageId, GALLERY_MESSAGES.noneSelected),
    v.minLength(1, GALLERY_MESSAGES.noneSelected),
    v.maxLength(GALLERY_BULK_MAX, GALLERY_MESSAGES.tooManySelected),
  ),
});
export type GalleryBulkDeleteInput = v.InferOutput<typeof galleryBulkDeleteInput>;
