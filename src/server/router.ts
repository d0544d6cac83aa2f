/** The tRPC API: every feature's sub-routers (features/registry.ts). The client imports only the type. */
import { featureRouters } from "./features/registry.ts";
import { router } from "./trpc.ts";

export const appRouter = router(featureRouters);

export type AppRouter = typeof appRouter;
