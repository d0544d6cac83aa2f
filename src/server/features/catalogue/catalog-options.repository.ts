/**
 * The catalog lists the admin can change (DECISIONS 16): courses an applicant may choose, students'
 * standards, the streams on the home page. One owner for reading `catalog_options`.
 */
import type { Kysely } from "kysely";
import type { CatalogList, Database } from "../../../../db/schema.ts";

/** The active values of one list, in the admin's order. */
export async function activeOptions(db: Kysely<Database>, list: CatalogList): Promise<string[]> {
  const rows = await db
    .selectFrom("catalog_options")
    .select("value")
    .where("list", "=", list)
    .where("is_active", "=", 1)
    .orderBy("sort_order")
    .execute();
  return rows.map((r) => r.value);
}

/** Whether `value` is an active option of `list`. */
export async function isActiveOption(db: Kysely<Database>, list: CatalogList, value: string): Promise<boolean> {
  const row = await db
    .selectFrom("catalog_options")
    .select("id")
    .where("list", "=", list)
    .where("value", "=", value)
    .where("is_active", "=", 1)
    .executeTakeFirst();
  return row !== undefined;
}
