/**
 * The server's part of the one password policy (DECISIONS 9): the shared schema checks length and
 * character classes; here we also refuse the ~49,000 most common passwords (the frequency-ordered list
 * shipped by @zxcvbn-ts/language-common) and passwords equal to the account's own identifiers.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { ACCOUNT_MSG } from "../../shared/account-messages.ts";
import { fieldError } from "./errors.ts";

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())));

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Throws a 400 with the field's message when the password is common or equals an identifier. */
export function assertAcceptablePassword(password: string, field: string, identifiers: (string | null | undefined)[] = []) {
  const lower = password.toLowerCase();
  if (isCommonPassword(password)) {
    throw fieldError("BAD_REQUEST", field, ACCOUNT_MSG.passwordTooCommon);
  }
  if (identifiers.some((id) => id && id.toLowerCase() === lower)) {
    throw fieldError("BAD_REQUEST", field, ACCOUNT_MSG.passwordSameAsEmail);
  }
}
