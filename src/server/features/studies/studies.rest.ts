/**
 * REST paths of studies that carry files (tRPC carries none): the office uploads a material's PDF; a student
 * hands in an assignment; materials and submissions are downloaded, each authorised by its service.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { studies as text } from "../../../shared/i18n/studies.ts";
import { materialFileFields, submissionFields } from "../../../shared/schemas/studies.ts";
import { badRequest } from "../../platform/errors.ts";
import { type AppEnv, currentAuth, ok, requestIp, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { submissionFile, submitAssignment } from "./assignments.service.ts";
import { addMaterialFile, materialFile } from "./materials.service.ts";

const idParam = (message: () => string) => v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, message), v.transform(Number)) });

async function formBody(c: { req: { parseBody: () => Promise<unknown> } }): Promise<Record<string, unknown>> {
  try {
    return (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    throw badRequest("The form could not be read. Please try again.");
  }
}

/** A stored PDF, sent to the one reader the service allowed: never cached by a shared cache. */
async function sendPdf(path: string, name: string) {
  const file = Bun.file(path);
  if (!(await file.exists())) return new Response(JSON.stringify({ success: false, message: "Document not found" }), { status: 404 });
  return new Response(file.stream(), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const studiesRest = new Hono<AppEnv>()
  .post("/materials", requireRole("office"), async (c) => {
    const body = await formBody(c);
    const fields = parseInput(materialFileFields, { subjectId: body.subjectId, unitId: body.unitId ?? null, title: body.title });
    return ok(c, await addMaterialFile(c.get("deps"), currentAuth(c).user.id, fields, body.file, { ip: requestIp(c) }), 201);
  })
  .get("/materials/:id/file", requireRole(), async (c) => {
    const { id } = parseInput(idParam(text.m("rule.material")), c.req.param());
    const doc = await materialFile(c.get("deps"), currentAuth(c).user, id);
    return sendPdf(doc.path, doc.name);
  })
  .get("/submissions/:id/file", requireRole(), async (c) => {
    const { id } = parseInput(idParam(text.m("rule.submission")), c.req.param());
    const doc = await submissionFile(c.get("deps"), currentAuth(c).user, id);
    return sendPdf(doc.path, doc.name);
  })
  .post("/assignments/:id/submission", requireRole("student"), async (c) => {
    const { id } = parseInput(idParam(text.m("rule.assignment")), c.req.param());
    const body = await formBody(c);
    const { note } = parseInput(submissionFields, { note: body.note ?? "" });
    return ok(c, await submitAssignment(c.get("deps"), currentAuth(c).user.id, id, note, body.file), 201);
  });
