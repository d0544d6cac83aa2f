/**
 * Trigram text indexes for the admin lists' server search (issue 9): applications, people (students are
 * rows of users) and inquiries. Where SQLite lacks FTS5 nothing is created and searches use LIKE;
 * on PostgreSQL they are pg_trgm GIN indexes that LIKE itself uses (issue 21).
 * The columns are the ones each list searches (their services call textContains with the same lists).
 */
import type { Kysely } from "kysely";
import { createTextIndex, dropTextIndex } from "../db/connection.ts";

export const TEXT_INDEXES = {
  admissions: ["first_name", "last_name", "email", "phone", "application_number", "city"],
  users: ["name", "email", "mobile", "student_id"],
  contact_inquiries: ["name", "email", "subject", "message", "phone"],
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(TEXT_INDEXES)) await createTextIndex(db, table, [...columns]);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(TEXT_INDEXES)) await dropTextIndex(db, table, columns);
}
