/** tRPC procedures for Student Management; the CSV export is REST only (a file download). */
import * as schemas from "../../../shared/schemas/students.ts";
import { adminProcedure, router } from "../../trpc.ts";
import {
  createStudent,
  deleteStudent,
  getStudent,
  listStandards,
  listStudents,
  sendStudentCredentials,
  signOutStudentEverywhere,
  toggleStudentStatus,
  unlockStudent,
  updateStudent,
} from "./students.service.ts";

export const studentsRouter = router({
  list: adminProcedure.input(schemas.studentListQuery).query(({ ctx, input }) => listStudents(ctx.deps, input)),
  standards: adminProcedure.query(({ ctx }) => listStandards(ctx.deps)),
  get: adminProcedure.input(schemas.studentIdInput).query(({ ctx, input }) => getStudent(ctx.deps, input.id)),
  create: adminProcedure.input(schemas.studentForm).mutation(({ ctx, input }) => createStudent(ctx.deps, ctx.auth.user.id, input, ctx)),
  update: adminProcedure
    .input(schemas.studentUpdateInput)
    .mutation(({ ctx, input }) => updateStudent(ctx.deps, ctx.auth.user.id, input, ctx)),
  remove: adminProcedure
    .input(schemas.studentIdInput)
    .mutation(({ ctx, input }) => deleteStudent(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  toggleStatus: adminProcedure
    .input(schemas.studentIdInput)
    .mutation(({ ctx, input }) => toggleStudentStatus(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  sendCredentials: adminProcedure
    .input(schemas.studentIdInput)
    .mutation(({ ctx, input }) => sendStudentCredentials(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  unlock: adminProcedure
    .input(schemas.studentIdInput)
    .mutation(({ ctx, input }) => unlockStudent(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  signOutEverywhere: adminProcedure
    .input(schemas.studentIdInput)
    .mutation(({ ctx, input }) => signOutStudentEverywhere(ctx.deps, ctx.auth.user.id, input.id, ctx)),
});
