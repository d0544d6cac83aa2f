import { describe, expect, test } from "bun:test";
import { fireEvent, screen } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { TrpcFailure, type TypedTrpcHandlers, withClientTestRules } from "../../lib/testing.tsx";
import { advance, renderAt, withFakeClock } from "./auth-testing.tsx";
import { handOverReset, pendingResetState } from "./reset-flow.ts";

withClientTestRules();
withFakeClock();

const RESET = { email: "asha@example.com", userType: "admin", resetToken: "tok-1" } as const;
const RESET_DONE = "Your password has been reset. Please sign in with your new password.";

async function openReset(handler: NonNullable<TypedTrpcHandlers["auth.resetPassword"]> = () => ({ message: RESET_DONE })) {
  handOverReset({ ...RESET });
  const app = renderAt("/reset-password", { "auth.resetPassword": handler });
  await screen.findByRole("heading", { name: "Choose a new password" });
  return app;
}

const fill = (password: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirm } });
};
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Reset password" }));

describe("reset password page", () => {
  test("without the hand-over from the code page (e.g. after a reload) it goes to /forgot-password", async () => {
    const { path } = renderAt("/reset-password");
    await screen.findByRole("heading", { name: "Forgot password" });
    expect(path()).toBe("/forgot-password");
  });

  test("the password pair gives the spec's messages beside the fields, and nothing is sent", async () => {
    const { sent } = await openReset();
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.passwordRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MSG.confirmPassword)).toBeTruthy();
    expect(document.activeElement === screen.getByLabelText(/^New password/)).toBe(true);

    fill("Ab1", "Ab1");
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.passwordMin8)).toBeTruthy();

    fill("alllowercase1", "alllowercase1");
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.passwordComplexity)).toBeTruthy();

    fill("Better123", "Better124");
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm new password/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText(/^New password/).getAttribute("aria-invalid")).toBeNull();
    expect(sent("auth.resetPassword")).toEqual([]);
  });

  test("a double click on Reset password sends once while the first call is on its way", async () => {
    const { sent } = await openReset(neverAnswers);
    fill("Better123", "Better123");
    const button = screen.getByRole("button", { name: "Reset password" });
    await doubleClickSendsOnce(button, () => sent("auth.resetPassword"));
  });

  test("the checklist follows what is typed", async () => {
    await openReset();
    const item = (name: RegExp) => screen.getByText(name).closest("li")!;
    fill("abc", "");
    expect(item(/At least 8 characters/).className).not.toContain("is-met");
    expect(item(/A lowercase letter/).className).toContain("is-met");
    expect(item(/A lowercase letter/).textContent).toContain("(done)");
    fill("abcDEF12", "");
    for (const rule of [/At least 8/, /An uppercase/, /A lowercase/, /A number/]) expect(item(rule).className).toContain("is-met");
  });

  test("success shows the server's message, then goes to /login after 3 seconds", async () => {
    const { sent, path } = await openReset();
    fill("Better123", "Better123");
    submit();
    expect(await screen.findByText(RESET_DONE)).toBeTruthy();
    expect(sent("auth.resetPassword")).toEqual([{ password: "Better123", resetToken: "tok-1", userType: "admin" }]);
    expect(pendingResetState()).toBeNull(); // the token is forgotten once used
    await advance(2900);
    expect(path()).toBe("/reset-password");
    await advance(200);
    expect(path()).toBe("/login");
    await screen.findByRole("heading", { name: "Sign in" });
  });

  test("an expired link (the server's reason, in any language) shows 'Reset link has expired. Please request a new one.' and goes back after 3 seconds", async () => {
    const { path } = await openReset(() => {
      throw new TrpcFailure("यह रीसेट लिंक समाप्त हो गई है।", 400, null, "link_expired");
    });
    fill("Better123", "Better123");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_MSG.resetLinkExpired);
    expect(pendingResetState()).toBeNull();
    await advance(2900);
    expect(path()).toBe("/reset-password");
    await advance(200);
    expect(path()).toBe("/forgot-password?email=asha%40example.com&userType=admin");
    await screen.findByRole("heading", { name: "Forgot password" });
    expect(screen.getByRole("button", { name: "Admin" }).getAttribute("aria-pressed")).toBe("true");
  });

  test("other failures show the server's message beside the password, or 'Failed to reset password. Please try again.'", async () => {
    let failure = new TrpcFailure(ACCOUNT_MSG.passwordTooCommon, 400, { password: [ACCOUNT_MSG.passwordTooCommon] });
    const { path } = await openReset(() => {
      throw failure;
    });
    fill("Password123", "Password123");
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain(ACCOUNT_MSG.passwordTooCommon);
    expect(screen.getByLabelText(/^New password/).getAttribute("aria-invalid")).toBe("true");
    failure = new TrpcFailure("", 500);
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain(auth.t("reset.failed"));
    await advance(5000);
    expect(path()).toBe("/reset-password");
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe("Password123");
  });
});
