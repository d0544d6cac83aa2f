/** tRPC procedures for admissions (multipart submit and update are REST only: they carry files). */
import * as v from "valibot";
import * as schemas from "../../../shared/schemas/admission.ts";
import * as officeSchemas from "../../../shared/schemas/admission-office.ts";
import { adminProcedure, byActor, byActorOnId, byRequest, officeProcedure, router, sitePublicProcedure } from "../../trpc.ts";
import {
  admissionStats,
  deleteAdmission,
  getApplication,
  listAdmissionCourses,
  listAdmissions,
  lookupStatus,
  processAdmission,
  requestAccessCode,
  validateApplication,
  verifyAccessCode,
} from "./admissions.service.ts";
import { addAdmissionNote, officeApplication, setAdmissionFollowUp } from "./admissions-office.service.ts";

const idInput = v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)) });

export const admissionsRouter = router({
  status: sitePublicProcedure.input(schemas.statusLookupInput).query(({ ctx, input }) => lookupStatus(ctx.deps, input.query, ctx)),
  stats: sitePublicProcedure.query(({ ctx }) => admissionStats(ctx.deps)),
  courses: sitePublicProcedure.query(({ ctx }) => listAdmissionCourses(ctx.deps)),
  validate: sitePublicProcedure.input(v.record(v.string(), v.string())).mutation(({ ctx, input }) => validateApplication(ctx.deps, input)),
  requestAccessCode: sitePublicProcedure
    .input(schemas.accessCodeRequestInput)
    .mutation(({ ctx, input }) => requestAccessCode(ctx.deps, input.email, ctx)),
  verifyAccessCode: sitePublicProcedure.input(schemas.accessCodeVerifyInput).mutation(byRequest(verifyAccessCode)),
  application: sitePublicProcedure
    .input(v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)), accessToken: v.pipe(v.string(), v.maxLength(200)) }))
    .query(({ ctx, input }) => getApplication(ctx.deps, input.id, { accessToken: input.accessToken })),

  adminList: officeProcedure.input(schemas.admissionListQuery).query(({ ctx, input }) => listAdmissions(ctx.deps, input)),
  adminGet: officeProcedure.input(idInput).query(({ ctx, input }) => officeApplication(ctx.deps, input.id)),
  addNote: officeProcedure
    .input(officeSchemas.admissionNoteInput)
    .mutation(({ ctx, input }) => addAdmissionNote(ctx.deps, ctx.auth.user, input, ctx)),
  setFollowUp: officeProcedure.input(officeSchemas.admissionFollowUpInput).mutation(byActor(setAdmissionFollowUp)),
  process: officeProcedure.input(schemas.processAdmissionInput).mutation(byActor(processAdmission)),
  remove: adminProcedure.input(idInput).mutation(byActorOnId(deleteAdmission)),
});
