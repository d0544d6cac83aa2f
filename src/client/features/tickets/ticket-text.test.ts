import { describe, expect, test } from "bun:test";
import { priorityTone, statusTone } from "../../ui/badge.tsx";
import { statusOptions, statusText, truncate } from "./ticket-text.ts";

describe("ticket texts", () => {
  test("a status reads as words (an unknown one shows its underscores as spaces)", () => {
    expect(statusText("in_progress")).toBe("In progress");
    expect(statusText("open")).toBe("Open");
    expect(statusText("resolved")).toBe("Resolved");
    expect(statusText("waiting_on_student_reply")).toBe("Waiting on student reply");
  });

  test("the status choices read as words", () => {
    expect(statusOptions().map((o) => o.label)).toEqual(["Open", "In progress", "Resolved", "Closed"]);
  });

  test("tones: open waits, in progress informs, resolved is green, urgent is red; unknown values are neutral", () => {
    expect(statusTone("open")).toBe("pending");
    expect(statusTone("in_progress")).toBe("info");
    expect(statusTone("resolved")).toBe("approved");
    expect(statusTone("closed")).toBe("neutral");
    expect(statusTone("something")).toBe("neutral");
    expect(priorityTone("urgent")).toBe("rejected");
    expect(priorityTone("high")).toBe("pending");
    expect(priorityTone("medium")).toBe("info");
    expect(priorityTone("low")).toBe("neutral");
  });

  test("the description preview is cut at 60 characters on one line", () => {
    expect(truncate("Short and sweet")).toBe("Short and sweet");
    const long = "I cannot download my hall ticket.\nThe page says an error occurred every time I try it.";
    expect(truncate(long)).toBe(`${long.replace(/\s+/g, " ").slice(0, 60).trimEnd()}…`);
    expect(truncate(long).length).toBeLessThanOrEqual(61);
  });
});
