/**
 * REST paths of the programmes catalogue that carry files: the public syllabus download and the
 * administrators' syllabus upload (multipart; tRPC carries no files).
 */
import { Hono } from "hono";
import * as v from "valibot";
import { programmeSlugInput } from "../../../shared/schemas/programmes.ts";
import { badRequest } from "../../platform/errors.ts";
import { type AppEnv, currentAuth, ok, requestIp, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { storeSyllabus, syllabusOf } from "./programmes.service.ts";

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "Unknown programme"), v.transform(Number)) });

export const publicProgrammeRest = new Hono<AppEnv>().get("/:slug/syllabus", async (c) => {
  const { slug } = parseInput(programmeSlugInput, { slug: c.req.param("slug") });
  const doc = await syllabusOf(c.get("deps"), slug);
  const file = Bun.file(doc.path);
  if (!(await file.exists())) return c.json({ success: false, message: "Document not found" }, 404);
  return c.body(file.stream(), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
    "Cache-Control": "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
  });
});

export const adminProgrammeRest = new Hono<AppEnv>().use(requireRole("admin")).post("/:id/syllabus", async (c) => {
  const { id } = parseInput(idParam, c.req.param());
  let body: Record<string, unknown>;
  try {
    body = (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    throw badRequest("The form could not be read. Please try again.");
  }
  return ok(c, await storeSyllabus(c.get("deps"), currentAuth(c).user.id, id, body.syllabus, { ip: requestIp(c) }));
});
