/**
 * FAQs the office keeps (issue 17): an order for the public /faq page and a published flag (a draft stays
 * off the site).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("faqs")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("faqs")
    .addColumn("is_published", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("faqs_listing").on("faqs").columns(["is_published", "sort_order"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("faqs_listing").execute();
  await db.schema.alterTable("faqs").dropColumn("is_published").execute();
  await db.schema.alterTable("faqs").dropColumn("sort_order").execute();
}
