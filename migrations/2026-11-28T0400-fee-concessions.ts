/**
 * Concessions and scholarships (issue 19; docs/fees/plans.md): what kind each is, and withdrawing one — a
 * concession given in error is withdrawn with its reason (who, when, why kept), never edited or deleted.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("fee_concessions")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("concession"))
    .execute();
  await db.schema.alterTable("fee_concessions").addColumn("withdrawn_at", "text").execute();
  await db.schema
    .alterTable("fee_concessions")
    .addColumn("withdrawn_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("fee_concessions").addColumn("withdraw_reason", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["withdraw_reason", "withdrawn_by", "withdrawn_at", "kind"])
    await db.schema.alterTable("fee_concessions").dropColumn(column).execute();
}
