/**
 * A receipt keeps how much of its amount paid the instalment's late fee, fixed when it is issued (a later
 * concession or plan change must not alter a printed receipt): the receipt and the receipts CSV show it apart
 * from the fee. Receipts issued before this have none recorded (null): they print as they always did.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("fee_receipts").addColumn("late_fee_paise", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("fee_receipts").dropColumn("late_fee_paise").execute();
}
