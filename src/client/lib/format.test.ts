import { afterEach, describe, expect, test } from "bun:test";
import {
  daysSince,
  formatDate,
  formatDateTime,
  formatDayAndTime,
  formatMoney,
  formatNumber,
  formatTime,
  plural,
  relativeTime,
  setFormatLocale,
  toDate,
} from "./format.ts";

afterEach(() => setFormatLocale("en-IN"));

describe("one formatting module (issue 15)", () => {
  test("dates: calendar dates never shift with the time zone; short and long; a chosen empty", () => {
    expect(formatDate("2001-08-15")).toBe("15 Aug 2001");
    expect(formatDate("2001-08-15", { style: "long" })).toBe("15 August 2001");
    expect(formatDate(null, { empty: "—" })).toBe("—");
    expect(formatDate("not a date")).toBe("");
    expect(toDate("2001-08-15")?.getDate()).toBe(15);
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
