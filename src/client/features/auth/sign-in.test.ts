import { describe, expect, test } from "bun:test";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { MSG } from "../../../shared/messages.ts";
import { changeLocale, getLocale } from "../../lib/i18n.tsx";
import { createSessionStore, sessionApiFromTrpc } from "../../lib/session.tsx";
import { readToken } from "../../lib/storage.ts";
import { ADMIN, fakeTrpcFetch, STUDENT, storeSession, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import { createTrpcClient } from "../../lib/trpc.ts";
import { noteScreenLanguage } from "./language-here.ts";
import { signInWith } from "./sign-in.ts";

withClientTestRules();

/** A session store and the sign-in over the real tRPC client, with the procedures the test answers. */
function signingIn(handlers: Parameters<typeof fakeTrpcFetch>[0]) {
  const { fetch, calls } = fakeTrpcFetch(handlers);
  const client = createTrpcClient({ getToken: readToken, fetch });
  const store = createSessionStore({ api: sessionApiFromTrpc(client) });
  return { store, calls, step: (step: Parameters<typeof signInWith>[2]) => signInWith(client, store.signIn, step, getLocale()) };
}

describe("sign-in", () => {
  test("a language chosen on the account screens before signing in is kept and told to the account (walk 33a)", async () => {
    const { store, calls, step } = signingIn({
      "auth.studentLogin": () => ({ token: "new-token", user: { ...STUDENT, language: "en" as const } }),
      "auth.setLanguage": () => ({ language: "mr" }),
    });
    noteScreenLanguage(getLocale(), false); // the set-password page opened in English
    await changeLocale("mr"); // its switch: Marathi
    noteScreenLanguage(getLocale(), false); // the sign-in page, in Marathi
    await step({ kind: "student", input: { studentId: "STU0001", password: "pw" } });
    expect(store.getState().user?.language).toBe("mr");
    expect(calls.map((c) => c.path)).toEqual(["auth.studentLogin", "auth.setLanguage"]);
    expect(calls[1]).toMatchObject({ input: { language: "mr" } });
    expect(calls[1]?.headers.get("authorization")).toBe("Bearer new-token");
    expect(getLocale()).toBe("mr");
  });

  test("a language the screens merely opened in (another person's, remembered) gives way to the account's", async () => {
    await changeLocale("hi"); // left by whoever used this computer before
    const { store, calls, step } = signingIn({
      "auth.studentLogin": () => ({ token: "new-token", user: { ...STUDENT, language: "en" as const } }),
    });
    noteScreenLanguage(getLocale(), false);
    await step({ kind: "student", input: { studentId: "STU0001", password: "pw" } });
    expect(store.getState().user?.language).toBe("en");
    expect(calls.map((c) => c.path)).toEqual(["auth.studentLogin"]);
    // Shown signed in (a password to change), the screens forget what they noted: the next person starts afresh.
    noteScreenLanguage(getLocale(), false);
    noteScreenLanguage(getLocale(), true);
    await changeLocale("mr");
    await step({ kind: "student", input: { studentId: "STU0001", password: "pw" } });
    expect(calls.map((c) => c.path)).toEqual(["auth.studentLogin", "auth.studentLogin"]);
  });

  test("a student's password step stores the session it answers, and later calls carry its token", async () => {
    const { store, calls, step } = signingIn({
      "auth.studentLogin": () => ({ token: "new-token", user: STUDENT }),
      "auth.logout": () => ({ loggedOut: true }),
    });
    expect(await step({ kind: "student", input: { studentId: "STU0001", password: "pw" } })).toEqual({
      outcome: "signed-in",
      user: STUDENT,
    });
    expect(calls[0]).toMatchObject({ path: "auth.studentLogin", input: { studentId: "STU0001", password: "pw" } });
    expect(calls[0]?.headers.get("authorization")).toBeNull();
    expect(store.getState()).toMatchObject({ status: "authenticated", token: "new-token", user: STUDENT });
    await store.logout();
    expect(calls[1]?.path).toBe("auth.logout");
    expect(calls[1]?.headers.get("authorization")).toBe("Bearer new-token");
  });

  test("an office account asked for the e-mailed code gets the challenge; the code step signs in", async () => {
    const { store, calls, step } = signingIn({
      "auth.adminLogin": () => ({ twoFactorRequired: true, challengeToken: "7.secret", message: ACCOUNT_MSG.twoFactorSent }),
      "auth.verifyTwoFactor": () => ({ token: "admin-token", user: ADMIN }),
    });
    const first = await step({ kind: "admin", input: { email: "admin@example.com", password: "Secret123" } });
    expect(first).toEqual({ outcome: "two-factor", challengeToken: "7.secret", message: ACCOUNT_MSG.twoFactorSent });
    expect(store.getState().status).toBe("anonymous");
    expect((await step({ kind: "code", input: { challengeToken: "7.secret", code: "123456" } })).outcome).toBe("signed-in");
    expect(calls.map((c) => c.path)).toEqual(["auth.adminLogin", "auth.verifyTwoFactor"]);
    expect(calls[1]?.input).toEqual({ challengeToken: "7.secret", code: "123456" });
    expect(store.getState()).toMatchObject({ status: "authenticated", token: "admin-token", user: ADMIN });
  });

  test("a refusal keeps the server's words and its field errors, and leaves the session as it was", async () => {
    storeSession(STUDENT, "tok-1");
    const { store, step } = signingIn({
      "auth.adminLogin": () => new TrpcFailure(ACCOUNT_MSG.invalidCredentials, 401, { email: ["Enter a valid e-mail"] }),
    });
    const result = await step({ kind: "admin", input: { email: "a@b.co", password: "wrong" } });
    expect(result.outcome === "failed" && [result.error.message, result.error.errors]).toEqual([
      ACCOUNT_MSG.invalidCredentials,
      { email: ["Enter a valid e-mail"] },
    ]);
    expect(store.getState()).toMatchObject({ status: "authenticated", token: "tok-1", user: STUDENT });
  });

  test("a failure without any words reads 'Login failed'", async () => {
    const { step } = signingIn({ "auth.studentLogin": () => new TrpcFailure("", 500) });
    const result = await step({ kind: "student", input: { email: "priya@example.com", password: "x" } });
    expect(result.outcome === "failed" && result.error.message).toBe(MSG.loginFailed);
  });
});
