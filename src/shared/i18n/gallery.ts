/** The public gallery (/gallery) and its viewer; the admin gallery reuses the category names. */
import en from "./en/gallery.json";
import { namespace } from "./translate.ts";

export const gallery = namespace("gallery", en, { hi: () => import("./hi/gallery.json"), mr: () => import("./mr/gallery.json") });
