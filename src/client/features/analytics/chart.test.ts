import { describe, expect, test } from "bun:test";
import { activityStatusText, activityStatusTone } from "./activity-text.ts";
import { barShares } from "./bar-chart.tsx";

describe("analytics helpers", () => {
  test("bars are shares of the longest; nothing happening draws nothing", () => {
    expect(barShares([0, 2, 4])).toEqual([0, 0.5, 1]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });

  test("status badges: approved/active/resolved green, pending/new yellow, in progress blue, closed grey, red only for refusals (issue 14.6)", () => {
    expect(activityStatusTone("approved")).toBe("approved");
    expect(activityStatusTone("active")).toBe("approved");
    expect(activityStatusTone("resolved")).toBe("approved");
    expect(activityStatusTone("pending")).toBe("pending");
    expect(activityStatusTone("new")).toBe("pending");
    expect(activityStatusTone("in-progress")).toBe("info");
    expect(activityStatusTone("closed")).toBe("neutral");
    expect(activityStatusTone("rejected")).toBe("rejected");
    expect(activityStatusTone("inactive")).toBe("rejected");
    expect(activityStatusText("in-progress")).toBe("In Progress");
    expect(activityStatusText("inactive")).toBe("Inactive");
  });
});
