/** The messages of the shared schema building blocks (schemas/common.ts): lengths, choices, list paging. */
import en from "./en/validation.json";
import { namespace } from "./translate.ts";

export const validation = namespace("validation", en, {
  hi: () => import("./hi/validation.json"),
  mr: () => import("./mr/validation.json"),
});
