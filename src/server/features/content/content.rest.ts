/** The brochure PDF: its public download and the administrators' upload (multipart: tRPC carries no files). */
import { Hono } from "hono";
import { badRequest } from "../../platform/errors.ts";
import { type AppEnv, currentAuth, ok, requestIp, requireRole } from "../../platform/http.ts";
import { brochureFile, storeBrochure } from "./content.service.ts";

export const publicBrochureRest = new Hono<AppEnv>().get("/", async (c) => {
  const doc = await brochureFile(c.get("deps"));
  const file = Bun.file(doc.path);
  if (!(await file.exists())) return c.json({ success: false, message: "Document not found" }, 404);
  return c.body(file.stream(), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
    "Cache-Control": "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
  });
});

export const adminContentRest = new Hono<AppEnv>().use(requireRole("admin")).post("/brochure", async (c) => {
  let body: Record<string, unknown>;
  try {
    body = (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    throw badRequest("The form could not be read. Please try again.");
  }
  return ok(c, await storeBrochure(c.get("deps"), currentAuth(c).user.id, body.brochure, { ip: requestIp(c) }));
});
