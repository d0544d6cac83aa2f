import { describe, expect, test } from "bun:test";
import { timeAgo } from "./time-ago.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("timeAgo (spec part 2 §9: minutes under 60, hours under 24, else days)", () => {
  test.each([
    [0, "Just now"],
    [59 * S, "Just now"],
    [M, "1 minute ago"],
    [2 * M, "2 minutes ago"],
    [59 * M + 59 * S, "59 minutes ago"],
    [H, "1 hour ago"],
    [H + 59 * M, "1 hour ago"],
    [2 * H, "2 hours ago"],
    [23 * H + 59 * M + 59 * S, "23 hours ago"],
    [D, "1 day ago"],
    [2 * D - 1, "1 day ago"],
    [2 * D, "2 days ago"],
    [45 * D, "45 days ago"],
  ])("%p ms ago reads %p", (elapsed, text) => {
    expect(timeAgo(ago(elapsed), NOW)).toBe(text);
  });

  test("a time slightly ahead of this computer's clock reads Just now; nonsense reads nothing", () => {
    expect(timeAgo(new Date(NOW.getTime() + 5 * M), NOW)).toBe("Just now");
    expect(timeAgo("not a date", NOW)).toBe("");
  });
});
