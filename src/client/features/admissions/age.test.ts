import { describe, expect, test } from "bun:test";
import { ageInYears } from "./age.ts";

describe("age in years (365.25-day years)", () => {
  const now = new Date("2026-03-10T12:00:00");

  test("counts whole years", () => {
    expect(ageInYears("1995-04-12", now)).toBe(30);
    expect(ageInYears("1995-03-01", now)).toBe(31);
    expect(ageInYears("2008-03-10", now)).toBe(18);
  });

  test("uses 365.25-day years, not calendar birthdays", () => {
    // 2008-03-10 to 2026-03-10 is 6574 days (four leap days); 18 years of 365.25 days is 6574.5.
    const birthdayMorning = new Date("2026-03-10T06:00:00");
    expect(ageInYears("2008-03-10", birthdayMorning)).toBe(17);
    expect(ageInYears("2008-03-10", new Date("2026-03-10T12:00:00"))).toBe(18);
  });

  test("unknown, unreadable or future dates give no age", () => {
    expect(ageInYears(null, now)).toBeNull();
    expect(ageInYears("", now)).toBeNull();
    expect(ageInYears("not a date", now)).toBeNull();
    expect(ageInYears("2030-01-01", now)).toBeNull();
  });
});
