/**
 * "Export CSV": the server builds the file from the list's current search and status
 * (`GET /api/admin/students/export.csv`, REST only); the browser saves it through a temporary link.
 */
import { MSG } from "../../../../shared/messages.ts";
import { ApiError, CLIENT_MSG, reportFailure, transportMessage } from "../../../lib/errors.ts";
import { readToken } from "../../../lib/storage.ts";
import { bearerHeader, type FetchLike, fetchWithTimeout } from "../../../lib/trpc.ts";

/** A large export takes longer than an ordinary call's 10 seconds. */
const EXPORT_TIMEOUT_MS = 60_000;

export const exportUrl = (search: string, status: string) => {
  const params = new URLSearchParams();
  params.set("search", search);
  if (status && status !== "all") params.set("status", status);
  return `/api/admin/students/export.csv?${params.toString()}`;
};

/** The file name the server chose (Content-Disposition), else one with today's date. */
export function fileNameOf(disposition: string | null, today: Date = new Date()): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  if (match?.[1]) return decodeURIComponent(match[1]);
  return `students-${today.toISOString().slice(0, 10)}.csv`;
}

/** Downloads the CSV; resolves with the file name. Failures are ApiErrors (a 401 ends the session). */
export async function downloadStudentsCsv(search: string, status: string, baseFetch?: FetchLike): Promise<string> {
  let response: Response;
  try {
    response = await fetchWithTimeout(EXPORT_TIMEOUT_MS, baseFetch)(exportUrl(search, status), {
      headers: { Accept: "text/csv", ...bearerHeader(readToken()) },
    });
  } catch (err) {
    throw reportFailure(new ApiError(transportMessage(err, true) ?? CLIENT_MSG.network, null));
  }
  if (!response.ok) {
    let message: string = MSG.genericError;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === "string" && body.message.trim()) message = body.message;
    } catch {
      // not JSON: keep the generic message
    }
    throw reportFailure(new ApiError(message, response.status));
  }
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get("Content-Disposition"));
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
