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

/** The words of a search, split on white space; a search of more is cut to its first SEARCH_WORDS. */
const SEARCH_WORDS = 8;
export const searchWords = (term: string) => term.trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS);

/** The apostrophes people type: the straight one, and the curly ones a phone's keyboard puts in. */
const APOSTROPHE = /['‘’ʼ]/;
const APOSTROPHES = new RegExp(APOSTROPHE.source, "g");

/**
 * A word with an apostrophe, written each way ("D’Souza" → "D’Souza", "D'Souza"): names are stored as they were
 * typed, with either, so a search looks for both (stop 48 read the search's curly quotes as straight, and lost
 * the names stored curly). A word without one is itself.
 */
export function apostropheForms(word: string): string[] {
  if (!APOSTROPHE.test(word)) return [word];
  return [...new Set([word, word.replace(APOSTROPHES, "'"), word.replace(APOSTROPHES, "’")])];
}

/** True when any of the columns contains the term (with an apostrophe, written either way). */
export function anyColumnContains(columns: string[], term: string): Expression<SqlBool> {
  const patterns = apostropheForms(term).map(containsPattern);
  return sql<SqlBool>`(${sql.join(
    columns.flatMap((c) => patterns.map((pattern) => likeEscaped(c, pattern))),
    sql` or `,
  )})`;
}

/** Any of the expressions: the one itself, or them joined with OR. */
const either = (all: Expression<SqlBool>[]) => (all.length === 1 ? all[0]! : sql<SqlBool>`(${sql.join(all, sql` or `)})`);

/** The columns that hold phone numbers: found by their digits too, however they were spaced when typed. */
const PHONE_COLUMNS = new Set(["phone", "mobile"]);

/**
 * A term written as people write phone numbers ("98220 12345", "+91 98220-12345", "098220 12345") → its
 * national digits ("9822012345"); null for any other term, or fewer than eight digits (an application or
 * student number's digits, "002500" or "2026", are not looked for in phones: walk 13b, a scan of every row).
 */
export function phoneDigits(term: string): string | null {
  if (!/^\+?[\d\s-]+$/.test(term.trim())) return null;
  let digits = term.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= 8 ? digits : null;
}

/** A phone column without its spaces, hyphens and plus. */
const digitsOf = (column: string) => sql`replace(replace(replace(${sql.ref(column)}, ' ', ''), '-', ''), '+', '')`;

/**
 * True when every word of the term is in one of the table's searchable columns ("Rahul Kumar": Rahul in the
 * first name, Kumar in the last; thirteenth walk: the whole phrase was looked for in each column, and found
 * nowhere): each word (one with an apostrophe written either way) through the table's text index when the
 * database has one (db/connection.ts, issue 9: a LIKE scan of 100,000 applications took 70 ms), with LIKE
 * otherwise. A term that is a phone number also finds a phone column holding its digits, spaced or not (a scan
 * of the column: 60–100 ms over 100,000 applications, so only for eight digits or more). The columns must be
 * the ones the index was made over (migrations/…-text-search).
 */
export function textContains(db: object, table: string, columns: string[], term: string): Expression<SqlBool> {
  const digits = phoneDigits(term);
  // A phone number's groups are not words: "91000 02500" found every row holding both blocks (walk 13b).
  const words = digits === null ? searchWords(term) : [term.trim()];
  const each = (words.length ? words : [term]).map((word) => {
    const indexed = apostropheForms(word).map((form) => indexedContains(db, table, form));
    if (indexed.every((found): found is Expression<SqlBool> => found !== null)) return either(indexed);
    return anyColumnContains(
      columns.map((c) => `${table}.${c}`),
      word,
    );
  });
  const all = each.length === 1 ? each[0]! : sql<SqlBool>`(${sql.join(each, sql` and `)})`;
  const phones = columns.filter((c) => PHONE_COLUMNS.has(c));
  if (digits === null || phones.length === 0) return all;
  const byDigits = phones.map((c) => sql<SqlBool>`${digitsOf(`${table}.${c}`)} like ${`%${digits}%`}`);
  return either([all, ...byDigits]);
}
