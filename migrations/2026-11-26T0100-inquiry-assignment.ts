/**
 * An inquiry can be handed to a member of the office (issue 17): `assigned_to` names an administrator or a
 * staff member, like a ticket's. An account that is deleted leaves its inquiries unassigned.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_inquiries")
    .addColumn("assigned_to", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("contact_inquiries_assigned_to").on("contact_inquiries").column("assigned_to").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contact_inquiries_assigned_to").execute();
  await db.schema.alterTable("contact_inquiries").dropColumn("assigned_to").execute();
}
