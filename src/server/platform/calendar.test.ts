import { describe, expect, test } from "bun:test";
import { localDate, startOfMonth, startOfPreviousMonth, zonedInstant, zonedLocal, zonedLocalOrNull } from "./calendar.ts";

describe("calendar in the institute's time zone", () => {
  test("India: the month starts at 00:00 IST, which is 18:30 UTC the day before", () => {
    const now = new Date("2026-11-22T06:30:00.000Z");
    expect(startOfMonth(now, "Asia/Kolkata").toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(startOfPreviousMonth(now, "Asia/Kolkata").toISOString()).toBe("2026-09-30T18:30:00.000Z");
    // 00:30 IST on 1 November is November, though UTC still says October.
    expect(startOfMonth(new Date("2026-10-31T19:00:00.000Z"), "Asia/Kolkata").toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(startOfPreviousMonth(new Date("2026-01-10T00:00:00.000Z"), "Asia/Kolkata").toISOString()).toBe("2025-11-30T18:30:00.000Z");
  });

  test("UTC and a daylight-saving zone", () => {
    expect(startOfMonth(new Date("2026-03-15T12:00:00.000Z"), "UTC").toISOString()).toBe("2026-03-01T00:00:00.000Z");
    // New York is on EDT (UTC-4) on 1 April and on EST (UTC-5) on 1 March.
    expect(startOfMonth(new Date("2026-04-10T12:00:00.000Z"), "America/New_York").toISOString()).toBe("2026-04-01T04:00:00.000Z");
    expect(startOfPreviousMonth(new Date("2026-04-10T12:00:00.000Z"), "America/New_York").toISOString()).toBe("2026-03-01T05:00:00.000Z");
  });

  test("the local date rolls over at local midnight", () => {
    expect(localDate(new Date("2026-11-22T18:29:59.000Z"), "Asia/Kolkata")).toBe("2026-11-22");
    expect(localDate(new Date("2026-11-22T18:30:00.000Z"), "Asia/Kolkata")).toBe("2026-11-23");
    expect(localDate(new Date("2026-11-22T18:30:00.000Z"), "UTC")).toBe("2026-11-22");
  });
});

describe("startOfMonth, asked again and again", () => {
  test("the remembered answer never outlives the minute a month starts in", () => {
    // 1 December 2026, 00:00 in India is 30 November 18:30 UTC.
    const before = new Date("2026-11-30T18:29:59.999Z");
    const after = new Date("2026-11-30T18:30:00.000Z");
    expect(startOfMonth(before, "Asia/Kolkata").toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(startOfMonth(after, "Asia/Kolkata").toISOString()).toBe("2026-11-30T18:30:00.000Z");
    expect(startOfMonth(before, "Asia/Kolkata").toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(startOfMonth(after, "UTC").toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });
});

describe("wall-clock times of the institute (issue 18)", () => {
  test("a form's date and time in India is the instant 5 h 30 min earlier in UTC, and reads back the same", () => {
    expect(zonedInstant("2026-12-01T10:00", "Asia/Kolkata").toISOString()).toBe("2026-12-01T04:30:00.000Z");
    expect(zonedInstant("2026-12-01T00:15", "Asia/Kolkata").toISOString()).toBe("2026-11-30T18:45:00.000Z");
    expect(zonedLocal(new Date("2026-11-30T18:45:00.000Z"), "Asia/Kolkata")).toBe("2026-12-01T00:15");
    expect(zonedLocal(zonedInstant("2027-03-28T09:30", "Europe/London"), "Europe/London")).toBe("2027-03-28T09:30");
    expect(() => zonedInstant("2026-12-01 10:00", "Asia/Kolkata")).toThrow();
  });

  test("a stored moment that may not have happened: its wall-clock time, or null (a book not returned, work not handed in)", () => {
    expect(zonedLocalOrNull("2026-11-30T18:45:00.000Z", "Asia/Kolkata")).toBe("2026-12-01T00:15");
    expect(zonedLocalOrNull(null, "Asia/Kolkata")).toBeNull();
  });
});
