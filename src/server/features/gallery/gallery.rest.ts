/**
 * Gallery REST paths, mounted at /api/gallery. Public: GET / (?category=; also served as GET
 * /api/public/gallery), both read data.images. Admin only (spec part 2 §7): GET /admin, GET /admin/stats,
 * POST /upload (multipart), DELETE /bulk, PUT and DELETE /{id}. /bulk is registered before /{id}.
 */
import { Hono } from "hono";
import * as schemas from "../../../shared/schemas/gallery.ts";
import { badRequest } from "../../platform/errors.ts";
import { type AppContext, type AppEnv, currentAuth, jsonWithPathId, ok, readJson, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import * as service from "./gallery.service.ts";

const idOf = (c: AppContext) => parseInput(schemas.galleryIdInput, { id: c.req.param("id") }).id;
const admin = requireRole("admin");
const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The files (repeated `images`) and their details: `imageDetails` as one JSON array, or repeated with one
 * JSON object per image. A body that is not multipart or cannot be read counts as no files.
 */
async function uploadParts(c: AppContext): Promise<{ files: unknown[]; details: unknown[] }> {
  if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) return { files: [], details: [] };
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    return { files: [], details: [] };
  }
  const files = asList(body.images);
  const raw = asList(body.imageDetails);
  let details: unknown[];
  try {
    const parsed = raw.map((part) => (typeof part === "string" ? (JSON.parse(part) as unknown) : part));
    details = parsed.length === 1 && Array.isArray(parsed[0]) ? parsed[0] : parsed;
  } catch {
    throw badRequest(schemas.GALLERY_MESSAGES.details, { imageDetails: [schemas.GALLERY_MESSAGES.details] });
  }
  return { files, details };
}

export const galleryRest = new Hono<AppEnv>()
  .get("/", async (c) => {
    return ok(c, await service.listPublicGallery(c.get("deps"), parseInput(schemas.galleryQuery, c.req.query())));
  })
  .get("/admin", admin, async (c) =>
    ok(c, await service.listGalleryAdmin(c.get("deps"), parseInput(schemas.galleryAdminQuery, c.req.query()))),
  )
  .get("/admin/stats", admin, async (c) => ok(c, await service.galleryStats(c.get("deps"))))
  .post("/upload", admin, async (c) => {
    const parts = await uploadParts(c);
    return ok(c, await service.uploadGalleryImages(c.get("deps"), currentAuth(c).user.id, parts, requestMeta(c)), 201);
  })
  .delete("/bulk", admin, async (c) => {
    const input = parseInput(schemas.galleryBulkDeleteInput, await readJson(c));
    return ok(c, await service.bulkDeleteGalleryImages(c.get("deps"), currentAuth(c).user.id, input, requestMeta(c)));
  })
  .put("/:id", admin, async (c) => {
    const input = parseInput(schemas.galleryUpdateInput, await jsonWithPathId(c));
    return ok(c, await service.updateGalleryImage(c.get("deps"), currentAuth(c).user.id, input, requestMeta(c)));
  })
  .delete("/:id", admin, async (c) =>
    ok(c, await service.deleteGalleryImage(c.get("deps"), currentAuth(c).user.id, idOf(c), requestMeta(c))),
  );
