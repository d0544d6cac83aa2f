/**
 * What the two office roles see (issue 17): administrators see the whole admin area; staff (counsellors)
 * see admissions, students, inquiries, tickets, notifications and their own profile. The server refuses
 * the rest to staff whatever the screen shows (officeProcedure / adminProcedure); this only keeps the
 * navigation honest.
 */
import type { Role } from "./trpc.ts";

/** The admin area's pages that are the administrators' alone (their paths under /admin). */
export const ADMIN_ONLY_PAGES: ReadonlySet<string> = new Set(["gallery", "analytics", "activity", "staff", "programmes", "content"]);

export const canSeePage = (role: Role | undefined, page: string) => role === "admin" || !ADMIN_ONLY_PAGES.has(page);

/** Deleting records (applications, students, inquiries) and the institute's settings are the administrators'. */
export const isAdministrator = (role: Role | undefined) => role === "admin";
