/** The auth feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { authRest } from "./auth.rest.ts";
import { authRouter } from "./auth.router.ts";

export const authFeature = defineFeature({
  rest: [["/api/auth", authRest]],
  trpc: { auth: authRouter },
});
