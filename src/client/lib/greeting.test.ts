import { describe, expect, test } from "bun:test";
import { greetingFor } from "./greeting.ts";
import { withClientTestRules } from "./testing.tsx";

withClientTestRules();

const at = (hour: number, minute = 0) => new Date(2025, 5, 15, hour, minute, 0);

describe("greetingFor (spec part 1 §9 bands)", () => {
  test.each([
    [0, 0, "Good Night"],
    [4, 59, "Good Night"],
    [5, 0, "Good Morning"],
    [11, 59, "Good Morning"],
    [12, 0, "Good Afternoon"],
    [16, 59, "Good Afternoon"],
    [17, 0, "Good Evening"],
    [20, 59, "Good Evening"],
    [21, 0, "Good Night"],
    [23, 59, "Good Night"],
  ] as const)("%i:%i is %s", (hour, minute, expected) => {
    expect(greetingFor(at(hour, minute))).toBe(expected);
  });
});
