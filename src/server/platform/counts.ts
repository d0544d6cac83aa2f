/** Counting rows inside a query: a count as a column of a larger select, the rows meeting a condition, a table's rows by status. */
import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from "kysely";
import type { Database } from "../../../db/schema.ts";

/**
 * The rows `rows` finds, counted and read as a number, named `alias` in the outer select
 * (`(select count(*) from … where …) as units`): a subject's units beside the subject, the dashboard's totals
 * in one round trip. `rows` selects nothing of its own.
 */
export function countAs<DB, TB extends keyof DB, A extends string>(rows: SelectQueryBuilder<DB, TB, Record<string, never>>, alias: A) {
  return rows.select((eb) => eb.fn.countAll<number>().as("n")).as(alias);
}

/**
 * How many of the rows meet `condition` (a sum of ones and zeros), read as a number: several counters of one
 * table in a single pass, e.g. `countWhere(eb, eb("read_at", "is", null)).as("unread")` beside the total.
 */
export function countWhere<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, condition: Expression<SqlBool>) {
  return eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
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
