/**
 * "Export CSV": the server builds the file from the list's current search and status
 * (`GET /api/admin/students/export.csv`, REST only); lib/download.ts saves it.
 */
import { downloadFile } from "../../lib/download.ts";
import type { FetchLike } from "../../lib/trpc.ts";

export const exportUrl = (search: string, status: string) => {
  const params = new URLSearchParams();
  params.set("search", search);
  if (status && status !== "all") params.set("status", status);
  return `/api/admin/students/export.csv?${params.toString()}`;
};

/** Downloads the CSV; resolves with the file name. Failures are ApiErrors (a 401 ends the session). */
export function downloadStudentsCsv(search: string, status: string, fetch?: FetchLike): Promise<string> {
  return downloadFile(exportUrl(search, status), {
    fallbackName: `students-${new Date().toISOString().slice(0, 10)}.csv`,
    accept: "text/csv",
    fetch,
  });
}
