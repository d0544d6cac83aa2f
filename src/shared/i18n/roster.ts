/** Student Management in the admin area: its screens, the students schema's messages and the service's answers. */
import en from "./en/roster.json";
import { namespace } from "./translate.ts";

export const roster = namespace("roster", en, { hi: () => import("./hi/roster.json"), mr: () => import("./mr/roster.json") });
