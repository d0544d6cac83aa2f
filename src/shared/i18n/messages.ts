/** The messages server and client share (errors, sign-in, codes, passwords): shared/messages.ts reads them. */
import en from "./en/messages.json";
import { namespace } from "./translate.ts";

export const messages = namespace("messages", en, { hi: () => import("./hi/messages.json"), mr: () => import("./mr/messages.json") });
