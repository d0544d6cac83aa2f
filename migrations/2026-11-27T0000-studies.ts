/**
 * Studying in the portal (issue 18; the model is docs/STUDIES-MODEL.md). A programme's subjects per term
 * with their units; the students enrolled in them (each student has a current term); units a student marked
 * complete; study materials; assignments and submissions; exams and their results; admit cards; the library
 * (books, e-resources and loans); notices and events. The three shells the seed product had (courses,
 * books, exams: never written) are replaced by the real tables.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("current_term", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  // The shells referred to one another (exams.course_id): dropped in that order.
  await db.schema.dropTable("exams").execute();
  await db.schema.dropTable("courses").execute();
  await db.schema.dropTable("books").execute();

  await db.schema
    .createTable("subjects")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("programme_id", "integer", (c) => c.notNull().references("programmes.id").onDelete("cascade"))
    .addColumn("term", "integer", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("subjects_programme_code", ["programme_id", "code"])
    .execute();
  await db.schema.createIndex("subjects_programme_term").on("subjects").columns(["programme_id", "term", "sort_order"]).execute();

  await db.schema
    .createTable("subject_units")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("subject_id", "integer", (c) => c.notNull().references("subjects.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subject_units_subject").on("subject_units").columns(["subject_id", "position"]).execute();

  await db.schema
    .createTable("enrolments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subject_id", "integer", (c) => c.notNull().references("subjects.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("in_progress"))
    .addColumn("enrolled_at", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .addUniqueConstraint("enrolments_user_subject", ["user_id", "subject_id"])
    .execute();
  await db.schema.createIndex("enrolments_subject_status").on("enrolments").columns(["subject_id", "status"]).execute();
  await db.schema.createIndex("enrolments_user_status").on("enrolments").columns(["user_id", "status"]).execute();

  await db.schema
    .createTable("unit_progress")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("unit_id", "integer", (c) => c.notNull().references("subject_units.id").onDelete("cascade"))
    .addColumn("completed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("unit_progress_pk", ["user_id", "unit_id"])
    .execute();

  await db.schema
    .createTable("study_materials")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("subject_id", "integer", (c) => c.notNull().references("subjects.id").onDelete("cascade"))
    .addColumn("unit_id", "integer", (c) => c.references("subject_units.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("stored_name", "text")
    .addColumn("file_name", "text")
    .addColumn("size_bytes", "integer")
    .addColumn("url", "text")
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("study_materials_subject").on("study_materials").columns(["subject_id", "created_at"]).execute();

  await db.schema
    .createTable("assignments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("subject_id", "integer", (c) => c.notNull().references("subjects.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("instructions", "text")
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("max_marks", "integer", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("assignments_subject_due").on("assignments").columns(["subject_id", "due_at"]).execute();

  await db.schema
    .createTable("assignment_submissions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("assignment_id", "integer", (c) => c.notNull().references("assignments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("stored_name", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("is_late", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("marks", "integer")
    .addColumn("grade_comment", "text")
    .addColumn("graded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("graded_at", "text")
    .addUniqueConstraint("assignment_submissions_one_each", ["assignment_id", "user_id"])
    .execute();
  await db.schema.createIndex("assignment_submissions_user").on("assignment_submissions").columns(["user_id", "assignment_id"]).execute();

  await db.schema
    .createTable("exams")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("subject_id", "integer", (c) => c.notNull().references("subjects.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("duration_minutes", "integer", (c) => c.notNull())
    .addColumn("centre", "text", (c) => c.notNull())
    .addColumn("max_marks", "integer", (c) => c.notNull())
    .addColumn("pass_marks", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("scheduled"))
    .addColumn("results_published_at", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("exams_starts").on("exams").columns(["starts_at"]).execute();
  await db.schema.createIndex("exams_subject").on("exams").columns(["subject_id", "starts_at"]).execute();

  await db.schema
    .createTable("exam_results")
    .addColumn("exam_id", "integer", (c) => c.notNull().references("exams.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("marks", "integer")
    .addColumn("absent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("entered_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("entered_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("exam_results_pk", ["exam_id", "user_id"])
    .execute();
  await db.schema.createIndex("exam_results_user").on("exam_results").columns(["user_id", "exam_id"]).execute();

  await db.schema
    .createTable("admit_cards")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("programme_id", "integer", (c) => c.notNull().references("programmes.id").onDelete("cascade"))
    .addColumn("term", "integer", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addUniqueConstraint("admit_cards_one_per_term", ["user_id", "programme_id", "term"])
    .execute();

  await db.schema
    .createTable("books")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("book"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("author", "text")
    .addColumn("isbn", "text")
    .addColumn("publisher", "text")
    .addColumn("year", "integer")
    .addColumn("category", "text")
    .addColumn("copies", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("shelf", "text")
    .addColumn("programme_id", "integer", (c) => c.references("programmes.id").onDelete("set null"))
    .addColumn("stored_name", "text")
    .addColumn("file_name", "text")
    .addColumn("size_bytes", "integer")
    .addColumn("url", "text")
    .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("books_listing").on("books").columns(["archived", "kind", "title"]).execute();

  await db.schema
    .createTable("book_loans")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("book_id", "integer", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("issued_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("returned_at", "text")
    .addColumn("received_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("reminded_on", "text")
    .execute();
  await db.schema.createIndex("book_loans_user").on("book_loans").columns(["user_id", "returned_at", "due_on"]).execute();
  await db.schema.createIndex("book_loans_book").on("book_loans").columns(["book_id", "returned_at"]).execute();
  await db.schema.createIndex("book_loans_due").on("book_loans").columns(["returned_at", "due_on"]).execute();

  await db.schema
    .createTable("notices")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("programme_id", "integer", (c) => c.references("programmes.id").onDelete("cascade"))
    .addColumn("event_date", "text")
    .addColumn("event_time", "text")
    .addColumn("venue", "text")
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("medium"))
    .addColumn("published_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("published_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notices_published").on("notices").columns(["published_at"]).execute();
  await db.schema.createIndex("notices_events").on("notices").columns(["kind", "event_date"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "notices",
    "book_loans",
    "books",
    "admit_cards",
    "exam_results",
    "exams",
    "assignment_submissions",
    "assignments",
    "study_materials",
    "unit_progress",
    "enrolments",
    "subject_units",
    "subjects",
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable("users").dropColumn("current_term").execute();
  // The shells as the initial migration made them.
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
}
