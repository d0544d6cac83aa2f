/**
 * REST paths of studies that carry files (tRPC carries none): the office uploads a material's PDF; a student
 * hands in an assignment; materials and submissions are downloaded, each authorised by its service.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { studies as text } from "../../../shared/i18n/studies.ts";
import { recordId } from "../../../shared/schemas/common.ts";
import { materialFileFields, submissionFields } from "../../../shared/schemas/studies.ts";
import { type AppEnv, currentAuth, ok, readForm, requestMeta, requireRole, sendStoredFile } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { submissionFile, submitAssignment } from "./assignments.service.ts";
import { addMaterialFile, materialFile } from "./materials.service.ts";

const idParam = (message: () => string) => v.object({ id: recordId(message) });

export const studiesRest = new Hono<AppEnv>()
  .post("/materials", requireRole("office"), async (c) => {
    const body = await readForm(c);
    const fields = parseInput(materialFileFields, { subjectId: body.subjectId, unitId: body.unitId ?? null, title: body.title });
    return ok(c, await addMaterialFile(c.get("deps"), currentAuth(c).user.id, fields, body.file, requestMeta(c)), 201);
  })
  .get("/materials/:id/file", requireRole(), async (c) => {
    const { id } = parseInput(idParam(text.m("rule.material")), c.req.param());
    return sendStoredFile(c, await materialFile(c.get("deps"), currentAuth(c).user, id));
  })
  .get("/submissions/:id/file", requireRole(), async (c) => {
    const { id } = parseInput(idParam(text.m("rule.submission")), c.req.param());
    return sendStoredFile(c, await submissionFile(c.get("deps"), currentAuth(c).user, id));
  })
  .post("/assignments/:id/submission", requireRole("student"), async (c) => {
    const { id } = parseInput(idParam(text.m("rule.assignment")), c.req.param());
    const body = await readForm(c);
    const { note } = parseInput(submissionFields, { note: body.note ?? "" });
    return ok(c, await submitAssignment(c.get("deps"), currentAuth(c).user.id, id, note, body.file), 201);
  });
