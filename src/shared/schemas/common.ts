/** Building blocks reused by the feature schemas. */
import * as v from "valibot";
import { ACCOUNT_MSG } from "../account-messages.ts";

// One message per field: stop a field's checks at its first failure (on both sides).
v.setGlobalConfig({ abortPipeEarly: true });

/** A required text field: trimmed, and blank counts as missing. */
export const requiredText = (message: string, max = 500) =>
  v.pipe(requiredString(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `Must be at most ${max} characters`));

/**
 * A string that may arrive missing (a form field left out, an empty multipart value): missing becomes ""
 * so the field's own "… is required" message is reported instead of a generic "invalid key".
 */
export const requiredString = (message: string) => v.optional(v.string(message), "");

/** An optional text field: trimmed; blank becomes undefined. */
export const optionalText = (max = 500) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.maxLength(max, `Must be at most ${max} characters`),
    v.transform((s) => (s === "" ? undefined : s)),
  );

/** optionalText that also accepts null: what a form sends back after reading a stored empty value. */
export const clearableText = (max = 500) =>
  v.pipe(
    v.nullish(v.string(), ""),
    v.trim(),
    v.maxLength(max, `Must be at most ${max} characters`),
    v.transform((s) => (s === "" ? undefined : s)),
  );

/**
 * A required choice from a fixed list: nothing chosen says "<Label> is required"; a value outside the list
 * (an old bookmark, a hand-made request) says which values are allowed, with their labels where given.
 */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(
  options: T,
  label: string,
  labels?: Record<T[number], string>,
) =>
  v.pipe(
    requiredString(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.picklist(options, `${label}: please choose one of ${options.map((o) => labels?.[o as T[number]] ?? o).join(", ")}`),
  );

/** An e-mail address, trimmed and lower-cased. */
export const emailAddress = (requiredMessage: string = ACCOUNT_MSG.emailAddressRequired) =>
  v.pipe(
    requiredString(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(254, ACCOUNT_MSG.validEmail),
    v.email(ACCOUNT_MSG.validEmail),
    v.toLowerCase(),
  );

/** The one password policy (DECISIONS 9) for every password that is set. */
export const newPassword = v.pipe(
  requiredString(ACCOUNT_MSG.passwordRequired),
  v.nonEmpty(ACCOUNT_MSG.passwordRequired),
  v.minLength(8, ACCOUNT_MSG.passwordMin8),
  v.maxLength(128, ACCOUNT_MSG.passwordTooLong),
  v.regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, ACCOUNT_MSG.passwordComplexity),
);

/** A password being presented (login, current password): only required and bounded. */
export const presentedPassword = v.pipe(
  requiredString(ACCOUNT_MSG.passwordRequired),
  v.nonEmpty(ACCOUNT_MSG.passwordRequired),
  v.maxLength(1024, ACCOUNT_MSG.passwordRequired),
);

/** Field errors keyed by the field's dotted path, as both adapters and the forms report them. */
export type FieldErrors = Record<string, string[]>;

export function fieldErrorsOf(issues: v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "_form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** page / limit / search of a server-paginated list (query strings arrive as text). */
export const pageParams = (defaultLimit = 10, maxLimit = 100) => ({
  page: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.integer("Page must be a whole number"),
      v.minValue(1, "Page must be 1 or more"),
      v.maxValue(1_000_000, "Page must be at most 1,000,000"),
    ),
    1,
  ),
  limit: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.integer("Limit must be a whole number"),
      v.minValue(1, "Limit must be 1 or more"),
      v.maxValue(maxLimit, `Limit must be at most ${maxLimit}`),
    ),
    defaultLimit,
  ),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "Search must be at most 100 characters")), ""),
});

/** A record's id, from a path segment (text) or a tRPC input (number); anything else reads as `message`. */
export const recordId = (message: string) =>
  v.pipe(
    v.union([v.string(message), v.number(message)], message),
    v.transform(String),
    v.regex(/^[1-9]\d{0,11}$/, message),
    v.transform(Number),
  );

/** The list envelope of spec part 2 §7. */
export interface Pagination {
  totalItems: number;
  totalPages: number;
  currentPage: number;
  limit: number;
}
