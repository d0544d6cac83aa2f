/**
 * One programmes catalogue (issue 17), used by the admission form, the public site, the home page and the
 * students' records, instead of three unrelated lists. Existing databases keep their names: each distinct
 * name of the old lists (admission courses first, then standards, then streams) and of the applications'
 * and students' own values becomes a programme once (spellings like "B.Com" and "BCom" are one), open for
 * admission if it was an active admission course. Applications and students then point at their programme
 * (`programme_id`); their text columns stay as written. The old lists stay in place, unused.
 */
import { type Kysely, sql } from "kysely";
import { catalogueRows, programmeKey } from "../db/programme-catalogue.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("programmes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull().check(sql`level in ('ug', 'pg', 'diploma', 'certificate', 'phd')`))
    .addColumn("university", "text")
    .addColumn("duration_months", "integer")
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("distance"))
    .addColumn("eligibility", "text")
    .addColumn("summary", "text")
    .addColumn("fee_paise", "integer")
    .addColumn("fee_period", "text", (c) => c.notNull().defaultTo("year"))
    .addColumn("instalments", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("seats", "integer")
    .addColumn("admission_open", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("syllabus_file", "text")
    .addColumn("syllabus_name", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("programmes_listing").on("programmes").columns(["archived", "sort_order"]).execute();
  for (const table of ["admissions", "users"]) {
    await db.schema
      .alterTable(table)
      .addColumn("programme_id", "integer", (c) => c.references("programmes.id").onDelete("set null"))
      .execute();
    await db.schema.createIndex(`${table}_programme`).on(table).column("programme_id").execute();
  }

  // The names in use, most telling first.
  const options = await db
    .selectFrom("catalog_options")
    .select(["list", "value", "is_active"])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const fromList = (list: string) =>
    options.filter((o) => o.list === list).map((o) => ({ name: String(o.value), open: list === "admission_course" && o.is_active === 1 }));
  const applied = await db.selectFrom("admissions").select("course").distinct().execute();
  const enrolled = await db.selectFrom("users").select(["standard", "course"]).where("role", "=", "student").distinct().execute();
  const names = [
    ...fromList("admission_course"),
    ...fromList("standard"),
    ...fromList("stream"),
    ...applied.map((a) => ({ name: String(a.course ?? ""), open: false })),
    ...enrolled.flatMap((u) => [u.standard, u.course].filter(Boolean).map((n) => ({ name: String(n), open: false }))),
  ];
  const rows = catalogueRows(names, new Date().toISOString());
  if (rows.length) await db.insertInto("programmes").values(rows).execute();

  // Point applications and students at their programme: one update per distinct name, not per row.
  const ids = new Map(
    (await db.selectFrom("programmes").select(["id", "name"]).execute()).map((p) => [programmeKey(String(p.name)), Number(p.id)]),
  );
  for (const { course } of applied) {
    const id = ids.get(programmeKey(String(course ?? "")));
    if (id) await db.updateTable("admissions").set({ programme_id: id }).where("course", "=", course).execute();
  }
  for (const { standard, course } of enrolled) {
    const id = ids.get(programmeKey(String(standard ?? course ?? "")));
    if (!id) continue;
    let q = db.updateTable("users").set({ programme_id: id }).where("role", "=", "student");
    q = standard === null ? q.where("standard", "is", null) : q.where("standard", "=", standard);
    q = course === null ? q.where("course", "is", null) : q.where("course", "=", course);
    await q.execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["users", "admissions"]) {
    await db.schema.dropIndex(`${table}_programme`).execute();
    await db.schema.alterTable(table).dropColumn("programme_id").execute();
  }
  await db.schema.dropTable("programmes").execute();
}
