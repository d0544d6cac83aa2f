import { afterEach, describe, expect, test } from "bun:test";
import { wallClock, wallClockAt } from "./institute-clock.ts";

const deviceZone = process.env.TZ;
afterEach(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

/** A Date's fields as this device's calendar shows them. */
const fields = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];

describe("the institute's wall clock on this device's calendar", () => {
  test("wallClock: the server's …Local reading, field for field, whatever the device's zone", () => {
    for (const device of ["UTC", "America/New_York", "Asia/Tokyo"]) {
      process.env.TZ = device;
      expect(fields(wallClock("2026-11-26T08:30"))).toEqual([2026, 11, 26, 8, 30]);
    }
  });

  test("wallClockAt: a moment as the institute's clock reads it (the greeting's hour), whatever the device's zone", () => {
    const at = new Date("2026-11-26T13:57:00Z");
    for (const device of ["UTC", "America/New_York", "Asia/Tokyo"]) {
      process.env.TZ = device;
      expect(fields(wallClockAt(at, "Asia/Kolkata"))).toEqual([2026, 11, 26, 19, 27]);
      expect(fields(wallClockAt(new Date("2026-11-26T20:00:00Z"), "Asia/Kolkata"))).toEqual([2026, 11, 27, 1, 30]);
    }
    // Not known yet: the moment as it is.
    expect(wallClockAt(at, undefined)).toBe(at);
  });
});
