import { describe, expect, test } from "bun:test";
import { formatBytes } from "./format-bytes.ts";

describe("formatBytes", () => {
  test("nothing stored reads '0 Bytes' (also for nonsense input)", () => {
    expect(formatBytes(0)).toBe("0 Bytes");
    expect(formatBytes(-5)).toBe("0 Bytes");
    expect(formatBytes(Number.NaN)).toBe("0 Bytes");
  });

  test("bytes under 1 KB keep the unit Bytes with two decimals", () => {
    expect(formatBytes(1)).toBe("1.00 Bytes");
    expect(formatBytes(1023)).toBe("1023.00 Bytes");
  });

  test("KB and MB in steps of 1024", () => {
    expect(formatBytes(1024)).toBe("1.00 KB");
    expect(formatBytes(1536)).toBe("1.50 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.00 MB");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1024.00 KB");
  });

  test("GB and TB, and nothing bigger than TB", () => {
    expect(formatBytes(2.25 * 1024 ** 3)).toBe("2.25 GB");
    expect(formatBytes(1024 ** 4)).toBe("1.00 TB");
    expect(formatBytes(3 * 1024 ** 5)).toBe("3072.00 TB");
  });
});
