import { publicProcedure, router, sitePublicProcedure } from "../../trpc.ts";
import { getInstituteInfo, listNews } from "./site.service.ts";

export const siteRouter = router({
  /** stays available in maintenance mode: the maintenance page shows the contact details */
  info: publicProcedure.query(({ ctx }) => getInstituteInfo(ctx.deps)),
  news: sitePublicProcedure.query(({ ctx }) => listNews(ctx.deps)),
});
