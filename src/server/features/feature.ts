/**
 * What a feature adds to the HTTP surface (issue 15): its REST apps with the paths they are mounted at,
 * and its tRPC sub-routers by key. Each feature declares its own in `<feature>.feature.ts`; the registry
 * (features/registry.ts) lists the features; app.ts and router.ts mount whatever the registry holds.
 */

import type { AnyRouter } from "@trpc/server";
import type { Hono } from "hono";
import type { AppEnv } from "../platform/http.ts";

export interface Feature {
  rest: readonly (readonly [path: string, app: Hono<AppEnv>])[];
  trpc: Record<string, AnyRouter>;
}

/** Keeps each feature's exact tRPC keys and types (so the client's inferred AppRouter stays precise). */
export const defineFeature = <const F extends Feature>(feature: F): F => feature;
