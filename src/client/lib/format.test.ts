import { afterEach, describe, expect, test } from "bun:test";
import {
  daysSince,
  formatDate,
  formatDateTime,
  formatDayAndTime,
  formatNumber,
  formatTime,
  formatWeekdayDate,
  plural,
  setFormatLocale,
  setFormatTimeZone,
  toDate,
} from "./format.ts";
import { formatMoney } from "./format-money.ts";
import { wallClock } from "./institute-clock.ts";
import { relativeTime } from "./time-ago.ts";

afterEach(() => setFormatLocale("en-IN"));

describe("one formatting module (issue 15)", () => {
  test("dates: calendar dates never shift with the time zone; short and long; a chosen empty", () => {
    expect(formatDate("2001-08-15")).toBe("15 Aug 2001");
    expect(formatDate("2001-08-15", { style: "long" })).toBe("15 August 2001");
    expect(formatDate(null, { empty: "—" })).toBe("—");
    expect(formatDate("not a date")).toBe("");
    expect(toDate("2001-08-15")?.toISOString()).toBe("2001-08-15T00:00:00.000Z");
    expect(formatDateTime("2026-11-22T09:35:00.000Z")).toMatch(/^22 Nov 2026, \d{1,2}:\d{2} (am|pm)$/);
  });

  test("numbers and money with Indian grouping; money from paise, exact", () => {
    expect(formatNumber(100000)).toBe("1,00,000");
    expect(formatNumber(12345678)).toBe("1,23,45,678");
    expect(formatMoney(10000000)).toBe("₹1,00,000");
    expect(formatMoney(125050)).toBe("₹1,250.50");
    expect(plural(1, "student")).toBe("1 student");
    expect(plural(100000, "student")).toBe("1,00,000 students");
  });

  test("relative times and whole days", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(relativeTime("2026-11-22T11:59:30Z", now)).toBe("just now");
    expect(relativeTime("2026-11-22T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-11-21T12:00:00Z", now)).toBe("yesterday");
    expect(daysSince("2026-11-20T12:00:00Z", now)).toBe(2);
    expect(daysSince(null, now)).toBeNull();
  });

  test("the locale is one switch (the language of issue 16)", () => {
    setFormatLocale("hi-IN");
    expect(formatNumber(100000)).toBe("1,00,000");
    expect(formatDate("2001-08-15", { style: "long" })).not.toBe("15 August 2001");
  });

  test("a long date with its time reads naturally in each language: no 'am' inside Hindi's को … बजे", () => {
    const at = new Date(2026, 10, 26, 8, 30);
    expect(formatDateTime(at, { style: "long" })).toBe("26 November 2026 at 8:30 am");
    setFormatLocale("hi-IN-u-nu-latn");
    expect(formatDateTime(at, { style: "long" })).toBe("26 नवंबर 2026 को सुबह 8:30 बजे");
    expect(formatDateTime(new Date(2026, 10, 26, 20, 5), { style: "long" })).toBe("26 नवंबर 2026 को रात 8:05 बजे");
    setFormatLocale("mr-IN-u-nu-latn");
    expect(formatDateTime(at, { style: "long" })).toBe("26 नोव्हेंबर, 2026 रोजी सकाळ 8:30 वाजता");
  });

  test("short date-times and times name the part of the day in Hindi and Marathi, not am/AM (QA2 5); English unchanged", () => {
    const morning = new Date(2026, 10, 26, 9, 56);
    const evening = new Date(2026, 10, 26, 20, 5);
    expect(formatTime(morning)).toBe("9:56 am");
    expect(formatDateTime(morning)).toBe("26 Nov 2026, 9:56 am");
    expect(formatDayAndTime(evening)).toBe("26 Nov, 8:05 pm");
    setFormatLocale("hi-IN-u-nu-latn");
    expect(formatTime(morning)).toBe("सुबह 9:56");
    expect(formatDateTime(morning)).toBe("26 नव॰ 2026, सुबह 9:56");
    expect(formatDayAndTime(evening)).toBe("26 नव॰, रात 8:05");
    setFormatLocale("mr-IN-u-nu-latn");
    expect(formatTime(morning)).toBe("सकाळ 9:56");
    expect(formatDateTime(morning)).toBe("26 नोव्हें, 2026, सकाळ 9:56");
    expect(formatDayAndTime(evening)).toBe("26 नोव्हें, संध्याकाळ 8:05");
  });
});

describe("times on the institute's clock (decision 025)", () => {
  const deviceZone = process.env.TZ;
  afterEach(() => {
    setFormatTimeZone(undefined);
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  test("a stored instant is written on the institute's clock, whatever the device's", () => {
    // 03:35 UTC: 9:05 am in India, 10:35 pm the day before in New York, 3:35 am on a device set to UTC.
    const at = "2026-11-22T03:35:00.000Z";
    for (const device of ["America/New_York", "UTC"]) {
      process.env.TZ = device;
      setFormatTimeZone("Asia/Kolkata");
      expect(formatDateTime(at)).toBe("22 Nov 2026, 9:05 am");
      expect(formatTime(at)).toBe("9:05 am");
      expect(formatDate(at)).toBe("22 Nov 2026");
      expect(formatDayAndTime(at)).toBe("22 Nov, 9:05 am");
      expect(formatWeekdayDate(at)).toBe("Sunday, 22 November 2026");
      setFormatTimeZone("America/New_York");
      expect(formatDateTime(at, { style: "long" })).toBe("21 November 2026 at 10:35 pm");
    }
    setFormatTimeZone("Asia/Kolkata");
    setFormatLocale("hi-IN-u-nu-latn");
    expect(formatTime(at)).toBe("सुबह 9:05");
  });

  test("a calendar date is that day on every clock and device (a date of birth never moves)", () => {
    for (const institute of ["Asia/Kolkata", "Pacific/Pago_Pago", "Pacific/Kiritimati"]) {
      setFormatTimeZone(institute);
      for (const device of ["America/New_York", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
        process.env.TZ = device;
        expect(formatDate("2001-08-15", { style: "long" })).toBe("15 August 2001");
        expect(formatDate("2027-01-01")).toBe("1 Jan 2027");
      }
    }
  });

  test("a wall-clock reading (institute-clock.ts) is the institute's time already: not moved again", () => {
    for (const institute of ["Pacific/Pago_Pago", "Pacific/Kiritimati"]) {
      setFormatTimeZone(institute);
      expect(formatDateTime(wallClock("2026-11-26T08:30"), { style: "long" })).toBe("26 November 2026 at 8:30 am");
      expect(formatTime(wallClock("2026-11-26T23:45"))).toBe("11:45 pm");
      expect(formatDate(wallClock("2026-11-26T00:15"))).toBe("26 Nov 2026");
    }
  });

  test("whole days count on the institute's calendar", () => {
    process.env.TZ = "America/New_York";
    setFormatTimeZone("Asia/Kolkata");
    // Noon on the 22nd in India. 04:00 UTC on the 21st is 11 pm on the 20th in New York, the 21st in India.
    const now = new Date("2026-11-22T06:30:00Z");
    expect(daysSince("2026-11-21T04:00:00Z", now)).toBe(1);
    expect(daysSince("2026-11-20T18:29:00Z", now)).toBe(2);
    expect(daysSince("2026-11-22", now)).toBe(0);
    expect(daysSince("2026-11-20", now)).toBe(2);
  });
});
