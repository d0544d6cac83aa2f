import { describe, expect, test } from "bun:test";
import { contactStatus, messagePreview, statusLabel } from "./contact-text.ts";

describe("messagePreview (spec part 2 §9: 50 characters)", () => {
  test("up to 50 characters are shown whole", () => {
    const fifty = "a".repeat(50);
    expect(messagePreview(fifty)).toBe(fifty);
    expect(messagePreview("Short question")).toBe("Short question");
  });

  test("longer messages are cut at 50 characters with an ellipsis", () => {
    const text = "I would like to know the fee structure for the MBA programme, and the dates.";
    const preview = messagePreview(text);
    expect(preview).toBe(`${text.slice(0, 50)}…`);
    expect(preview.length).toBe(51);
    expect(messagePreview("b".repeat(51))).toBe(`${"b".repeat(50)}…`);
  });

  test("line breaks read as spaces, and a cut never ends in a space", () => {
    expect(messagePreview("Hello,\n\nI have   a question")).toBe("Hello, I have a question");
    expect(messagePreview(`${"x".repeat(49)} yz`)).toBe(`${"x".repeat(49)}…`);
  });
});

describe("contact status", () => {
  test("a missing or unknown status means New", () => {
    expect(contactStatus(null)).toBe("new");
    expect(contactStatus("weird")).toBe("new");
    expect(statusLabel(undefined)).toBe("New");
    expect(statusLabel("in-progress")).toBe("In Progress");
  });
});
