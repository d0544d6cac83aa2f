/** The library (issue 18): the catalogue of books and e-resources, loans (issue and return), the student's library page and the schemas' messages. */
import en from "./en/library.json";
import { namespace } from "./translate.ts";

export const library = namespace("library", en, {
  hi: () => import("./hi/studies.ts").then((m) => ({ default: m.library })),
  mr: () => import("./mr/studies.ts").then((m) => ({ default: m.library })),
});
