/** The account messages server and client share (sign-in, passwords, codes, profile): shared/messages.ts reads them. */
import en from "./en/account.json";
import { namespace } from "./translate.ts";

export const account = namespace("account", en, { hi: () => import("./hi/account.json"), mr: () => import("./mr/account.json") });
