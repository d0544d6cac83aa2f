/**
 * Notifications about fees have their own type, "payment" (the spec's settings list names it): a UPI
 * transfer a student reported was typed "support", so the office's Type filter could not show the payments
 * waiting alone; the student's receipts, refusals and cancellations were "system", fee reminders "course".
 * This gives the rows written before the same type. Running it again changes nothing.
 */
import type { Kysely } from "kysely";

const KINDS = ["fee.upiReported", "fee.receipt", "fee.rejected", "fee.receiptCancelled"];

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("notifications")
    .set({ type: "payment" })
    .where((eb) => eb.or([eb("kind", "in", KINDS), eb("data", "like", '%"feeReminder":%')]))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable("notifications").set({ type: "support" }).where("kind", "=", "fee.upiReported").execute();
  await db.updateTable("notifications").set({ type: "system" }).where("kind", "in", KINDS.slice(1)).execute();
  await db.updateTable("notifications").set({ type: "course" }).where("type", "=", "payment").execute();
}
