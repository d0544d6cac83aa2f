/** The staff feature's tRPC router (no REST paths: the specification documents none for office accounts). */
import { defineFeature } from "../feature.ts";
import { staffRouter } from "./staff.router.ts";

export const staffFeature = defineFeature({ rest: [], trpc: { staff: staffRouter } });
