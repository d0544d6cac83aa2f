import { describe, expect, test } from "bun:test";
import { linkParts } from "./web-links.ts";

describe("web addresses in a text (walk 17)", () => {
  test("http and https addresses are found, without the punctuation that ends the sentence", () => {
    expect(linkParts("Pay at https://example.org/pay?x=1&y=2. Thank you")).toEqual([
      { text: "Pay at " },
      { text: "https://example.org/pay?x=1&y=2", href: "https://example.org/pay?x=1&y=2" },
      { text: ". Thank you" },
    ]);
    expect(linkParts("(see http://a.example/x), or “https://b.example/”।")).toEqual([
      { text: "(see " },
      { text: "http://a.example/x", href: "http://a.example/x" },
      { text: "), or “" },
      { text: "https://b.example/", href: "https://b.example/" },
      { text: "”।" },
    ]);
  });

  test("nothing else is a link: other schemes, a bare domain, markup", () => {
    for (const text of ["javascript:alert(1)", "www.example.org", "ftp://x.example", "<a href='https://x'>", "no links here", ""]) {
      expect(linkParts(text).filter((p) => "href" in p && !p.href.startsWith("https://x"))).toEqual([]);
    }
    expect(linkParts("<a href='https://x'>")).toEqual([{ text: "<a href='" }, { text: "https://x", href: "https://x" }, { text: "'>" }]);
    expect(linkParts("")).toEqual([]);
  });
});
