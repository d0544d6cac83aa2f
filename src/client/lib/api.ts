/**
 * The REST paths the client calls directly: the uploads (multipart, through XMLHttpRequest for progress
 * events), with the bearer token and failures normalised (lib/errors.ts). Every other call is tRPC
 * (lib/trpc.ts); downloads are lib/download.ts.
 */

import { useCallback, useEffect, useRef } from "react";
import { MSG } from "../../shared/messages.ts";
import { ApiError, CLIENT_MSG, normaliseError, reportFailure } from "./errors.ts";
import { readToken } from "./storage.ts";
import { bearerHeader } from "./trpc.ts";

export const API_BASE = "/api";

const apiUrl = (path: string) => (path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path.startsWith("/") ? "" : "/"}${path}`);

/** The error the server's envelope `{ success: false, message, errors }` describes. */
function errorFromBody(body: unknown, status: number): ApiError {
  const envelope = (typeof body === "object" && body !== null ? body : {}) as { message?: unknown; errors?: unknown };
  const message = typeof envelope.message === "string" && envelope.message.trim() ? envelope.message : MSG.genericError;
  const errors =
    typeof envelope.errors === "object" && envelope.errors !== null && !Array.isArray(envelope.errors)
      ? (envelope.errors as Record<string, string[]>)
      : null;
  return new ApiError(message, status, errors);
}

const parseJson = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export interface UploadOptions {
  method?: "POST" | "PUT";
  signal?: AbortSignal;
  /**
   * Gives up when no progress was made for this long. Not the 10-second call timeout: a 20 MB
   * application on mobile data takes minutes, and that is fine while bytes keep moving.
   */
  stallTimeoutMs?: number;
  /** extra request headers (e.g. an applicant's access grant), sent with the bearer token */
  headers?: Record<string, string>;
}

/**
 * Sends a multipart form and reports upload progress as a whole percentage (0–100). Resolves with
 * the response body; rejects with a normalised ApiError.
 */
export function uploadWithProgress<T = unknown>(
  url: string,
  formData: FormData,
  onProgress: (percent: number) => void,
  { method = "POST", signal, stallTimeoutMs = 60_000, headers = {} }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: ApiError) => {
      clearTimeout(stallTimer);
      signal?.removeEventListener("abort", onAbort);
      reject(reportFailure(error));
    };
    const armStallTimer = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        xhr.abort();
        fail(new ApiError(CLIENT_MSG.timeout, null));
      }, stallTimeoutMs);
    };
    const onAbort = () => {
      xhr.abort();
      fail(new ApiError(CLIENT_MSG.aborted, null));
    };

    xhr.open(method, apiUrl(url));
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries({ ...headers, ...bearerHeader(readToken()) })) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener("progress", (event) => {
      armStallTimer();
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener("load", () => {
      clearTimeout(stallTimer);
      signal?.removeEventListener("abort", onAbort);
      const payload = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(payload as T);
      } else {
        fail(errorFromBody(payload, xhr.status));
      }
    });
    // Sent while online, the file may have reached the server before the line dropped (lib/errors.ts:
    // transportMessage); sent offline, it did not.
    const sent = globalThis.navigator?.onLine !== false;
    xhr.addEventListener("error", () => fail(new ApiError(sent ? CLIENT_MSG.unsure : CLIENT_MSG.network, null)));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    armStallTimer();
    xhr.send(formData);
  });
}

/**
 * An upload the person can stop (a Cancel beside its progress bar) and that stops when its page goes: the signal
 * to hand to `uploadWithProgress`, and whether a failure was that stop rather than a real one. On a slow line a
 * 10 MB file takes minutes (walk 33b: an assignment's upload at 20 KB/s had no way out but to wait). Kept beside the
 * upload itself: a module of its own was one more chunk the first script names.
 */
export function useUploadAbort() {
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  /** A new upload's signal (the one a Cancel stops). */
  const start = useCallback(() => {
    const controller = new AbortController();
    current.current = controller;
    return controller.signal;
  }, []);
  /** Stops the upload under way, if any. */
  const cancel = useCallback(() => current.current?.abort(), []);
  /** After the upload ended: whether it ended by a Cancel (or the page going), and the signal let go. */
  const stopped = useCallback((signal: AbortSignal, err?: unknown) => {
    if (current.current?.signal === signal) current.current = null;
    return signal.aborted || (err !== undefined && normaliseError(err).message === CLIENT_MSG.aborted);
  }, []);
  return { start, cancel, stopped };
}
