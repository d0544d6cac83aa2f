/** Fees (issue 19): instalments, concessions, UPI payments, receipts, the office's dues and collections, and the schemas' messages. */
import en from "./en/fees.json";
import { namespace } from "./translate.ts";

export const fees = namespace("fees", en, {
  hi: () => import("./hi/studies.ts").then((m) => ({ default: m.fees })),
  mr: () => import("./mr/studies.ts").then((m) => ({ default: m.fees })),
});
