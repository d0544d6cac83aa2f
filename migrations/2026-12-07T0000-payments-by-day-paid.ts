/**
 * The collections counted by the day the money was paid (docs/fees/reports.md, stop 62): a range of payments' days
 * is read from this index, then each one's receipt by its payment (fee_receipts.payment_id is unique), as the
 * range of days issued is read from fee_receipts_issued.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("fee_payments_paid_on").on("fee_payments").columns(["paid_on"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("fee_payments_paid_on").execute();
}
