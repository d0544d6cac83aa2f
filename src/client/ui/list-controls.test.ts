import { describe, expect, test } from "bun:test";
import { rangeText } from "./list-controls.tsx";

describe("rangeText", () => {
  test("the range of a server page, the whole count past the last page, none, and one row without a plural noun", () => {
    expect(rangeText(1, 10, 45, "students")).toBe("Showing 1–10 of 45 students");
    expect(rangeText(5, 10, 45, "students")).toBe("Showing 41–45 of 45 students");
    expect(rangeText(9, 10, 45, "students")).toBe("45 students");
    expect(rangeText(1, 10, 0, "students")).toBe("No students");
    expect(rangeText(1, 10, 1, "students")).toBe("Showing 1 of 1");
    expect(rangeText(3, 10, 1, "students")).toBe("Showing 1 of 1");
  });
});
