/** The text fields every schema is built from (common.ts). */
import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { contactInput } from "./contact.ts";
import { generalSettings } from "./settings.ts";

describe("text fields lose a NUL (twelfth walk: PostgreSQL refused a site name carrying one, and every public form with it)", () => {
  test("a required field, an optional one and one of a whole form", () => {
    const general = v.parse(generalSettings, {
      siteName: "Insti\u0000tute",
      siteDescription: "\u0000",
      adminEmail: "office@example.test",
      contactPhone: "+91 20\u0000 1234",
      address: "",
      timeZone: "Asia/Kolkata",
    });
    expect([general.siteName, general.siteDescription, general.contactPhone]).toEqual(["Institute", undefined, "+91 20 1234"]);
    // A field that was only a NUL is blank, and says so.
    const blank = v.safeParse(generalSettings, { ...general, siteName: "\u0000" });
    expect(blank.success).toBe(false);
    const contact = v.parse(contactInput, {
      name: "Asha\u0000",
      email: "asha@example.test",
      subject: "fees",
      message: "When is the\u0000 fee due?",
    });
    expect([contact.name, contact.message]).toEqual(["Asha", "When is the fee due?"]);
  });
});
