/** A list the office filters, downloaded whole as a spreadsheet file (applications, students). */
import type { AppDeps } from "../deps.ts";
import { type AuditEntry, audit } from "./audit.ts";
import { localDate } from "./calendar.ts";
import { type CsvValue, spreadsheetCsvStream } from "./csv.ts";

/**
 * The rows an export reads a page at a time (paging.ts: newestFirstExport) streamed as a spreadsheet CSV; the
 * activity log counts them as the export starts (with what `entry.details` adds: the list's filters), and the
 * file is named after the institute's date (`name-YYYY-MM-DD.csv`).
 */
export async function listCsvExport<Row>(
  deps: Pick<AppDeps, "db" | "now">,
  rows: { count: number; pages: AsyncIterable<Row[]> },
  file: { name: string; timeZone: string; header: readonly string[]; cells: (row: Row) => readonly CsvValue[] },
  entry: AuditEntry,
) {
  const now = deps.now();
  const csv = spreadsheetCsvStream(file.header, rows.pages, file.cells);
  await audit(deps.db, now, { ...entry, details: { rows: rows.count, ...entry.details } });
  return { filename: `${file.name}-${localDate(now, file.timeZone)}.csv`, csv };
}
