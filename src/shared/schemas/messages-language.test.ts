import { afterEach, describe, expect, test } from "bun:test";
import * as v from "valibot";
import { account } from "../i18n/account.ts";
import { contact } from "../i18n/contact.ts";
import hiContact from "../i18n/hi/contact.json";
import type { Locale } from "../i18n/locales.ts";
import mrValidation from "../i18n/mr/validation.json";
import { setLocaleSource } from "../i18n/translate.ts";
import { validation } from "../i18n/validation.ts";
import { fieldErrorsOf, requiredChoice } from "./common.ts";
import { contactInput } from "./contact.ts";

let current: Locale = "en";
afterEach(() => {
  current = "en";
});

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrorsOf(result.issues);
};

describe("the shared schemas' messages (issue 16)", () => {
  test("are read in the language current when a rule fails, not when the schema was made", async () => {
    setLocaleSource(() => current);
    await Promise.all(["hi", "mr"].flatMap((l) => [contact, account, validation].map((ns) => ns.load(l as Locale))));
    const input = { name: "", email: "not-an-address", subject: "", message: "" };

    expect(errorsOf(contactInput, input).name).toEqual(["Please enter your name"]);
    current = "hi";
    const hi = errorsOf(contactInput, input);
    expect(hi.name).toEqual([hiContact["check.name"]]);
    expect(hi.subject).toEqual([hiContact["check.subject"]]);
    // The e-mail rule comes from the account catalogue, also in Hindi.
    expect(hi.email?.[0]).toBe(account.t("validEmail", undefined, "hi"));
    expect(hi.email?.[0]).not.toBe("Please enter a valid email address");

    current = "mr";
    const gender = requiredChoice(["Male", "Female"], () => "लिंग");
    expect(errorsOf(v.object({ gender }), { gender: "" }).gender).toEqual([mrValidation.required.replace("{label}", "लिंग")]);
  });
});
