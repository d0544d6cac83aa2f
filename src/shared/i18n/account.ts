/** The account messages server and client share (sign-in, passwords, codes, profile): shared/messages.ts reads them. */
import en from "./en/account.json";
import { namespace } from "./translate.ts";

export const account = namespace("account", en, {
  hi: () => import("./hi/basics.ts").then((m) => ({ default: m.account })),
  mr: () => import("./mr/basics.ts").then((m) => ({ default: m.account })),
});
