/**
 * The office's own work on an application (issue 17): internal notes (never shown to the applicant), a
 * follow-up date, and who entered a walk-in applicant's application at the counter.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admissions").addColumn("follow_up_on", "text").execute();
  await db.schema
    .alterTable("admissions")
    .addColumn("entered_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("admissions_follow_up_on").on("admissions").column("follow_up_on").execute();
  await db.schema
    .createTable("admission_notes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("admission_id", "integer", (c) => c.notNull().references("admissions.id").onDelete("cascade"))
    .addColumn("author_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    // Kept as written, so a note still says who wrote it after that account is gone.
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admission_notes_admission").on("admission_notes").columns(["admission_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("admission_notes").execute();
  await db.schema.dropIndex("admissions_follow_up_on").execute();
  await db.schema.alterTable("admissions").dropColumn("entered_by").execute();
  await db.schema.alterTable("admissions").dropColumn("follow_up_on").execute();
}
