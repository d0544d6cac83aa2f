/**
 * CSV files for spreadsheets (RFC 4180: CRLF rows, fields with a comma, quote or line break quoted and
 * quotes doubled). A cell that starts with =, +, -, @, tab or carriage return is prefixed with ' so a
 * spreadsheet shows it as text instead of running it as a formula (CSV injection).
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header row and the rows, each line ended with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
