/** The brochure PDF: its public download and the administrators' upload (multipart: tRPC carries no files). */
import { Hono } from "hono";
import { type AppEnv, currentAuth, ok, readForm, requestMeta, requireRole, sendStoredFile } from "../../platform/http.ts";
import { brochureFile, storeBrochure } from "./content.service.ts";

export const publicBrochureRest = new Hono<AppEnv>().get("/", async (c) => {
  return sendStoredFile(c, await brochureFile(c.get("deps")), { cacheControl: "public, max-age=300" });
});

export const adminContentRest = new Hono<AppEnv>().use(requireRole("admin")).post("/brochure", async (c) => {
  const body = await readForm(c);
  return ok(c, await storeBrochure(c.get("deps"), currentAuth(c).user.id, body.brochure, requestMeta(c)));
});
