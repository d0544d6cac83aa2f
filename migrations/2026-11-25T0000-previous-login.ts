/**
 * The sign-in before the latest one (issue 14.6): "Welcome back" is said only to someone who has signed in
 * before, and the account screen can show when that was.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("previous_login_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("previous_login_at").execute();
}
