/** The page every public address shows while maintenance mode is on. */
import en from "./en/maintenance.json";
import { namespace } from "./translate.ts";

export const maintenance = namespace("maintenance", en, {
  hi: () => import("./hi/basics.ts").then((m) => ({ default: m.maintenance })),
  mr: () => import("./mr/basics.ts").then((m) => ({ default: m.maintenance })),
});
