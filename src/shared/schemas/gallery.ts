/** Gallery inputs: the public filter and Gallery Management (list, upload details, edit, delete). "all" (or nothing) means every category. */
import * as v from "valibot";
import { GALLERY_CATEGORIES } from "../constants.ts";
import { media } from "../i18n/media.ts";
import { labelsOf } from "../i18n/translate.ts";
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

const LIMITS = { files: GALLERY_UPLOAD_MAX_FILES, bulk: GALLERY_BULK_MAX };
const MESSAGE_KEYS = [
  "titleRequired",
  "category",
  "isActive",
  "notFound",
  "noFiles",
  "tooManyFiles",
  "details",
  "noFile",
  "notProcessed",
  "noneUploaded",
  "noneSelected",
  "tooManySelected",
  "updated",
  "deleted",
  // What the screen shows when a call fails without a message of its own (spec part 2 §8).
  "loadFailed",
  "uploadFailed",
  "updateFailed",
  "deleteFailed",
  "bulkDeleteFailed",
] as const;

/** The gallery's messages, in the reader's language at each use. */
export const GALLERY_MESSAGES = labelsOf(MESSAGE_KEYS, (key) => media.t(`msg.${key}`, LIMITS));
export const galleryUploaded = (count: number) => media.t("msg.uploaded", { count });
export const galleryBulkDeleted = (count: number) => media.t("msg.bulkDeleted", { count });
/** A rule's message for the schemas below (valibot reads it when the rule fails). */
const rule = (key: (typeof MESSAGE_KEYS)[number]) => media.m(`msg.${key}`, LIMITS);

const categoryFilter = v.pipe(
  v.optional(v.union([v.picklist(GALLERY_CATEGORIES), v.literal("all"), v.literal("")], media.m("msg.unknownCategory")), "all"),
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

export const GALLERY_STATUS_FILTERS = ["all", "active", "inactive"] as const;

/** GET /api/gallery/admin: search (title and description), category, active state, page. */
export const galleryAdminQuery = v.object({
  ...pageParams(GALLERY_ADMIN_PAGE_SIZE, GALLERY_BULK_MAX),
  category: categoryFilter,
  status: v.optional(v.picklist(GALLERY_STATUS_FILTERS, media.m("msg.unknownStatus")), "all"),
});
export type GalleryAdminQuery = v.InferOutput<typeof galleryAdminQuery>;

const title = v.pipe(
  v.string(rule("titleRequired")),
  v.trim(),
  v.nonEmpty(rule("titleRequired")),
  v.maxLength(GALLERY_TITLE_MAX, media.m("msg.titleTooLong", { max: GALLERY_TITLE_MAX })),
);
const description = v.pipe(
  v.nullish(v.string(), ""),
  v.trim(),
  v.maxLength(GALLERY_DESCRIPTION_MAX, media.m("msg.descriptionTooLong", { max: GALLERY_DESCRIPTION_MAX })),
);
const category = v.picklist(GALLERY_CATEGORIES, rule("category"));

/** One entry of the upload's imageDetails, in the order of the files. A blank category is the default one. */
export const galleryImageDetails = v.object(
  {
    title: v.pipe(v.optional(v.string(rule("titleRequired")), ""), title),
    category: v.pipe(
      v.nullish(v.string(rule("category")), ""),
      v.transform((c) => c.trim() || GALLERY_DEFAULT_CATEGORY),
      category,
    ),
    description,
  },
  rule("details"),
);
export type GalleryImageDetails = v.InferOutput<typeof galleryImageDetails>;

const imageId = recordId(rule("notFound"));

export const galleryIdInput = v.object({ id: imageId });

/** PUT /api/gallery/{id}: the fields sent are changed, the others kept; a blank description clears it. */
export const galleryUpdateInput = v.object({
  id: imageId,
  title: v.optional(title),
  description: v.optional(description),
  category: v.optional(category),
  isActive: v.optional(v.boolean(rule("isActive"))),
});
export type GalleryUpdateInput = v.InferOutput<typeof galleryUpdateInput>;

/** DELETE /api/gallery/bulk. */
export const galleryBulkDeleteInput = v.object({
  imageIds: v.pipe(
    v.array(imageId, rule("noneSelected")),
    v.minLength(1, rule("noneSelected")),
    v.maxLength(GALLERY_BULK_MAX, rule("tooManySelected")),
  ),
});
export type GalleryBulkDeleteInput = v.InferOutput<typeof galleryBulkDeleteInput>;
