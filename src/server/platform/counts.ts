/** Counting rows inside a query: a count as a column of a larger select, a table's rows by status. */
import type { SelectQueryBuilder } from "kysely";
import type { Database } from "../../../db/schema.ts";

/**
 * The rows `rows` finds, counted and read as a number, named `alias` in the outer select
 * (`(select count(*) from … where …) as units`): a subject's units beside the subject, the dashboard's totals
 * in one round trip. `rows` selects nothing of its own.
 */
export function countAs<DB, TB extends keyof DB, A extends string>(rows: SelectQueryBuilder<DB, TB, Record<string, never>>, alias: A) {
  return rows.select((eb) => eb.fn.countAll<number>().as("n")).as(alias);
}

/** The tables whose lists show a counter per status above them. */
type StatusTable = "admissions" | "contact_inquiries" | "support_tickets";

/** How many of the rows `rows` finds stand in each status, by status; a status with none is absent. */
export async function countByStatus(
  rows: SelectQueryBuilder<Database, StatusTable, Record<string, never>>,
): Promise<Record<string, number>> {
  const counted = await rows
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(counted.map((r) => [r.status, Number(r.n)]));
}
