import { describe, expect, test } from "bun:test";
import { mailHref, mapsHref, telHref } from "./links.ts";

describe("contact links", () => {
  test("a phone keeps only its digits and a leading plus", () => {
    expect(telHref("+91 20 2612-3456")).toBe("tel:+912026123456");
  });
  test("an e-mail address and a place on the map", () => {
    expect(mailHref("office@example.org")).toBe("mailto:office@example.org");
    expect(mapsHref("Pune & Co")).toBe("https://www.google.com/maps/search/?api=1&query=Pune%20%26%20Co");
  });
});
