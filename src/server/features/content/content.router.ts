/** tRPC procedures of the institute's site content (administrators). */
import * as schemas from "../../../shared/schemas/content.ts";
import { instituteContentSave } from "../../../shared/schemas/settings.ts";
import { adminProcedure, byActor, byActorOnId, router, sitePublicProcedure } from "../../trpc.ts";
import { instituteContent, saveInstituteContent } from "./content.service.ts";
import { deleteFaq, deleteNews, listFaqsForOffice, listNewsForOffice, publicFaqs, saveFaq, saveNews } from "./news-faqs.service.ts";

export const contentRouter = router({
  institute: adminProcedure.query(({ ctx }) => instituteContent(ctx.deps)),
  saveInstitute: adminProcedure.input(instituteContentSave).mutation(byActor(saveInstituteContent)),
  news: adminProcedure.input(schemas.contentListQuery).query(({ ctx, input }) => listNewsForOffice(ctx.deps, input)),
  addNews: adminProcedure.input(schemas.newsInput).mutation(byActor(saveNews)),
  updateNews: adminProcedure.input(schemas.newsUpdateInput).mutation(byActor(saveNews)),
  removeNews: adminProcedure.input(schemas.contentIdInput).mutation(byActorOnId(deleteNews)),
  faqs: adminProcedure.input(schemas.contentListQuery).query(({ ctx, input }) => listFaqsForOffice(ctx.deps, input)),
  addFaq: adminProcedure.input(schemas.faqInput).mutation(byActor(saveFaq)),
  updateFaq: adminProcedure.input(schemas.faqUpdateInput).mutation(byActor(saveFaq)),
  removeFaq: adminProcedure.input(schemas.contentIdInput).mutation(byActorOnId(deleteFaq)),
  publicFaqs: sitePublicProcedure.query(({ ctx }) => publicFaqs(ctx.deps)),
});
