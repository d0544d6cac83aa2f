/** tRPC procedures of studies (issue 18): the office keeps subjects, materials and assignments; the student reads and works. */
import * as schemas from "../../../shared/schemas/studies.ts";
import { byActor, byActorOnId, officeProcedure, router, studentProcedure } from "../../trpc.ts";
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
  create: officeProcedure.input(schemas.subjectForm).mutation(byActor(createSubject)),
  update: officeProcedure.input(schemas.subjectUpdateInput).mutation(byActor(updateSubject)),
  setArchived: officeProcedure.input(schemas.subjectArchiveInput).mutation(byActor(setSubjectArchived)),
  moveTerm: officeProcedure.input(schemas.moveTermInput).mutation(byActor(moveStudentsToTerm)),
  materials: officeProcedure.input(schemas.subjectIdInput).query(({ ctx, input }) => subjectMaterials(ctx.deps, input.id)),
  addLink: officeProcedure.input(schemas.materialLinkInput).mutation(byActor(addMaterialLink)),
  removeMaterial: officeProcedure.input(schemas.materialIdInput).mutation(byActorOnId(removeMaterial)),
  assignments: officeProcedure.input(schemas.subjectIdInput).query(({ ctx, input }) => subjectAssignments(ctx.deps, input.id)),
  createAssignment: officeProcedure.input(schemas.assignmentForm).mutation(byActor(createAssignment)),
  updateAssignment: officeProcedure.input(schemas.assignmentUpdateInput).mutation(byActor(updateAssignment)),
  deleteAssignment: officeProcedure.input(schemas.assignmentIdInput).mutation(byActorOnId(deleteAssignment)),
  submissions: officeProcedure.input(schemas.submissionsQuery).query(({ ctx, input }) => listSubmissions(ctx.deps, input)),
  grade: officeProcedure.input(schemas.gradeInput).mutation(byActor(gradeSubmission)),
  mine: studentProcedure.query(({ ctx }) => myCourses(ctx.deps, ctx.auth.user.id)),
  setUnitDone: studentProcedure.input(schemas.unitDoneInput).mutation(({ ctx, input }) => setUnitDone(ctx.deps, ctx.auth.user.id, input)),
});
