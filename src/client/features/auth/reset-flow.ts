/**
 * How the password-reset pages hand over to each other (spec part 1 §2):
 * - forgot → verify: the e-mail address and account type travel in the query string
 *   (`/verify-otp?email=…&userType=…`), so a reload of the code page still works. Neither is a secret:
 *   it is the address the person just typed.
 * - verify → reset: the reset token is a secret (it sets a password for 10 minutes), so it never enters
 *   the URL, history state or storage. It stays in this module's memory; a reload of /reset-password
 *   forgets it and the page sends the person back to /forgot-password, as the spec says.
 */
import { MSG } from "../../../shared/messages.ts";
import { USER_TYPES } from "../../../shared/schemas/auth.ts";
import { type ApiError, normaliseError } from "../../lib/errors.ts";

export type UserType = (typeof USER_TYPES)[number];

export interface ResetAddress {
  email: string;
  userType: UserType;
}

const isUserType = (value: string | null): value is UserType => USER_TYPES.includes(value as UserType);

/** `?email=…&userType=…` for the given address (only the parts that are set). */
export function addressQuery({ email, userType }: Partial<ResetAddress>): string {
  const params = new URLSearchParams();
  if (email) params.set("email", email);
  if (userType) params.set("userType", userType);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The address passed in a query string; null without an e-mail address. The type defaults to student. */
export function readAddress(search: string): ResetAddress | null {
  const params = new URLSearchParams(search);
  const email = params.get("email")?.trim() ?? "";
  if (!email.includes("@")) return null;
  const type = params.get("userType");
  return { email, userType: isUserType(type) ? type : "student" };
}

/** Only the account type of a query string (to pre-select the switch). */
export function readUserType(search: string): UserType | null {
  const type = new URLSearchParams(search).get("userType");
  return isUserType(type) ? type : null;
}

export interface PendingReset extends ResetAddress {
  resetToken: string;
}

let pendingReset: PendingReset | null = null;

/** Called by the code page once the code was right. */
export function handOverReset(reset: PendingReset): void {
  pendingReset = reset;
}

/** What the reset page works with; null after a reload or once used. */
export function pendingResetState(): PendingReset | null {
  return pendingReset;
}

/** Forgets the token (used, expired, or a test starting afresh). */
export function clearPendingReset(): void {
  pendingReset = null;
}

/**
 * The server's message when the server answered with one, else the screen's own fallback (spec part 1
 * §8: "server message or '…'"). A failure without an answer (offline, timeout) gets the fallback too.
 */
export function serverMessageOr(err: unknown, fallback: string): { error: ApiError; message: string } {
  const error = normaliseError(err);
  const fromServer = error.status !== null && error.message !== MSG.genericError;
  return { error, message: fromServer ? error.message : fallback };
}
