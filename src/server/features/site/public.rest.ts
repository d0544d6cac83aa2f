/**
 * The public site's REST paths under /api/public (spec part 1 §7). Maintenance mode closes them
 * (route-policies.ts), but not /api/public/admin/contacts (spec part 2 §7, in contacts/contacts.rest.ts).
 */
import { Hono } from "hono";
import { contactInput } from "../../../shared/schemas/contact.ts";
import { galleryQuery } from "../../../shared/schemas/gallery.ts";
import { type AppEnv, ok, readJson, requestMeta } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { submitContact } from "../contacts/contacts.service.ts";
import { listPublicGallery } from "../gallery/gallery.service.ts";
import { getInstituteInfo, listNews } from "./site.service.ts";

export const publicRest = new Hono<AppEnv>()
  .get("/institute-info", async (c) => ok(c, await getInstituteInfo(c.get("deps"))))
  .get("/news", async (c) => ok(c, await listNews(c.get("deps"))))
  .get("/gallery", async (c) => ok(c, await listPublicGallery(c.get("deps"), parseInput(galleryQuery, c.req.query()))))
  .post("/contact", async (c) => {
    const input = parseInput(contactInput, await readJson(c));
    return ok(c, await submitContact(c.get("deps"), input, requestMeta(c)), 201);
  });
