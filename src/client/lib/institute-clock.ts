/**
 * A wall-clock "YYYY-MM-DDTHH:MM" of the institute's clock (the server's `…Local` fields: exam starts,
 * assignment due times) as that moment on this device's calendar, so it is written as the institute's
 * clock shows it whatever the device's own time zone: format.ts writes a `Date` as it stands, never moving it
 * to the institute's zone again (decision 025). Only for formatting, never for arithmetic. (Not in format.ts:
 * that module is in the first download, and only portal screens need this.)
 */
export function wallClock(local: string): Date {
  const [y = 0, m = 1, d = 1, h = 0, min = 0] = local.split(/[-T:]/).map(Number);
  return new Date(y, m - 1, d, h, min);
}
