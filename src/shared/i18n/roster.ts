/**
 * The people the office manages: Student Management and the office's own accounts (issue 17, keys `team.*`) —
 * their screens, the schemas' messages and the services' answers.
 */
import en from "./en/roster.json";
import { namespace } from "./translate.ts";

export const roster = namespace("roster", en, {
  hi: () => import("./hi/office.ts").then((m) => ({ default: m.roster })),
  mr: () => import("./mr/office.ts").then((m) => ({ default: m.roster })),
});

/** An office role's name in the reader's language. */
export const officeRoleName = (role: string) => (role === "admin" || role === "staff" ? roster.t(`team.role.${role}`) : role);
