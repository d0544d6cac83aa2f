/** REST paths for Student Management (spec part 2 §7), admin only; thin over the students service. */
import { Hono } from "hono";
import * as schemas from "../../../shared/schemas/students.ts";
import type { AppDeps } from "../../deps.ts";
import {
  type AppContext,
  type AppEnv,
  csvDownload,
  currentAuth,
  jsonWithPathId,
  ok,
  readJson,
  requestMeta,
  requireRole,
} from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { officeIdCard } from "../student/id-card.service.ts";
import * as service from "./students.service.ts";

const idOf = (c: AppContext) => parseInput(schemas.studentIdInput, { id: c.req.param("id") }).id;

/** The office's act on the student the path names: the service gets who acts, that student and the request. */
const onStudent =
  <R>(act: (deps: AppDeps, actorId: number, id: number, meta: ReturnType<typeof requestMeta>) => Promise<R>) =>
  async (c: AppContext) =>
    ok(c, await act(c.get("deps"), currentAuth(c).user.id, idOf(c), requestMeta(c)));

/** Mounted at /api/admin/students. */
export const adminStudentRest = new Hono<AppEnv>()
  .use(requireRole("office"))
  .get("/", async (c) => ok(c, await service.listStudents(c.get("deps"), parseInput(schemas.studentListQuery, c.req.query()))))
  .get("/standards", async (c) => ok(c, await service.listStandards(c.get("deps"))))
  .get("/programmes", async (c) => ok(c, await service.studentProgrammes(c.get("deps"))))
  .get("/export.csv", async (c) => {
    const query = parseInput(schemas.studentExportQuery, c.req.query());
    return csvDownload(c, await service.exportStudentsCsv(c.get("deps"), currentAuth(c).user.id, query, requestMeta(c)));
  })
  .post("/", async (c) => {
    const input = parseInput(schemas.studentForm, await readJson(c));
    return ok(c, await service.createStudent(c.get("deps"), currentAuth(c).user.id, input, requestMeta(c)), 201);
  })
  .get("/:id", async (c) => ok(c, await service.getStudent(c.get("deps"), idOf(c))))
  .get("/:id/id-card", async (c) => ok(c, await officeIdCard(c.get("deps"), idOf(c))))
  .put("/:id", async (c) => {
    const input = parseInput(schemas.studentUpdateInput, await jsonWithPathId(c));
    return ok(c, await service.updateStudent(c.get("deps"), currentAuth(c).user.id, input, requestMeta(c)));
  })
  .delete("/:id", requireRole("admin"), onStudent(service.deleteStudent))
  .patch("/:id/toggle-status", async (c) => {
    const input = parseInput(schemas.studentStatusInput, await jsonWithPathId(c, { optional: true }));
    return ok(c, await service.toggleStudentStatus(c.get("deps"), currentAuth(c).user.id, input, requestMeta(c)));
  })
  .post("/:id/send-credentials", onStudent(service.sendStudentCredentials))
  .post("/:id/unlock", onStudent(service.unlockStudent))
  .post("/:id/sign-out-everywhere", onStudent(service.signOutStudentEverywhere));
