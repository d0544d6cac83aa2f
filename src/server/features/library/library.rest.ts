/**
 * REST paths of the library that carry files (tRPC carries none): the office uploads an e-resource's PDF
 * (a new one, or a replacement); the PDF is downloaded by whoever the service allows.
 */
import { Hono } from "hono";
import { library as text } from "../../../shared/i18n/library.ts";
import { eresourceFields, itemIdInput } from "../../../shared/schemas/library.ts";
import { badRequest } from "../../platform/errors.ts";
import { type AppEnv, currentAuth, ok, requestIp, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { addEresourceFile, eresourceFile, replaceEresourceFile } from "./library.service.ts";

async function formBody(c: { req: { parseBody: () => Promise<unknown> } }): Promise<Record<string, unknown>> {
  try {
    return (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    throw badRequest(text.t("rule.form"));
  }
}

const FIELDS = Object.keys(eresourceFields.entries) as (keyof typeof eresourceFields.entries)[];
const textFields = (body: Record<string, unknown>) =>
  Object.fromEntries(FIELDS.map((f) => [f, typeof body[f] === "string" ? body[f] : undefined])) as Record<string, unknown>;

export const libraryRest = new Hono<AppEnv>()
  .post("/eresources", requireRole("office"), async (c) => {
    const body = await formBody(c);
    const fields = parseInput(eresourceFields, textFields(body));
    return ok(c, await addEresourceFile(c.get("deps"), currentAuth(c).user.id, fields, body.file, { ip: requestIp(c) }), 201);
  })
  .post("/eresources/:id/file", requireRole("office"), async (c) => {
    const { id } = parseInput(itemIdInput, c.req.param());
    const body = await formBody(c);
    return ok(c, await replaceEresourceFile(c.get("deps"), currentAuth(c).user.id, id, body.file, { ip: requestIp(c) }));
  })
  .get("/eresources/:id/file", requireRole(), async (c) => {
    const { id } = parseInput(itemIdInput, c.req.param());
    const doc = await eresourceFile(c.get("deps"), currentAuth(c).user, id);
    const file = Bun.file(doc.path);
    if (!(await file.exists())) return c.json({ success: false, message: text.t("rule.notFound") }, 404);
    return c.body(file.stream(), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
