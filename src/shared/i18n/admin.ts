/** The admin area's screens (and the server's texts behind them). */
import { ADMISSION_STATUSES, CONTACT_STATUSES } from "../constants.ts";
import en from "./en/admin.json";
import { namespace } from "./translate.ts";

export const admin = namespace("admin", en, { hi: () => import("./hi/admin.json"), mr: () => import("./mr/admin.json") });

type KnownStatus = (typeof ADMISSION_STATUSES)[number] | (typeof CONTACT_STATUSES)[number];
const STATUSES: readonly string[] = [...ADMISSION_STATUSES, ...CONTACT_STATUSES];

/** An application's or an inquiry's status in the reader's language; an unknown one made readable. */
export function statusName(status: string): string {
  if (STATUSES.includes(status)) return admin.t(`status.${status as KnownStatus}`);
  return status
    .split(/[-_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}
