/**
 * The documented REST paths under /api (spec part 1 §7): JSON in and out, bearer token, 10-second
 * timeout, failures normalised (lib/errors.ts). Uploads go through XMLHttpRequest for progress events.
 */
import { REQUEST_TIMEOUT_MS } from "../../shared/constants.ts";
import { MSG } from "../../shared/messages.ts";
import { ApiError, CLIENT_MSG, normaliseError, reportFailure, transportMessage } from "./errors.ts";
import { readToken } from "./storage.ts";
import { bearerHeader, type FetchLike, fetchWithTimeout } from "./trpc.ts";

export const API_BASE = "/api";

const apiUrl = (path: string) => (path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path.startsWith("/") ? "" : "/"}${path}`);

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** sent as JSON, or as it is when FormData */
  body?: unknown;
  signal?: AbortSignal;
  /** tests pass a stand-in for the network */
  fetch?: FetchLike;
  timeoutMs?: number;
}

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

/** Calls `/api{path}` and resolves with the response body (only the body is used). */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? "GET" : "POST", body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = { Accept: "application/json", ...bearerHeader(readToken()) };
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetchWithTimeout(timeoutMs, options.fetch)(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    throw reportFailure(new ApiError(transportMessage(err, true) ?? normaliseError(err).message, null));
  }
  const payload = parseJson(await response.text());
  if (!response.ok) throw reportFailure(errorFromBody(payload, response.status));
  return payload as T;
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }),
  delete: <T = unknown>(path: string, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
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
    xhr.addEventListener("error", () => fail(new ApiError(CLIENT_MSG.network, null)));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    armStallTimer();
    xhr.send(formData);
  });
}
