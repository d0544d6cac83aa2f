/**
 * CSV files for spreadsheets (RFC 4180: CRLF rows, fields with a comma, quote or line break quoted and
 * quotes doubled). A cell that starts with =, +, -, @, tab or carriage return is prefixed with ' so a
 * spreadsheet shows it as text instead of running it as a formula (CSV injection).
 */
import { zonedLocalOrNull } from "./calendar.ts";

/**
 * A reference written only in digits (a UPI transaction's 12-digit UTR, a cheque or draft number with leading
 * zeros), kept as text in a spreadsheet: Excel opens a bare 123456789012 as 1.23457E+11 and "000111" as 111, which
 * breaks a reconciliation against the bank statement (walk 32a). Written as ="…", which Excel, Google Sheets and
 * Numbers read as that text; only digits are so written, so nothing of the office's or a student's can become a formula.
 */
export class CsvText {
  constructor(readonly value: string) {}
}
export const asText = (value: string | null | undefined): CsvText | null => (value == null ? null : new CsvText(value));

export type CsvValue = string | number | boolean | null | undefined | CsvText;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof CsvText) return /^\d+$/.test(value.value) ? `"=""${value.value}"""` : csvCell(value.value);
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as lines, each ended with CRLF. */
const csvLines = (rows: readonly (readonly CsvValue[])[]) => rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");

/** The header row and the rows, each line ended with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvLines([header, ...rows]);
}

/**
 * A file a spreadsheet opens right: UTF-8 with a byte order mark, so Excel reads Devanagari and Indian
 * names correctly instead of guessing a Western code page. Every CSV the office downloads is one.
 */
export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${toCsv(header, rows)}`;
}

/**
 * spreadsheetCsv as a stream: the byte order mark and the header at once, then each page of rows as it is
 * read (platform/paging.ts: newestFirstExport), so a file of any length is never whole in memory.
 */
export function spreadsheetCsvStream<Row>(
  header: readonly string[],
  pages: AsyncIterable<Row[]>,
  cells: (row: Row) => readonly CsvValue[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(spreadsheetCsv(header, [])));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(next.value.map(cells))));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

/** A stored moment (ISO, UTC) as a spreadsheet cell: the institute's wall clock, "YYYY-MM-DD HH:MM". */
export function csvMoment(iso: string | null, timeZone: string): string | null {
  return zonedLocalOrNull(iso, timeZone)?.replace("T", " ") ?? null;
}

/** One record of a parsed file: its cells and the line it starts on (1-based, as a text editor counts). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Reads a CSV file a person saved from a spreadsheet (issue 18: marks uploads): comma-separated, fields
 * optionally in double quotes (quotes doubled inside, line breaks allowed), rows ended by CRLF, LF or CR, a
 * leading byte-order mark ignored. Never throws: an unclosed quote runs to the end of the file. Blank lines
 * are left out, but every record keeps the line it starts on, so a message can name the row a person sees.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endCell = () => {
    cells.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (touched || cells.length > 1 || cells[0] !== "") records.push({ line: start, cells });
    cells = [];
    touched = false;
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n" || (ch === "\r" && src[i + 1] !== "\n")) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      quoted = true;
      touched = true;
    } else if (ch === ",") endCell();
    else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== "" || cells.length > 0 || touched) endRecord();
  return records;
}
