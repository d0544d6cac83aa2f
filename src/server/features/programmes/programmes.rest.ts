/**
 * REST paths of the programmes catalogue that carry files: the public syllabus download and the
 * administrators' syllabus upload (multipart; tRPC carries no files).
 */
import { Hono } from "hono";
import * as v from "valibot";
import { programmes } from "../../../shared/i18n/programmes.ts";
import { recordId } from "../../../shared/schemas/common.ts";
import { programmeSlugInput } from "../../../shared/schemas/programmes.ts";
import { type AppEnv, currentAuth, ok, readForm, requestMeta, requireRole, sendStoredFile } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { storeSyllabus, syllabusOf } from "./programmes.service.ts";

const idParam = v.object({ id: recordId(programmes.m("rule.unknown")) });

export const publicProgrammeRest = new Hono<AppEnv>().get("/:slug/syllabus", async (c) => {
  const { slug } = parseInput(programmeSlugInput, { slug: c.req.param("slug") });
  return sendStoredFile(c, await syllabusOf(c.get("deps"), slug), { cacheControl: "public, max-age=300" });
});

export const adminProgrammeRest = new Hono<AppEnv>().use(requireRole("admin")).post("/:id/syllabus", async (c) => {
  const { id } = parseInput(idParam, c.req.param());
  const body = await readForm(c);
  return ok(c, await storeSyllabus(c.get("deps"), currentAuth(c).user.id, id, body.syllabus, requestMeta(c)));
});
