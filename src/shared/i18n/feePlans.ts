/** Fee plans (issue 19): each programme's instalment days and late fee, raising a term's fees, concessions and the fee settings. */
import en from "./en/feePlans.json";
import { namespace } from "./translate.ts";

export const feePlans = namespace("feePlans", en, {
  hi: () => import("./hi/studies.ts").then((m) => ({ default: m.feePlans })),
  mr: () => import("./mr/studies.ts").then((m) => ({ default: m.feePlans })),
});
