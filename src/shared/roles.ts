/**
 * Who works in the office (issue 17): administrators (everything, settings, staff, backups) and staff —
 * counsellors who handle admissions, students, inquiries and tickets. Every guard names one of these
 * groups; a role nobody listed is refused everywhere.
 */
import type { Role } from "../../db/schema.ts";

export const OFFICE_ROLES = ["admin", "staff"] as const satisfies readonly Role[];

/** An administrator or a staff member: the admin area's everyday work. */
export const isOffice = (role: Role | null | undefined): boolean => role === "admin" || role === "staff";
