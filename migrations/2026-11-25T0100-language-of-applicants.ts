/**
 * The language an applicant or a visitor wrote in (issue 16): e-mails sent to them later — the decision on
 * an application, the answer to an inquiry — go out in that language, whoever triggers them. Null (rows
 * from before) reads as English.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admissions").addColumn("language", "text").execute();
  await db.schema.alterTable("contact_inquiries").addColumn("language", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admissions").dropColumn("language").execute();
  await db.schema.alterTable("contact_inquiries").dropColumn("language").execute();
}
