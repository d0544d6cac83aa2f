/** tRPC procedures of the institute's site content (administrators). */
import * as schemas from "../../../shared/schemas/content.ts";
import { instituteContentInput } from "../../../shared/schemas/settings.ts";
import { adminProcedure, router, sitePublicProcedure } from "../../trpc.ts";
import { instituteContent, saveInstituteContent } from "./content.service.ts";
import { deleteFaq, deleteNews, listFaqsForOffice, listNewsForOffice, publicFaqs, saveFaq, saveNews } from "./news-faqs.service.ts";

export const contentRouter = router({
  institute: adminProcedure.query(({ ctx }) => instituteContent(ctx.deps)),
  saveInstitute: adminProcedure
    .input(instituteContentInput)
    .mutation(({ ctx, input }) => saveInstituteContent(ctx.deps, ctx.auth.user.id, input, ctx)),
  news: adminProcedure.input(schemas.contentListQuery).query(({ ctx, input }) => listNewsForOffice(ctx.deps, input)),
  addNews: adminProcedure.input(schemas.newsInput).mutation(({ ctx, input }) => saveNews(ctx.deps, ctx.auth.user.id, input, ctx)),
  updateNews: adminProcedure.input(schemas.newsUpdateInput).mutation(({ ctx, input }) => saveNews(ctx.deps, ctx.auth.user.id, input, ctx)),
  removeNews: adminProcedure
    .input(schemas.contentIdInput)
    .mutation(({ ctx, input }) => deleteNews(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  faqs: adminProcedure.input(schemas.contentListQuery).query(({ ctx, input }) => listFaqsForOffice(ctx.deps, input)),
  addFaq: adminProcedure.input(schemas.faqInput).mutation(({ ctx, input }) => saveFaq(ctx.deps, ctx.auth.user.id, input, ctx)),
  updateFaq: adminProcedure.input(schemas.faqUpdateInput).mutation(({ ctx, input }) => saveFaq(ctx.deps, ctx.auth.user.id, input, ctx)),
  removeFaq: adminProcedure
    .input(schemas.contentIdInput)
    .mutation(({ ctx, input }) => deleteFaq(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  publicFaqs: sitePublicProcedure.query(({ ctx }) => publicFaqs(ctx.deps)),
});
