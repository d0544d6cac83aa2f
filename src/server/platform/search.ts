/** Case-insensitive "contains" search with LIKE, escaping the user's % and _ (standard SQL ESCAPE). */
import { type Expression, type SqlBool, sql } from "kysely";
import { indexedContains } from "../../../db/connection.ts";

export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * `lower(column) LIKE lower(pattern) ESCAPE '\'` for a pattern made by containsPattern: case-insensitive
 * on both engines (SQLite's LIKE is already; PostgreSQL's is not, and its trigram indexes are made over
 * lower(column): db/connection.ts createTextIndex). Both sides are lowered by the same engine function.
 */
export function likeEscaped(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

/** True when any of the columns contains the term. */
export function anyColumnContains(columns: string[], term: string): Expression<SqlBool> {
  const pattern = containsPattern(term);
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => likeEscaped(c, pattern)),
    sql` or `,
  )})`;
}

/**
 * True when any of the table's searchable columns contains the term: through the table's text index
 * when the database has one (db/connection.ts, issue 9: a LIKE scan of 100,000 applications took 70 ms),
 * with LIKE otherwise. The columns must be the ones the index was made over (migrations/…-text-search).
 */
export function textContains(db: object, table: string, columns: string[], term: string): Expression<SqlBool> {
  return (
    indexedContains(db, table, term) ??
    anyColumnContains(
      columns.map((c) => `${table}.${c}`),
      term,
    )
  );
}
