/**
 * Notices and events (issue 18), what the office needs beyond the foundation's table: how many students a
 * notice reached and whether it was e-mailed (the office list says so), the range of notification ids it
 * wrote (notifications ids are AUTOINCREMENT and one publish writes them in one transaction, so the range
 * is exactly its notifications: deleting a notice withdraws them through the primary key), and an index
 * that answers a student's upcoming events in the dashboard's order without sorting.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("notices")
    .addColumn("recipients", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("notices")
    .addColumn("emailed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("notices").addColumn("first_notification_id", "integer").execute();
  await db.schema.alterTable("notices").addColumn("last_notification_id", "integer").execute();
  await db.schema.createIndex("notices_upcoming").on("notices").columns(["kind", "event_date", "event_time", "programme_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("notices_upcoming").execute();
  for (const column of ["last_notification_id", "first_notification_id", "emailed", "recipients"]) {
    await db.schema.alterTable("notices").dropColumn(column).execute();
  }
}
