/** tRPC procedures of studies (issue 18): the office keeps subjects, materials and assignments; the student reads and works. */
import * as schemas from "../../../shared/schemas/studies.ts";
import { officeProcedure, router, studentProcedure } from "../../trpc.ts";
import {
  createAssignment,
  deleteAssignment,
  gradeSubmission,
  listSubmissions,
  subjectAssignments,
  updateAssignment,
} from "./assignments.service.ts";
import { addMaterialLink, removeMaterial, subjectMaterials } from "./materials.service.ts";
import { myCourses, setUnitDone } from "./my-studies.service.ts";
import {
  createSubject,
  getSubject,
  listSubjects,
  moveStudentsToTerm,
  setSubjectArchived,
  studyProgrammes,
  subjectOptions,
  updateSubject,
} from "./studies.service.ts";

export const studiesRouter = router({
  subjectOptions: officeProcedure.query(({ ctx }) => subjectOptions(ctx.deps)),
  programmes: officeProcedure.query(({ ctx }) => studyProgrammes(ctx.deps)),
  list: officeProcedure.input(schemas.subjectListQuery).query(({ ctx, input }) => listSubjects(ctx.deps, input)),
  get: officeProcedure.input(schemas.subjectIdInput).query(({ ctx, input }) => getSubject(ctx.deps, input.id)),
  create: officeProcedure.input(schemas.subjectForm).mutation(({ ctx, input }) => createSubject(ctx.deps, ctx.auth.user.id, input, ctx)),
  update: officeProcedure
    .input(schemas.subjectUpdateInput)
    .mutation(({ ctx, input }) => updateSubject(ctx.deps, ctx.auth.user.id, input, ctx)),
  setArchived: officeProcedure
    .input(schemas.subjectArchiveInput)
    .mutation(({ ctx, input }) => setSubjectArchived(ctx.deps, ctx.auth.user.id, input, ctx)),
  moveTerm: officeProcedure
    .input(schemas.moveTermInput)
    .mutation(({ ctx, input }) => moveStudentsToTerm(ctx.deps, ctx.auth.user.id, input, ctx)),
  materials: officeProcedure.input(schemas.subjectIdInput).query(({ ctx, input }) => subjectMaterials(ctx.deps, input.id)),
  addLink: officeProcedure
    .input(schemas.materialLinkInput)
    .mutation(({ ctx, input }) => addMaterialLink(ctx.deps, ctx.auth.user.id, input, ctx)),
  removeMaterial: officeProcedure
    .input(schemas.materialIdInput)
    .mutation(({ ctx, input }) => removeMaterial(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  assignments: officeProcedure.input(schemas.subjectIdInput).query(({ ctx, input }) => subjectAssignments(ctx.deps, input.id)),
  createAssignment: officeProcedure
    .input(schemas.assignmentForm)
    .mutation(({ ctx, input }) => createAssignment(ctx.deps, ctx.auth.user.id, input, ctx)),
  updateAssignment: officeProcedure
    .input(schemas.assignmentUpdateInput)
    .mutation(({ ctx, input }) => updateAssignment(ctx.deps, ctx.auth.user.id, input, ctx)),
  deleteAssignment: officeProcedure
    .input(schemas.assignmentIdInput)
    .mutation(({ ctx, input }) => deleteAssignment(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  submissions: officeProcedure.input(schemas.submissionsQuery).query(({ ctx, input }) => listSubmissions(ctx.deps, input)),
  grade: officeProcedure.input(schemas.gradeInput).mutation(({ ctx, input }) => gradeSubmission(ctx.deps, ctx.auth.user.id, input, ctx)),
  mine: studentProcedure.query(({ ctx }) => myCourses(ctx.deps, ctx.auth.user.id)),
  setUnitDone: studentProcedure.input(schemas.unitDoneInput).mutation(({ ctx, input }) => setUnitDone(ctx.deps, ctx.auth.user.id, input)),
});
