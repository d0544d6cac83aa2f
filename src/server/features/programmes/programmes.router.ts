/** tRPC procedures of the programmes catalogue: the public site's reads and the administrators' keeping of it. */
import * as schemas from "../../../shared/schemas/programmes.ts";
import { adminProcedure, byActor, router, sitePublicProcedure } from "../../trpc.ts";
import {
  createProgramme,
  listProgrammes,
  publicProgramme,
  publicProgrammes,
  setProgrammeArchived,
  updateProgramme,
} from "./programmes.service.ts";

export const programmesRouter = router({
  list: sitePublicProcedure.query(({ ctx }) => publicProgrammes(ctx.deps)),
  get: sitePublicProcedure.input(schemas.programmeSlugInput).query(({ ctx, input }) => publicProgramme(ctx.deps, input.slug)),
  adminList: adminProcedure.input(schemas.programmeListQuery).query(({ ctx, input }) => listProgrammes(ctx.deps, input)),
  create: adminProcedure.input(schemas.programmeForm).mutation(byActor(createProgramme)),
  update: adminProcedure.input(schemas.programmeUpdateInput).mutation(byActor(updateProgramme)),
  setArchived: adminProcedure.input(schemas.programmeArchiveInput).mutation(byActor(setProgrammeArchived)),
});
