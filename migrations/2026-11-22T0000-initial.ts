/**
 * The initial schema: every entity of both spec parts, with an index for each list filter and sort
 * the screens use. Append-only: later changes go in new, later-named files.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'student')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("student_id", "text", (c) => c.unique())
    .addColumn("mobile", "text")
    .addColumn("date_of_birth", "text")
    .addColumn("gender", "text")
    .addColumn("address", "text")
    .addColumn("city", "text")
    .addColumn("state", "text")
    .addColumn("pincode", "text")
    .addColumn("blood_group", "text")
    .addColumn("standard", "text")
    .addColumn("section", "text")
    .addColumn("roll_number", "text")
    .addColumn("course", "text")
    .addColumn("emergency_name", "text")
    .addColumn("emergency_relationship", "text")
    .addColumn("emergency_phone", "text")
    .addColumn("emergency_email", "text")
    .addColumn("photo_file", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("must_change_password", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("two_factor_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_verified_at", "text")
    .addColumn("password_changed_at", "text")
    .addColumn("last_login_at", "text")
    .addColumn("failed_login_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .addColumn("preferences", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("id_card_token", "text", (c) => c.unique())
    .addColumn("admission_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_role_created").on("users").columns(["role", "created_at"]).execute();
  await db.schema.createIndex("users_role_active").on("users").columns(["role", "is_active"]).execute();
  await db.schema.createIndex("users_role_name").on("users").columns(["role", "name"]).execute();
  await db.schema.createIndex("users_mobile").on("users").column("mobile").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("admissions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("application_number", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("date_of_birth", "text", (c) => c.notNull())
    .addColumn("gender", "text", (c) => c.notNull())
    .addColumn("blood_group", "text", (c) => c.notNull())
    .addColumn("nationality", "text")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("alternate_phone", "text")
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("pincode", "text", (c) => c.notNull())
    .addColumn("course", "text", (c) => c.notNull())
    .addColumn("previous_school", "text")
    .addColumn("previous_percentage", "text")
    .addColumn("board_of_study", "text")
    .addColumn("year_of_passing", "integer")
    .addColumn("father_name", "text")
    .addColumn("father_occupation", "text")
    .addColumn("mother_name", "text")
    .addColumn("mother_occupation", "text")
    .addColumn("guardian_phone", "text")
    .addColumn("extracurricular", "text")
    .addColumn("medical_history", "text")
    .addColumn("special_requirements", "text")
    .addColumn("rejection_reason", "text")
    .addColumn("student_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("processed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("processed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admissions_email").on("admissions").columns(["email", "status"]).execute();
  await db.schema.createIndex("admissions_created").on("admissions").column("created_at").execute();
  await db.schema.createIndex("admissions_status_created").on("admissions").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("admissions_phone").on("admissions").column("phone").execute();
  await db.schema.createIndex("admissions_processed").on("admissions").columns(["status", "processed_at"]).execute();

  await db.schema
    .createTable("admission_documents")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("admission_id", "integer", (c) => c.notNull().references("admissions.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("stored_name", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("admission_documents_admission_kind")
    .on("admission_documents")
    .columns(["admission_id", "kind"])
    .unique()
    .execute();

  await db.schema
    .createTable("contact_inquiries")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contacts_created").on("contact_inquiries").column("created_at").execute();
  await db.schema.createIndex("contacts_status_created").on("contact_inquiries").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("contacts_email").on("contact_inquiries").column("email").execute();

  await db.schema
    .createTable("contact_replies")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("inquiry_id", "integer", (c) => c.notNull().references("contact_inquiries.id").onDelete("cascade"))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("responded_by", "text", (c) => c.notNull())
    .addColumn("admin_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_replies_inquiry").on("contact_replies").column("inquiry_id").execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("recipient_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("medium"))
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("read_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notifications_recipient_created").on("notifications").columns(["recipient_user_id", "created_at"]).execute();
  await db.schema
    .createIndex("notifications_recipient_type_created")
    .on("notifications")
    .columns(["recipient_user_id", "type", "created_at"])
    .execute();
  await db.schema.createIndex("notifications_recipient_unread").on("notifications").columns(["recipient_user_id", "read_at"]).execute();

  await db.schema
    .createTable("gallery_images")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("gallery_active_category_created")
    .on("gallery_images")
    .columns(["is_active", "category", "created_at"])
    .execute();
  await db.schema.createIndex("gallery_created").on("gallery_images").column("created_at").execute();

  await db.schema
    .createTable("support_tickets")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("ticket_number", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("student_name", "text", (c) => c.notNull())
    .addColumn("student_email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().defaultTo("general"))
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("medium"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("assigned_to", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tickets_created").on("support_tickets").column("created_at").execute();
  await db.schema.createIndex("tickets_status_created").on("support_tickets").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("tickets_creator").on("support_tickets").columns(["created_by", "created_at"]).execute();

  await db.schema
    .createTable("ticket_responses")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("ticket_id", "integer", (c) => c.notNull().references("support_tickets.id").onDelete("cascade"))
    .addColumn("author_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ticket_responses_ticket").on("ticket_responses").column("ticket_id").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("catalog_options")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint("catalog_options_list_value", ["list", "value"])
    .execute();

  await db.schema
    .createTable("courses")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("category", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("books")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("isbn", "text")
    .addColumn("author", "text")
    .addColumn("category", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("available"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("exams")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("course_id", "integer", (c) => c.references("courses.id").onDelete("set null"))
    .addColumn("duration_minutes", "integer")
    .addColumn("question_count", "integer")
    .addColumn("starts_at", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("faqs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("category", "text")
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("one_time_codes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("admission_id", "integer", (c) => c.references("admissions.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("consumed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("one_time_codes_lookup").on("one_time_codes").columns(["purpose", "email", "created_at"]).execute();
  await db.schema.createIndex("one_time_codes_hash").on("one_time_codes").columns(["purpose", "code_hash"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text")
    .addColumn("entity_id", "text")
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_created").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_entity_created").on("audit_log").columns(["entity_type", "created_at"]).execute();

  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "text")
    .addColumn("sent_at", "text")
    .addColumn("eml_file", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_status_next").on("email_outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_created").on("email_outbox").column("created_at").execute();

  await db.schema
    .createTable("announcements")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("is_published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("announcements_published").on("announcements").columns(["is_published", "published_at"]).execute();

  await db.schema
    .createTable("sequences")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "sequences",
    "announcements",
    "email_outbox",
    "audit_log",
    "one_time_codes",
    "faqs",
    "exams",
    "books",
    "courses",
    "catalog_options",
    "settings",
    "ticket_responses",
    "support_tickets",
    "gallery_images",
    "notifications",
    "contact_replies",
    "contact_inquiries",
    "admission_documents",
    "admissions",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
