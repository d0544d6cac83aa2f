/** Case-insensitive "contains" search with LIKE, escaping the user's % and _ (standard SQL ESCAPE). */
import { type Expression, type SqlBool, sql } from "kysely";

export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** `column LIKE pattern ESCAPE '\'` for a pattern made by containsPattern. */
export function likeEscaped(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** True when any of the columns contains the term. */
export function anyColumnContains(columns: string[], term: string): Expression<SqlBool> {
  const pattern = containsPattern(term);
  return sql<SqlBool>`(${sql.join(columns.map((c) => likeEscaped(c, pattern)), sql` or `)})`;
}
