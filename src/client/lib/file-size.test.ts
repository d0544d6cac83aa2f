import { describe, expect, test } from "bun:test";
import { formatFileSize } from "./file-size.ts";

describe("formatFileSize", () => {
  test("bytes as they are, kilobytes and megabytes short", () => {
    expect(formatFileSize(43)).toBe("43 B");
    expect(formatFileSize(340 * 1024)).toBe("340 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe("1.2 MB");
  });

  test("rounded up, so a file over a limit never reads as at it (walk 21: 5,244,475 bytes showed as 5 MB)", () => {
    expect(formatFileSize(5_244_475)).toBe("5.1 MB");
    expect(formatFileSize(5 * 1024 * 1024 + 1)).toBe("5.1 MB");
    expect(formatFileSize(1025)).toBe("2 KB");
  });
});
