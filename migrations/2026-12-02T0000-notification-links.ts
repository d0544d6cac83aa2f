/**
 * A notification may name the portal page it is about (decision 023: notifications did not link to their
 * subject): the path the server also puts in the alert's e-mail, such as /student/help/7 or
 * /student/fees/receipts/12. The student's notifications screen offers it as "Open". Older rows have none.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("link", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notifications").dropColumn("link").execute();
}
