/** Notices and events (issue 18) the office publishes to students, and the student's Help page. */
import en from "./en/notices.json";
import { namespace } from "./translate.ts";

export const notices = namespace("notices", en, {
  hi: () => import("./hi/studies.ts").then((m) => ({ default: m.notices })),
  mr: () => import("./mr/studies.ts").then((m) => ({ default: m.notices })),
});
