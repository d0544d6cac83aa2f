/** tRPC procedures for Student Management; the CSV export is REST only (a file download). */
import * as schemas from "../../../shared/schemas/students.ts";
import type { AppDeps } from "../../deps.ts";
import { adminProcedure, byActor, byActorOnId, officeProcedure, router } from "../../trpc.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { officeIdCard } from "../student/id-card.service.ts";
import * as service from "./students.service.ts";

/** A change to one student by id, recorded as the signed-in person's; deleting is for administrators only. */
const byId = <T>(change: (deps: AppDeps, adminId: number, id: number, meta: SessionMeta) => Promise<T>, procedure = officeProcedure) =>
  procedure.input(schemas.studentIdInput).mutation(byActorOnId(change));

export const studentsRouter = router({
  list: officeProcedure.input(schemas.studentListQuery).query(({ ctx, input }) => service.listStudents(ctx.deps, input)),
  standards: officeProcedure.query(({ ctx }) => service.listStandards(ctx.deps)),
  programmes: officeProcedure.query(({ ctx }) => service.studentProgrammes(ctx.deps)),
  get: officeProcedure.input(schemas.studentIdInput).query(({ ctx, input }) => service.getStudent(ctx.deps, input.id)),
  /** The twin of GET /admin/students/{id}/id-card. */
  idCard: officeProcedure.input(schemas.studentIdInput).query(({ ctx, input }) => officeIdCard(ctx.deps, input.id)),
  create: officeProcedure.input(schemas.studentForm).mutation(byActor(service.createStudent)),
  update: officeProcedure.input(schemas.studentUpdateInput).mutation(byActor(service.updateStudent)),
  remove: byId(service.deleteStudent, adminProcedure),
  toggleStatus: officeProcedure.input(schemas.studentStatusInput).mutation(byActor(service.toggleStudentStatus)),
  sendCredentials: byId(service.sendStudentCredentials),
  unlock: byId(service.unlockStudent),
  signOutEverywhere: byId(service.signOutStudentEverywhere),
});
