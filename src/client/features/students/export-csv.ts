/** "Export CSV" of Student Management: `GET /api/admin/students/export.csv` with the list's search and status. */
import { downloadListCsv } from "../../lib/download.ts";
import type { FetchLike } from "../../lib/trpc.ts";

/** Downloads the CSV; resolves with the file name. Failures are ApiErrors (a 401 ends the session). */
export const downloadStudentsCsv = (search: string, status: string, fetch?: FetchLike) =>
  downloadListCsv("/api/admin/students/export.csv", { search, status, name: "students" }, fetch);
