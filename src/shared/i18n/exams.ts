/** Exams (issue 18): the office's scheduling, marks entry and results; the student's exams, admit card (hall ticket), marksheet; the admit card's public verification; the schemas' messages. */
import en from "./en/exams.json";
import { namespace } from "./translate.ts";

export const exams = namespace("exams", en, {
  hi: () => import("./hi/studies.ts").then((m) => ({ default: m.exams })),
  mr: () => import("./mr/studies.ts").then((m) => ({ default: m.exams })),
});
