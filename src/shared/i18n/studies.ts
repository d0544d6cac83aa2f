/** Studies in the portal (issue 18): subjects and their units, enrolment, progress, study materials and assignments — the office's Courses screen, the student's Courses page and their schemas' messages. */
import en from "./en/studies.json";
import { namespace } from "./translate.ts";

export const studies = namespace("studies", en, {
  hi: () => import("./hi/studies.ts").then((m) => ({ default: m.studies })),
  mr: () => import("./mr/studies.ts").then((m) => ({ default: m.studies })),
});
