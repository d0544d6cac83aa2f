/** The messages of the shared schema building blocks (schemas/common.ts): lengths, choices, list paging. */
import en from "./en/validation.json";
import { namespace } from "./translate.ts";

export const validation = namespace("validation", en, {
  hi: () => import("./hi/basics.ts").then((m) => ({ default: m.validation })),
  mr: () => import("./mr/basics.ts").then((m) => ({ default: m.validation })),
});
