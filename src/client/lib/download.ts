/**
 * The one way the client downloads a file the server makes for a signed-in user (a CSV export, the analytics
 * report, a backup archive): fetched with the bearer token, turned into a blob and saved through a temporary
 * link, under the name the server gave.
 */
import { MSG } from "../../shared/messages.ts";
import { ApiError, CLIENT_MSG, reportFailure, transportMessage } from "./errors.ts";
import { readToken } from "./storage.ts";
import { bearerHeader, type FetchLike, fetchWithTimeout } from "./trpc.ts";

/** A report or an archive takes longer than an ordinary call's 10 seconds. */
export const DOWNLOAD_TIMEOUT_MS = 120_000;

/** The file name of a Content-Disposition header (plain or RFC 5987 `filename*=`), else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  const raw = extended?.[1] ?? plain?.[1];
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw.trim()) || fallback;
  } catch {
    return raw.trim() || fallback;
  }
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
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
}

export interface DownloadOptions {
  /** the name to use when the server does not give one */
  fallbackName: string;
  accept?: string;
  /** tests pass a stand-in for the network */
  fetch?: FetchLike;
  /** tests replace the browser's save */
  save?: (blob: Blob, name: string) => void;
}

/** Downloads `url` (an /api path); resolves with the saved file's name. Failures are ApiErrors (a 401 ends the session). */
export async function downloadFile(
  url: string,
  { fallbackName, accept = "*/*", fetch, save = saveBlob }: DownloadOptions,
): Promise<string> {
  let response: Response;
  try {
    response = await fetchWithTimeout(DOWNLOAD_TIMEOUT_MS, fetch)(url, { headers: { Accept: accept, ...bearerHeader(readToken()) } });
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
  const name = fileNameFrom(response.headers.get("Content-Disposition"), fallbackName);
  save(blob, name);
  return name;
}

/**
 * "Export CSV" of an admin list (students, applications): the address where the server builds the file from the
 * list's current search and status (`GET <path>?search=&status=`, REST only).
 */
export function listCsvUrl(path: string, list: { search: string; status: string }, more: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams();
  params.set("search", list.search);
  if (list.status && list.status !== "all") params.set("status", list.status);
  for (const [key, value] of Object.entries(more)) if (value) params.set(key, value);
  return `${path}?${params.toString()}`;
}

/** A list export's name when the server gives none: "students-2026-11-26.csv". */
export const listCsvName = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
