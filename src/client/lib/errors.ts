/**
 * One shape for every failed call (spec part 1 §7): message (the server's, else the client's, else
 * 'An error occurred'), HTTP status (null when no answer arrived) and field errors.
 */
import { isTRPCClientError } from "@trpc/client";
import { common } from "../../shared/i18n/common.ts";
import { labelsOf } from "../../shared/i18n/translate.ts";
import { MSG } from "../../shared/messages.ts";

export type FieldErrors = Record<string, string[]>;

/** Client-side messages for failures that never reached the server, in the chosen language. */
export const CLIENT_MSG = labelsOf(["timeout", "network", "unsure", "aborted"], (key) => common.t(`error.${key}`));

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly errors: FieldErrors | null = null,
    /** the server's word for why ("link_expired"), whatever language the message is in */
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

const nonEmpty = (s: unknown): s is string => typeof s === "string" && s.trim() !== "";

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((list) => Array.isArray(list) && list.every((m) => typeof m === "string"))
  );
}

/**
 * A failure below HTTP: timeout, cancellation, or (for a rejection that came from fetch itself) no
 * network — fetch rejects with a TypeError ("Failed to fetch", "Load failed" …) when it cannot connect, or
 * when the line dropped before the answer: for a write (`unanswered`, lib/trpc.ts) nobody can tell whether
 * the server made it, so the message says to check first (walk 16b: "try again" recorded a payment twice).
 */
export function transportMessage(err: unknown, fromFetch = false): string | null {
  if (typeof err !== "object" || err === null || !("name" in err)) return null;
  if (err.name === "TimeoutError") return CLIENT_MSG.timeout;
  if (err.name === "AbortError") return CLIENT_MSG.aborted;
  if (fromFetch && err.name === "TypeError") return "unanswered" in err ? CLIENT_MSG.unsure : CLIENT_MSG.network;
  return null;
}

export function normaliseError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;

  if (isTRPCClientError(err)) {
    const data = err.data as { httpStatus?: unknown; fieldErrors?: unknown; reason?: unknown } | undefined;
    if (!data) {
      // No tRPC error body: the request failed on the way (timeout, network) or the answer was not tRPC's.
      return new ApiError(transportMessage(err.cause, true) ?? MSG.genericError, null);
    }
    return new ApiError(
      nonEmpty(err.message) ? err.message : MSG.genericError,
      typeof data.httpStatus === "number" ? data.httpStatus : null,
      isFieldErrors(data.fieldErrors) ? data.fieldErrors : null,
      typeof data.reason === "string" ? data.reason : null,
    );
  }

  const transport = transportMessage(err);
  if (transport) return new ApiError(transport, null);
  if (err instanceof Error && nonEmpty(err.message)) return new ApiError(err.message, null);
  if (nonEmpty(err)) return new ApiError(err, null);
  return new ApiError(MSG.genericError, null);
}

/**
 * What a failed action tells the person: what happened on the way when no answer came ("We could not reach
 * the server…" offline, a timeout), the server's own words when it refused for a reason they can act on (a
 * 4xx such as "This e-mail address is already used…"), else the spec's fallback text.
 */
export function failureMessage(err: unknown, fallback: string): string {
  const { status, message } = normaliseError(err);
  if (status === null) return [CLIENT_MSG.network, CLIENT_MSG.unsure, CLIENT_MSG.timeout].includes(message) ? message : fallback;
  return status >= 400 && status < 500 && status !== 401 ? message : fallback;
}

/** The first message for each field, as forms show it next to the field. */
export function firstFieldErrors(errors: FieldErrors | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) if (messages[0]) out[field] = messages[0];
  return out;
}

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribes to 401 answers from any call (tRPC through the query cache, REST, uploads). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Normalises a failure and tells the 401 listeners when the server no longer accepts the session. */
export function reportFailure(err: unknown): ApiError {
  const error = normaliseError(err);
  if (error.status === 401) for (const listener of unauthorizedListeners) listener(error);
  return error;
}
