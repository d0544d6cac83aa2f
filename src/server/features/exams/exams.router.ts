/** tRPC procedures of exams: the office's scheduling, marks and results; the student's own exams; the admit card's public check. */
import * as schemas from "../../../shared/schemas/exams.ts";
import { byActor, byActorOnId, officeProcedure, publicProcedure, router, studentProcedure } from "../../trpc.ts";
import { myAdmitCard, verifyAdmitCard } from "./admit-card.service.ts";
import { cancelExam, getExam, listExams, myExams, myMarksheet, publishResults, scheduleExam, updateExam } from "./exams.service.ts";
import { marksSheet, saveMarks, uploadMarksCsv } from "./marks.service.ts";

export const examsRouter = router({
  list: officeProcedure.input(schemas.examListQuery).query(({ ctx, input }) => listExams(ctx.deps, input)),
  get: officeProcedure.input(schemas.examIdInput).query(({ ctx, input }) => getExam(ctx.deps, input.id)),
  schedule: officeProcedure.input(schemas.examForm).mutation(byActor(scheduleExam)),
  update: officeProcedure.input(schemas.examUpdateInput).mutation(byActor(updateExam)),
  cancel: officeProcedure.input(schemas.examIdInput).mutation(byActorOnId(cancelExam)),
  marks: officeProcedure.input(schemas.marksSheetQuery).query(({ ctx, input }) => marksSheet(ctx.deps, input)),
  saveMarks: officeProcedure.input(schemas.saveMarksInput).mutation(byActor(saveMarks)),
  /** A marks file's text: `dryRun` checks it (nothing saved); otherwise every row is saved, or none. */
  uploadMarks: officeProcedure.input(schemas.marksCsvInput).mutation(byActor(uploadMarksCsv)),
  publish: officeProcedure.input(schemas.examIdInput).mutation(byActorOnId(publishResults)),
  mine: studentProcedure.input(schemas.myExamsQuery).query(({ ctx, input }) => myExams(ctx.deps, ctx.auth.user.id, input)),
  admitCard: studentProcedure.query(({ ctx }) => myAdmitCard(ctx.deps, ctx.auth.user.id)),
  marksheet: studentProcedure.query(({ ctx }) => myMarksheet(ctx.deps, ctx.auth.user.id)),
  /** What an admit card's QR code opens (/verify/admit/<token>): public, like the ID card's check. */
  verifyAdmit: publicProcedure.input(schemas.verifyAdmitInput).query(({ ctx, input }) => verifyAdmitCard(ctx.deps, input.token)),
});
