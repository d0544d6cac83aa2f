/** tRPC procedures of the institute's site content (administrators). */
import { instituteContentInput } from "../../../shared/schemas/settings.ts";
import { adminProcedure, router } from "../../trpc.ts";
import { instituteContent, saveInstituteContent } from "./content.service.ts";

export const contentRouter = router({
  institute: adminProcedure.query(({ ctx }) => instituteContent(ctx.deps)),
  saveInstitute: adminProcedure
    .input(instituteContentInput)
    .mutation(({ ctx, input }) => saveInstituteContent(ctx.deps, ctx.auth.user.id, input, ctx)),
});
