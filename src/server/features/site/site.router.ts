import { publicProcedure, router } from "../../trpc.ts";
import { getInstituteInfo } from "./site.service.ts";

export const siteRouter = router({
  info: publicProcedure.query(({ ctx }) => getInstituteInfo(ctx.deps)),
});
