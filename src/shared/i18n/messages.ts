/** The general messages server and client share (errors, limits, maintenance): shared/messages.ts reads them. */
import en from "./en/messages.json";
import { namespace } from "./translate.ts";

export const messages = namespace("messages", en, {
  hi: () => import("./hi/basics.ts").then((m) => ({ default: m.messages })),
  mr: () => import("./mr/basics.ts").then((m) => ({ default: m.messages })),
});
