/**
 * The account texts server and client share (sign-in, passwords, codes, profile), read in the current
 * language at each use like MSG (shared/messages.ts). A module of its own so the first download, which
 * needs none of them, does not carry them.
 */
import { account } from "./i18n/account.ts";
import en from "./i18n/en/account.json";
import { table } from "./messages.ts";

export const ACCOUNT_MSG = table(account, en);
