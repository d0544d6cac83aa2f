/** A count as a column of a larger select: `(select count(*) from … where …) as units`. */
import type { SelectQueryBuilder } from "kysely";

/**
 * The rows `rows` finds, counted and read as a number, named `alias` in the outer select: a subject's units
 * beside the subject, the dashboard's totals in one round trip. `rows` selects nothing of its own.
 */
export function countAs<DB, TB extends keyof DB, A extends string>(rows: SelectQueryBuilder<DB, TB, Record<string, never>>, alias: A) {
  return rows.select((eb) => eb.fn.countAll<number>().as("n")).as(alias);
}
