/** Staff accounts in the admin area (issue 17): the Staff screen, the staff schema's messages and the service's answers. */
import en from "./en/team.json";
import { namespace } from "./translate.ts";

export const team = namespace("team", en, { hi: () => import("./hi/team.json"), mr: () => import("./mr/team.json") });

/** An office role's name in the reader's language. */
export const officeRoleName = (role: string) => (role === "admin" || role === "staff" ? team.t(`role.${role}`) : role);
