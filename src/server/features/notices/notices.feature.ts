/** Notices and events (issue 18): tRPC only (mounted through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { noticesRouter } from "./notices.router.ts";

export const noticesFeature = defineFeature({
  rest: [],
  trpc: { notices: noticesRouter },
});
