/**
 * The photo gallery: active images for the public site, with their web-sized variants; and Gallery
 * Management for admins — a searchable list with storage figures, batch uploads re-encoded into WebP
 * variants (DECISIONS 12), edits and (bulk) deletes that remove the files too.
 */
import type { Kysely } from "kysely";
import sharp from "sharp";
import * as v from "valibot";
import type { Database, GalleryImage } from "../../../../db/schema.ts";
import { GALLERY_CATEGORIES, GALLERY_WIDTHS, galleryVariantUrl, IMAGE_MAX_MEGAPIXELS } from "../../../shared/constants.ts";
import { media } from "../../../shared/i18n/media.ts";
import type { FieldErrors } from "../../../shared/schemas/common.ts";
import {
  GALLERY_MESSAGES,
  GALLERY_UPLOAD_MAX_FILES,
  type GalleryAdminQuery,
  type GalleryBulkDeleteInput,
  type GalleryImageDetails,
  type GalleryUpdateInput,
  galleryBulkDeleted,
  galleryImageDetails,
  galleryUploaded,
  PUBLIC_GALLERY_PAGE_SIZE,
} from "../../../shared/schemas/gallery.ts";
import type { AppDeps } from "../../deps.ts";
import { audit, changedFields } from "../../platform/audit.ts";
import { countWhere } from "../../platform/counts.ts";
import { randomToken } from "../../platform/crypto.ts";
import { AppError, badRequest, notFound } from "../../platform/errors.ts";
import { type FileStore, fileStore } from "../../platform/file-store.ts";
import { imageTask } from "../../platform/images.ts";
import { newestFirstPage } from "../../platform/paging.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { anyColumnContains } from "../../platform/search.ts";
import { checkUpload, cleanFileName, type FileKind } from "../../platform/uploads.ts";
import type { SessionMeta } from "../auth/auth.service.ts";

/** An image as the screens read it (spec: _id, title, category, description, imageUrl, createdAt). */
export function toGalleryItem(img: GalleryImage) {
  return {
    _id: String(img.id),
    id: img.id,
    title: img.title,
    category: img.category,
    description: img.description,
    imageUrl: galleryVariantUrl(img.file_key, 960),
    thumbnailUrl: galleryVariantUrl(img.file_key, 480),
    srcset: GALLERY_WIDTHS.map((w) => `${galleryVariantUrl(img.file_key, w)} ${w}w`).join(", "),
    width: img.width,
    height: img.height,
    isActive: img.is_active === 1,
    createdAt: img.created_at,
  };
}

/** What Gallery Management reads besides: the edit modal's `image`, the upload date and the stored size. */
export function toAdminGalleryItem(img: GalleryImage) {
  const item = toGalleryItem(img);
  return {
    ...item,
    image: item.imageUrl,
    uploadDate: img.created_at,
    updatedAt: img.updated_at,
    sizeBytes: img.size_bytes,
    uploadedBy: img.uploaded_by,
  };
}

export type PublicCategory = (typeof GALLERY_CATEGORIES)[number];

/**
 * Active images, newest first, optionally of one category, a page at a time, with the figures the
 * page's stats strip shows (every active photo and the categories that have one, whatever the filter).
 */
export async function listPublicGallery(
  deps: Pick<AppDeps, "db">,
  query: { category?: PublicCategory | null; page?: number; limit?: number } = {},
) {
  const category = query.category ?? null;
  const page = query.page ?? 1;
  const limit = query.limit ?? PUBLIC_GALLERY_PAGE_SIZE;
  // Remembered until the next write to the database (platform/read-cache.ts), and so serialized once.
  return cachedRead(deps.db, `gallery:public:${category ?? ""}:${limit}:${page}`, async () => {
    let base = deps.db.selectFrom("gallery_images").where("is_active", "=", 1);
    if (category) base = base.where("category", "=", category);
    const [{ items, pagination }, stats] = await Promise.all([
      newestFirstPage({
        db: deps.db,
        table: "gallery_images",
        base,
        cacheKey: `gallery:public:${category ?? ""}`,
        page,
        limit,
        toItems: (rows: GalleryImage[]) => rows.map(toGalleryItem),
      }),
      publicGalleryStats(deps),
    ]);
    return { images: items, pagination, stats };
  });
}

function publicGalleryStats(deps: Pick<AppDeps, "db">) {
  return cachedRead(deps.db, "gallery:public:stats", async () => {
    const rows = await deps.db
      .selectFrom("gallery_images")
      .select(["category", (eb) => eb.fn.countAll<number>().as("n")])
      .where("is_active", "=", 1)
      .groupBy("category")
      .execute();
    return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), categories: rows.length };
  });
}

// ————— Gallery Management (admin) —————

const UPLOAD_TYPES: readonly FileKind[] = ["jpeg", "png", "webp"];
const MAX_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;
const WEBP_QUALITY = 80;
/** libwebp's effort 2 encodes a photo's variants about three times faster than the default 4, for ~3% larger files. */
const WEBP_EFFORT = 2;

const variantNames = (fileKeys: string[]) => fileKeys.flatMap((key) => GALLERY_WIDTHS.map((w) => `${key}-${w}.webp`));

/** The stat cards, over the whole gallery whatever the list's filters: one aggregate query and one GROUP BY. */
export async function galleryStats(deps: Pick<AppDeps, "db">) {
  const [totals, perCategory] = await Promise.all([
    deps.db
      .selectFrom("gallery_images")
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        countWhere(eb, eb("is_active", "=", 1)).as("active"),
        eb.fn.sum<number>("size_bytes").as("bytes"),
      ])
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("gallery_images")
      .select((eb) => ["category", eb.fn.countAll<number>().as("count")])
      .groupBy("category")
      .execute(),
  ]);
  const totalImages = Number(totals.total);
  const activeImages = Number(totals.active ?? 0);
  const counts = new Map(perCategory.map((r) => [r.category as string, Number(r.count)]));
  return {
    totalImages,
    activeImages,
    inactiveImages: totalImages - activeImages,
    /** every category of the fixed list, in its order, with 0 where it has no image */
    categoryStats: GALLERY_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 })),
    /** bytes of every stored variant */
    storageUsed: Number(totals.bytes ?? 0),
  };
}

/** The management list: newest first, searched, filtered and paginated on the server (DECISIONS 13). */
export async function listGalleryAdmin(deps: Pick<AppDeps, "db">, query: GalleryAdminQuery) {
  let base = deps.db.selectFrom("gallery_images");
  if (query.category) base = base.where("category", "=", query.category);
  if (query.status !== "all") base = base.where("is_active", "=", query.status === "active" ? 1 : 0);
  if (query.search) base = base.where(anyColumnContains(["title", "description"], query.search));
  const [{ items, pagination }, stats] = await Promise.all([
    newestFirstPage({
      db: deps.db,
      table: "gallery_images",
      base,
      cacheKey: `gallery:admin:${query.category ?? ""}:${query.status}:${query.search}`,
      page: query.page,
      limit: query.limit,
      toItems: (rows: GalleryImage[]) => rows.map(toAdminGalleryItem),
    }),
    galleryStats(deps),
  ]);
  return { images: items, stats, pagination };
}

async function findImage(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom("gallery_images").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(GALLERY_MESSAGES.notFound);
  return row;
}

export interface UploadRejection {
  /** position of the file in the request */
  index: number;
  name: string;
  message: string;
}

interface EncodedImage {
  fileKey: string;
  width: number;
  height: number;
  sizeBytes: number;
}

type Variant = { width: number; data: Uint8Array; size: { width: number; height: number } };

/**
 * Checks one file by content, then writes its three WebP variants (turned upright by EXIF, metadata
 * dropped, never enlarged). checkUpload reads the picture's size from its header first, so an image that
 * would decode to hundreds of megapixels is refused before any decoding. Throws AppError with the reason.
 */
async function storeVariants(files: FileStore, upload: unknown): Promise<EncodedImage> {
  // The checks and the three encodes are one image task: files from concurrent uploads take turns
  // (platform/uploads.ts: imageTask), each finished before the next starts, so its memory is freed early.
  const variants = await imageTask(() => encodeVariants(upload));
  const fileKey = randomToken().replace(/[-_]/g, "").slice(0, 24).toLowerCase();
  try {
    for (const variant of variants) await files.write("gallery", `${fileKey}-${variant.width}.webp`, variant.data);
  } catch (err) {
    await files.remove("gallery", variantNames([fileKey]));
    throw err;
  }
  const largest = variants[variants.length - 1]!.size;
  return { fileKey, width: largest.width, height: largest.height, sizeBytes: variants.reduce((sum, x) => sum + x.data.length, 0) };
}

async function encodeVariants(upload: unknown): Promise<Variant[]> {
  if (!(upload instanceof Blob)) throw badRequest(GALLERY_MESSAGES.noFile);
  const file = await checkUpload(upload, { field: "images", label: media.t("msg.thisFile"), allowed: UPLOAD_TYPES });
  if (!file) throw badRequest(GALLERY_MESSAGES.noFile);

  const variants: Variant[] = [];
  try {
    // One variant at a time, each a new pipeline over the same bytes: sharp's clone() copies its input
    // (structuredClone of 5 MB, 10–50 ms on the main thread per variant).
    for (const width of GALLERY_WIDTHS) {
      const { data, info } = await sharp(file.bytes, { failOn: "error", limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width, data, size: { width: info.width, height: info.height } });
    }
  } catch {
    throw badRequest(GALLERY_MESSAGES.notProcessed);
  }
  return variants;
}

const displayName = (upload: unknown, index: number) => cleanFileName(upload instanceof File ? upload.name : "", `image-${index + 1}`);

/**
 * Stores a batch: each file with its details (same order). A file that fails its checks is reported in
 * `rejected` with its own reason while the others are stored; only when none could be stored is the whole
 * request refused (400, reasons in the field errors as `images.<index>`). Files are handled one after the
 * other. The rows and their audit entries are written in one transaction after every file is on disk; if
 * that fails, the files just written are removed.
 */
export async function uploadGalleryImages(
  deps: AppDeps,
  adminId: number,
  input: { files: unknown[]; details: unknown[] },
  meta: SessionMeta = {},
) {
  const { files, details } = input;
  if (files.length === 0) throw badRequest(GALLERY_MESSAGES.noFiles, { images: [GALLERY_MESSAGES.noFiles] });
  if (files.length > GALLERY_UPLOAD_MAX_FILES) throw badRequest(GALLERY_MESSAGES.tooManyFiles, { images: [GALLERY_MESSAGES.tooManyFiles] });
  if (details.length !== files.length) throw badRequest(GALLERY_MESSAGES.details, { imageDetails: [GALLERY_MESSAGES.details] });

  const store = fileStore(deps.env);
  const stored: (EncodedImage & { details: GalleryImageDetails })[] = [];
  const rejected: UploadRejection[] = [];
  try {
    for (const [index, upload] of files.entries()) {
      const name = displayName(upload, index);
      const parsed = v.safeParse(galleryImageDetails, details[index]);
      if (!parsed.success) {
        rejected.push({ index, name, message: parsed.issues[0]?.message ?? GALLERY_MESSAGES.details });
        continue;
      }
      try {
        stored.push({ ...(await storeVariants(store, upload)), details: parsed.output });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        rejected.push({ index, name, message: err.message });
      }
    }
    if (stored.length === 0) {
      const fieldErrors: FieldErrors = Object.fromEntries(rejected.map((r) => [`images.${r.index}`, [`${r.name}: ${r.message}`]]));
      const headline = rejected.length === 1 ? `${rejected[0]!.name}: ${rejected[0]!.message}` : GALLERY_MESSAGES.noneUploaded;
      throw badRequest(headline, fieldErrors);
    }

    const now = deps.now();
    const at = now.toISOString();
    const rows = await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("gallery_images")
        .values(
          stored.map((s) => ({
            title: s.details.title,
            description: s.details.description || null,
            category: s.details.category,
            is_active: 1,
            file_key: s.fileKey,
            width: s.width,
            height: s.height,
            size_bytes: s.sizeBytes,
            uploaded_by: adminId,
            created_at: at,
            updated_at: at,
          })),
        )
        .returningAll()
        .execute();
      for (const row of inserted) {
        await audit(trx, now, {
          actorUserId: adminId,
          action: "gallery.upload",
          entityType: "gallery_image",
          entityId: row.id,
          details: { title: row.title, category: row.category, sizeBytes: row.size_bytes },
          ip: meta.ip,
        });
      }
      return inserted;
    });
    // Keep the order of the request (the insert returns it, but not every engine promises so).
    const byKey = new Map(rows.map((r) => [r.file_key, r]));
    return {
      message: galleryUploaded(rows.length),
      uploaded: stored.map((s) => toAdminGalleryItem(byKey.get(s.fileKey)!)),
      rejected,
    };
  } catch (err) {
    await store.remove("gallery", variantNames(stored.map((s) => s.fileKey)));
    throw err;
  }
}

/** Edit modal: the fields sent change; a blank description clears it. */
export async function updateGalleryImage(deps: AppDeps, adminId: number, input: GalleryUpdateInput, meta: SessionMeta = {}) {
  const current = await findImage(deps.db, input.id);
  const columns: Partial<Pick<GalleryImage, "title" | "description" | "category" | "is_active">> = {};
  if (input.title !== undefined) columns.title = input.title;
  if (input.description !== undefined) columns.description = input.description || null;
  if (input.category !== undefined) columns.category = input.category;
  if (input.isActive !== undefined) columns.is_active = input.isActive ? 1 : 0;
  const changed = changedFields(columns, current);
  if (changed.length === 0) return { message: GALLERY_MESSAGES.updated, image: toAdminGalleryItem(current) };
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("gallery_images")
      .set({ ...columns, updated_at: now.toISOString() })
      .where("id", "=", input.id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound(GALLERY_MESSAGES.notFound);
    await audit(trx, now, {
      actorUserId: adminId,
      action: "gallery.update",
      entityType: "gallery_image",
      entityId: input.id,
      // Which way the visibility went, so the activity log can say "hidden" or "shown" (walk 19a).
      details: { title: updated.title, changed, ...(changed.includes("is_active") ? { shown: updated.is_active === 1 } : {}) },
      ip: meta.ip,
    });
    return updated;
  });
  return { message: GALLERY_MESSAGES.updated, image: toAdminGalleryItem(row) };
}

/** Deletes rows (audited) in one transaction, then their variant files once the deletion is committed. */
async function deleteImages(deps: AppDeps, adminId: number, ids: number[], meta: SessionMeta, bulk: boolean) {
  const now = deps.now();
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx.deleteFrom("gallery_images").where("id", "in", ids).returning(["id", "title", "category", "file_key"]).execute();
    for (const row of rows) {
      await audit(trx, now, {
        actorUserId: adminId,
        action: "gallery.delete",
        entityType: "gallery_image",
        entityId: row.id,
        details: { title: row.title, category: row.category, ...(bulk ? { bulk: true } : {}) },
        ip: meta.ip,
      });
    }
    return rows;
  });
  await fileStore(deps.env).remove("gallery", variantNames(deleted.map((r) => r.file_key)));
  return deleted;
}

export async function deleteGalleryImage(deps: AppDeps, adminId: number, id: number, meta: SessionMeta = {}) {
  const deleted = await deleteImages(deps, adminId, [id], meta, false);
  if (deleted.length === 0) throw notFound(GALLERY_MESSAGES.notFound);
  return { message: GALLERY_MESSAGES.deleted };
}

/** Deletes the selected images; ids that no longer exist are skipped and not counted. */
export async function bulkDeleteGalleryImages(deps: AppDeps, adminId: number, input: GalleryBulkDeleteInput, meta: SessionMeta = {}) {
  const ids = [...new Set(input.imageIds)];
  const deleted = await deleteImages(deps, adminId, ids, meta, true);
  return { message: galleryBulkDeleted(deleted.length), deleted: deleted.length, imageIds: deleted.map((r) => r.id) };
}
