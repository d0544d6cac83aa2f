/**
 * A loan can be renewed (docs/studies/library.md, "Renewing"): how many times it has been, so the limit
 * (LOAN_RENEWALS_MAX) holds for the office and the student alike. Loans made before count none.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("book_loans")
    .addColumn("renewals", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("book_loans").dropColumn("renewals").execute();
}
