/**
 * Fees (issue 19; the model is docs/FEES-MODEL.md). Each programme's fee plan (when each instalment of a term
 * falls due, and the late fee); the instalments raised for each student and term; concessions against an
 * instalment; payments (a student's UPI transfer waiting for the office, or what the office records) and the
 * receipts of confirmed ones, numbered without gaps per financial year; the reminders already sent. Money is
 * in paise, whole numbers only.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("fee_plans")
    .addColumn("programme_id", "integer", (c) => c.primaryKey().references("programmes.id").onDelete("cascade"))
    .addColumn("instalment_days", "text", (c) => c.notNull())
    .addColumn("late_fee_paise", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("grace_days", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("fee_instalments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("programme_id", "integer", (c) => c.notNull().references("programmes.id").onDelete("cascade"))
    .addColumn("term", "integer", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("late_fee_paise", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("grace_days", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("raised_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("fee_instalments_one_each", ["user_id", "programme_id", "term", "number"])
    .execute();
  await db.schema.createIndex("fee_instalments_due").on("fee_instalments").columns(["due_on"]).execute();
  await db.schema.createIndex("fee_instalments_programme").on("fee_instalments").columns(["programme_id", "term"]).execute();

  await db.schema
    .createTable("fee_concessions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("instalment_id", "integer", (c) => c.notNull().references("fee_instalments.id").onDelete("cascade"))
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("fee_concessions_instalment").on("fee_concessions").columns(["instalment_id"]).execute();

  await db.schema
    .createTable("fee_payments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("instalment_id", "integer", (c) => c.notNull().references("fee_instalments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("paid_on", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("screenshot_file", "text")
    .addColumn("note", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "text")
    .addColumn("reject_reason", "text")
    .execute();
  await db.schema.createIndex("fee_payments_status").on("fee_payments").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("fee_payments_instalment").on("fee_payments").columns(["instalment_id", "status"]).execute();
  await db.schema.createIndex("fee_payments_user").on("fee_payments").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("fee_receipts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("payment_id", "integer", (c) => c.notNull().unique().references("fee_payments.id").onDelete("restrict"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("issued_on", "text", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("issued_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("cancelled_at", "text")
    .addColumn("cancelled_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("cancel_reason", "text")
    .addUniqueConstraint("fee_receipts_gap_free", ["financial_year", "sequence"])
    .execute();
  await db.schema.createIndex("fee_receipts_issued").on("fee_receipts").columns(["issued_on"]).execute();
  await db.schema.createIndex("fee_receipts_user").on("fee_receipts").columns(["user_id", "issued_at"]).execute();

  await db.schema
    .createTable("fee_reminders")
    .addColumn("instalment_id", "integer", (c) => c.notNull().references("fee_instalments.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("fee_reminders_pk", ["instalment_id", "kind"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["fee_reminders", "fee_receipts", "fee_payments", "fee_concessions", "fee_instalments", "fee_plans"])
    await db.schema.dropTable(table).execute();
}
