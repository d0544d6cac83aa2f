/** The public gallery (/gallery) and its viewer; the admin gallery reuses the category names. */
import { GALLERY_CATEGORIES, isOneOf } from "../constants.ts";
import en from "./en/gallery.json";
import { namespace } from "./translate.ts";

export const gallery = namespace("gallery", en, {
  hi: () => import("./hi/site.ts").then((m) => ({ default: m.gallery })),
  mr: () => import("./mr/site.ts").then((m) => ({ default: m.gallery })),
});

/** A stored category in the reader's language (one the list no longer has stays as stored). */
export function categoryName(category: string): string {
  return isOneOf(GALLERY_CATEGORIES, category) ? gallery.t(`category.${category}`) : category;
}

/** The categories as a select's options, labelled in the reader's language. */
export const categoryOptions = () => GALLERY_CATEGORIES.map((value) => ({ value, label: gallery.t(`category.${value}`) }));
