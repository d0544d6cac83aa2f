/**
 * What a notification says, as a kind and its parameters (issue 16): the title and message are written when
 * they are read, in the reader's language, from the catalogue (`alerts`: `kind.<kind>.title` / `.message`).
 * The stored title and message stay as written at creation (English for older rows) and are what search
 * looks in; rows without a kind are shown as stored.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("kind", "text").execute();
  await db.schema.alterTable("notifications").addColumn("params", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notifications").dropColumn("params").execute();
  await db.schema.alterTable("notifications").dropColumn("kind").execute();
}
