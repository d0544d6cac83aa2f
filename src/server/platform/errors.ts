/**
 * The one typed error services throw. Each adapter maps it to its transport: REST status with
 * { success: false, message, errors } and tRPC codes with the field errors in `data`.
 */

import { MSG } from "../../shared/messages.ts";
import type { FieldErrors } from "../../shared/schemas/common.ts";

/** Why a request was refused, for the client to act on (the message is for people, in their language). */
export type ErrorReason = "link_expired" | "already_decided";

export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

export const HTTP_STATUS: Record<AppErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503 | 500> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: FieldErrors;
  /** seconds, for 429 answers */
  readonly retryAfter?: number;
  /** a word a program can act on whatever language the message is in, e.g. "link_expired" */
  readonly reason?: ErrorReason;

  constructor(code: AppErrorCode, message: string, opts: { fieldErrors?: FieldErrors; retryAfter?: number; reason?: ErrorReason } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = opts.fieldErrors;
    this.retryAfter = opts.retryAfter;
    this.reason = opts.reason;
  }

  get status() {
    return HTTP_STATUS[this.code];
  }
}

export const badRequest = (message: string = MSG.invalidInput, fieldErrors?: FieldErrors) =>
  new AppError("BAD_REQUEST", message, { fieldErrors });
/** A refusal about one field: its message heads the answer and stands beside that field in the form. */
export const fieldError = (code: AppErrorCode, field: string, message: string) =>
  new AppError(code, message, { fieldErrors: { [field]: [message] } });
export const unauthorized = (message: string = MSG.notAuthenticated) => new AppError("UNAUTHORIZED", message);
export const forbidden = (message: string = MSG.forbidden) => new AppError("FORBIDDEN", message);
export const notFound = (message: string = MSG.notFound) => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
/** A limit's refusal; without words of its own it says how many minutes are left (Retry-After, rounded up). */
export const tooManyRequests = (retryAfter: number, message: string = MSG.tooManyRequests(Math.ceil(retryAfter / 60))) =>
  new AppError("TOO_MANY_REQUESTS", message, { retryAfter });

/**
 * A value the database could not take as sent — PostgreSQL's SQLSTATE class 22, "data exception": a NUL
 * character in text, a number out of an integer column's range (issue 21) — is the request's fault: a 400
 * saying the input is not valid, not a 500. null for anything else (SQLite's codes are SQLITE_…).
 */
export function fromDatabaseError(err: unknown): AppError | null {
  const code = typeof err === "object" && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code) ? new AppError("BAD_REQUEST", MSG.invalidInput) : null;
}

/**
 * A row refused by a UNIQUE index on `column` (PostgreSQL's 23505 naming the column in its detail or constraint,
 * SQLite's "UNIQUE constraint failed: table.column"): what a check made before the insert could not rule out
 * when two requests insert at once. The caller answers it as the conflict it is, not a 500.
 */
export function isUniqueViolation(err: unknown, column: string): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, detail, constraint, message } = err as { code?: unknown; detail?: unknown; constraint?: unknown; message?: unknown };
  // The detail names the key as "Key (column)=(value)": matched by its parenthesised name, never by a value.
  if (code === "23505")
    return (
      (typeof detail === "string" && detail.includes(`(${column})=`)) || (typeof constraint === "string" && constraint.includes(column))
    );
  return typeof message === "string" && new RegExp(`UNIQUE constraint failed: .*\\b\\w+\\.${column}\\b`).test(message);
}
