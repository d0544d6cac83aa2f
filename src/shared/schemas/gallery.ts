/** Gallery inputs. "all" (or nothing) means every category. */
import * as v from "valibot";
import { GALLERY_CATEGORIES } from "../constants.ts";

export const galleryQuery = v.object({
  category: v.pipe(
    v.optional(v.union([v.picklist(GALLERY_CATEGORIES), v.literal("all"), v.literal("")], "Unknown category"), "all"),
    v.transform((c) => (c === "all" || c === "" ? null : c)),
  ),
});
