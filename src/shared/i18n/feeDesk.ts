/** The office's fee desk (issue 19): payments to confirm, recording payments, receipts and their cancellation. */
import en from "./en/feeDesk.json";
import { namespace } from "./translate.ts";

export const feeDesk = namespace("feeDesk", en, {
  hi: () => import("./hi/studies.ts").then((m) => ({ default: m.feeDesk })),
  mr: () => import("./mr/studies.ts").then((m) => ({ default: m.feeDesk })),
});
