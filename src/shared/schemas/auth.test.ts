/** The sign-in schemas' own messages are read in the language current when a rule fails (issue 16). */
import { afterEach, describe, expect, test } from "bun:test";
import * as v from "valibot";
import { account } from "../i18n/account.ts";
import hiAccount from "../i18n/hi/account.json";
import type { Locale } from "../i18n/locales.ts";
import mrAccount from "../i18n/mr/account.json";
import { setLocaleSource } from "../i18n/translate.ts";
import { firstLoginInput, forgotPasswordInput, profileUpdateInput, twoFactorInput } from "./auth.ts";

let current: Locale = "en";
afterEach(() => {
  current = "en";
});

const messageOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortEarly: true });
  return result.success ? null : result.issues[0].message;
};

describe("the auth schemas' messages (issue 16)", () => {
  test("account type, mobile number, a first-login link and a two-factor challenge: Hindi or Marathi as current, English otherwise", async () => {
    setLocaleSource(() => current);
    await Promise.all([account.load("hi"), account.load("mr")]);
    const forgot = { email: "asha@example.test", userType: "teacher" };
    const firstLogin = { token: "", password: "Fresh2026Pass" };
    const twoFactor = { challengeToken: "", code: "123456" };
    const profile = { mobile: "call me" };

    expect(messageOf(forgotPasswordInput, forgot)).toBe("Please choose an account type");
    expect(messageOf(firstLoginInput, firstLogin)).toBe("This link is not valid. Please request a new one.");
    expect(messageOf(twoFactorInput, twoFactor)).toBe("Please sign in again.");
    expect(messageOf(profileUpdateInput, profile)).toBe("Please enter a valid mobile number");

    current = "hi";
    expect(messageOf(forgotPasswordInput, forgot)).toBe(hiAccount.chooseAccountType);
    expect(messageOf(firstLoginInput, firstLogin)).toBe(hiAccount.linkInvalid);
    expect(messageOf(twoFactorInput, twoFactor)).toBe(hiAccount.signInAgain);
    expect(messageOf(profileUpdateInput, profile)).toBe(hiAccount.validMobile);

    current = "mr";
    expect(messageOf(forgotPasswordInput, forgot)).toBe(mrAccount.chooseAccountType);
    expect(messageOf(profileUpdateInput, profile)).toBe(mrAccount.validMobile);
  });
});
