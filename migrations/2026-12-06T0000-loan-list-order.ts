/**
 * The office's loans list in its two orders over every loan (docs/studies/library.md): all loans, the latest lent
 * first, and the returned ones, the latest back first. Without these the list read and sorted every loan for each
 * page (walk 31b: 15,000 loans, "All loans" 28–60 ms a page); with them a page is read in index order.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("book_loans_issued").on("book_loans").columns(["issued_at", "id"]).execute();
  await db.schema.createIndex("book_loans_returned").on("book_loans").columns(["returned_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("book_loans_returned").execute();
  await db.schema.dropIndex("book_loans_issued").execute();
}
