/** The photo gallery: active images for the public site, with their web-sized variants. */
import type { GalleryImage } from "../../../../db/schema.ts";
import { GALLERY_CATEGORIES, GALLERY_WIDTHS, galleryVariantUrl } from "../../../shared/constants.ts";
import type { AppDeps } from "../../deps.ts";

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
export type GalleryItem = ReturnType<typeof toGalleryItem>;

export type PublicCategory = (typeof GALLERY_CATEGORIES)[number];

/** Active images, newest first, optionally of one category. */
export async function listPublicGallery(deps: Pick<AppDeps, "db">, category?: PublicCategory | null) {
  let q = deps.db.selectFrom("gallery_images").selectAll().where("is_active", "=", 1);
  if (category) q = q.where("category", "=", category);
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(500).execute();
  return { images: rows.map(toGalleryItem) };
}
