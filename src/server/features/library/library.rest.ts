/**
 * REST paths of the library that carry files (tRPC carries none): the office uploads an e-resource's PDF
 * (a new one, or a replacement); the PDF is downloaded by whoever the service allows.
 */
import { Hono } from "hono";
import { eresourceFields, itemIdInput } from "../../../shared/schemas/library.ts";
import { type AppEnv, currentAuth, ok, readForm, requestMeta, requireRole, sendStoredFile } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { addEresourceFile, eresourceFile, replaceEresourceFile } from "./library.service.ts";

const FIELDS = Object.keys(eresourceFields.entries) as (keyof typeof eresourceFields.entries)[];
const textFields = (body: Record<string, unknown>) =>
  Object.fromEntries(FIELDS.map((f) => [f, typeof body[f] === "string" ? body[f] : undefined])) as Record<string, unknown>;

export const libraryRest = new Hono<AppEnv>()
  .post("/eresources", requireRole("office"), async (c) => {
    const body = await readForm(c);
    const fields = parseInput(eresourceFields, textFields(body));
    return ok(c, await addEresourceFile(c.get("deps"), currentAuth(c).user.id, fields, body.file, requestMeta(c)), 201);
  })
  .post("/eresources/:id/file", requireRole("office"), async (c) => {
    const { id } = parseInput(itemIdInput, c.req.param());
    const body = await readForm(c);
    return ok(c, await replaceEresourceFile(c.get("deps"), currentAuth(c).user.id, id, body.file, requestMeta(c)));
  })
  .get("/eresources/:id/file", requireRole(), async (c) => {
    const { id } = parseInput(itemIdInput, c.req.param());
    return sendStoredFile(c, await eresourceFile(c.get("deps"), currentAuth(c).user, id), { disposition: "attachment" });
  });
