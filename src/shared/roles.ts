/**
 * Who works in the office (issue 17): administrators (everything, settings, staff, backups) and staff —
 * counsellors who handle admissions, students, fees and concessions, exams and marks, subjects, library,
 * notices, inquiries and tickets (src/server/security/authorization.test.ts has the whole list). Every guard
 * names one of these groups; a role nobody listed is refused everywhere.
 */

/** The roles of the office (the same words as `users.role`, db/schema.ts). */
export const OFFICE_ROLES = ["admin", "staff"] as const;

/** An administrator or a staff member: the admin area's everyday work. */
export const isOffice = (role: string | null | undefined): boolean => role === "admin" || role === "staff";
