/** Public gallery paths: GET /api/gallery?category= and GET /api/public/gallery (both read data.images). */
import { Hono } from "hono";
import { galleryQuery } from "../../../shared/schemas/gallery.ts";
import { type AppEnv, ok } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { listPublicGallery } from "./gallery.service.ts";

export const galleryRest = new Hono<AppEnv>().get("/", async (c) => {
  const { category } = parseInput(galleryQuery, c.req.query());
  return ok(c, await listPublicGallery(c.get("deps"), category));
});
