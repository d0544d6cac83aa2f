import { describe, expect, test } from "bun:test";
import { svgDataUrl } from "./svg-image.ts";

describe("svgDataUrl", () => {
  test("the SVG's markup is escaped into a UTF-8 data: URL an <img> can show", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z"/></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(url).not.toContain("<");
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(svg);
  });
});
