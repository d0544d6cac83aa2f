import { describe, expect, test } from "bun:test";
import { priorityToneOf, STATUS_OPTIONS, statusText, statusToneOf, truncate } from "./ticket-text.ts";

describe("ticket texts", () => {
  test("a status shows its underscores as spaces", () => {
    expect(statusText("in_progress")).toBe("in progress");
    expect(statusText("open")).toBe("open");
    expect(statusText("resolved")).toBe("resolved");
    expect(statusText("waiting_on_student_reply")).toBe("waiting on student reply");
  });

  test("the status choices read as words", () => {
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual(["Open", "In progress", "Resolved", "Closed"]);
  });

  test("tones: open waits, in progress informs, resolved is green, urgent is red; unknown values are neutral", () => {
    expect(statusToneOf("open")).toBe("pending");
    expect(statusToneOf("in_progress")).toBe("info");
    expect(statusToneOf("resolved")).toBe("approved");
    expect(statusToneOf("something")).toBe("neutral");
    expect(priorityToneOf("urgent")).toBe("rejected");
    expect(priorityToneOf("low")).toBe("neutral");
  });

  test("the description preview is cut at 60 characters on one line", () => {
    expect(truncate("Short and sweet")).toBe("Short and sweet");
    const long = "I cannot download my hall ticket.\nThe page says an error occurred every time I try it.";
    expect(truncate(long)).toBe(`${long.replace(/\s+/g, " ").slice(0, 60).trimEnd()}…`);
    expect(truncate(long).length).toBeLessThanOrEqual(61);
  });
});
