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

/** How many rows `rows` finds, as a number, in one statement (`select count(*) from … where …`). */
export async function countRows<DB, TB extends keyof DB>(rows: SelectQueryBuilder<DB, TB, Record<string, never>>): Promise<number> {
  const counted = await rows.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(counted.n);
}

/**
 * How many of the rows meet `condition` (a sum of ones and zeros): several counters of one table in a single
 * pass, e.g. `countWhere(eb, eb("read_at", "is", null)).as("unread")` beside the total. Over no rows the sum
 * is NULL, so it reads as `number | null` (callers say `Number(x ?? 0)`).
 */
export function countWhere<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, condition: Expression<SqlBool>) {
  return eb.fn.sum<number | null>(eb.case().when(condition).then(1).else(0).end());
}

/** The tables whose lists show a counter per status above them. */
type StatusTable = "admissions" | "contact_inquiries" | "support_tickets";
/** Each of those tables' statuses, as its schema spells them. */
type StatusOf = { [T in StatusTable]: Database[T] extends { status: infer S } ? S : never };

/**
 * How many of the rows `rows` finds stand in each status, by status; a status with none is absent. Keyed by
 * the table's own statuses, so a misspelt one ("in-progress" for tickets' "in_progress") fails typecheck.
 */
export async function countByStatus<T extends StatusTable>(
  rows: SelectQueryBuilder<Database, T, Record<string, never>>,
): Promise<Partial<Record<StatusOf[T], number>>> {
  const counted = await rows
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  // The keys are the rows' own statuses, read from the status column grouped on.
  return Object.fromEntries(counted.map((r) => [r.status, Number(r.n)])) as Partial<Record<StatusOf[T], number>>;
}
