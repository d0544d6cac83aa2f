import { describe, expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { MSG } from "../../../shared/messages.ts";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import { advance, renderAt, withFakeClock } from "./auth-testing.tsx";
import { clock, timeLeftAnnouncement } from "./verify-otp-page.tsx";

withClientTestRules();
withFakeClock();

const PATH = "/verify-otp?email=priya%40example.com&userType=student";
const ADDRESS = { email: "priya@example.com", userType: "student" };

async function openVerify(handlers: Parameters<typeof renderAt>[1] = {}) {
  const app = renderAt(PATH, {
    "auth.verifyOtp": () => ({ resetToken: "reset-token-123" }),
    "auth.forgotPassword": () => ({ message: ACCOUNT_MSG.forgotPasswordSent }),
    ...handlers,
  });
  await screen.findByRole("heading", { name: "Enter your code" });
  return app;
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const boxValues = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join("");
const pasteCode = (code: string) => fireEvent.paste(box(1), { clipboardData: { getData: () => code } });
const verifyButton = () => screen.getByRole("button", { name: "Verify" }) as HTMLButtonElement;
const resendButton = () => screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement;
const timer = () => screen.getByRole("timer").textContent;

describe("verify code page", () => {
  test("without an e-mail address it goes to /forgot-password", async () => {
    const { path } = renderAt("/verify-otp?userType=admin");
    await screen.findByRole("heading", { name: "Forgot password" });
    expect(path()).toBe("/forgot-password");
  });

  test("names the address, shows six empty boxes with the first focused, and a 5:00 countdown", async () => {
    await openVerify();
    expect(screen.getByText("priya@example.com")).toBeTruthy();
    expect(boxValues()).toBe("");
    expect(document.activeElement).toBe(box(1));
    expect(timer()).toBe("Code expires in 5:00");
  });

  test("Resend is disabled until 240 s remain; resending restarts the countdown at 5:00", async () => {
    const { sent } = await openVerify();
    expect(resendButton().disabled).toBe(true);
    await advance(59_000);
    expect(timer()).toBe("Code expires in 4:01");
    expect(resendButton().disabled).toBe(true);
    expect(screen.getByText("0:01")).toBeTruthy(); // "You can ask for a new code in 0:01."
    await advance(1_000);
    expect(timer()).toBe("Code expires in 4:00");
    expect(resendButton().disabled).toBe(false);
    fireEvent.click(resendButton());
    expect(await screen.findByText(ACCOUNT_MSG.forgotPasswordSent)).toBeTruthy();
    expect(sent("auth.forgotPassword")).toEqual([ADDRESS]);
    expect(timer()).toBe("Code expires in 5:00");
    expect(resendButton().disabled).toBe(true);
    await advance(30_000);
    expect(timer()).toBe("Code expires in 4:30");
  });

  test("a failed resend says 'Failed to resend code. Please try again.' and keeps the countdown", async () => {
    await openVerify({
      "auth.forgotPassword": () => {
        throw new TrpcFailure(MSG.tooManyRequests(15), 429);
      },
    });
    await advance(90_000);
    fireEvent.click(resendButton());
    expect((await screen.findByRole("alert")).textContent).toContain(auth.t("otp.resendFailed"));
    expect(timer()).toBe("Code expires in 3:30");
  });

  test("at 0 the code has expired: Verify is disabled, the page says so and offers Resend", async () => {
    await openVerify();
    pasteCode("123456");
    await advance(299_000);
    expect(timer()).toBe("Code expires in 0:01");
    expect(verifyButton().disabled).toBe(false);
    await advance(1_000);
    expect(timer()).toBe("Code expired");
    expect(verifyButton().disabled).toBe(true);
    expect(screen.getByText(auth.t("otp.expired"))).toBeTruthy();
    expect(resendButton().disabled).toBe(false);
    fireEvent.click(resendButton());
    await screen.findByText(ACCOUNT_MSG.forgotPasswordSent);
    expect(verifyButton().disabled).toBe(false);
    expect(screen.queryByText(auth.t("otp.expired"))).toBeNull();
  });

  test("fewer than six digits: 'Please enter the complete 6-digit code', and nothing is sent", async () => {
    const { sent } = await openVerify();
    pasteCode("1234");
    fireEvent.click(verifyButton());
    expect(await screen.findByText(ACCOUNT_MSG.completeCode)).toBeTruthy();
    expect(box(1).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(box(5));
    expect(sent("auth.verifyOtp")).toEqual([]);
  });

  test("a wrong code shows the server's message, clears the boxes and puts focus back in the first", async () => {
    let failure = new TrpcFailure("Too many wrong attempts. Please request a new code.", 400);
    const { sent } = await openVerify({
      "auth.verifyOtp": () => {
        throw failure;
      },
    });
    pasteCode("111111");
    fireEvent.click(verifyButton());
    expect((await screen.findByRole("alert")).textContent).toContain("Too many wrong attempts. Please request a new code.");
    expect(boxValues()).toBe("");
    expect(document.activeElement === box(1)).toBe(true);
    expect(sent("auth.verifyOtp")).toEqual([{ ...ADDRESS, otp: "111111" }]);
    // Without a message of the server's own: 'Invalid verification code. Please try again.'
    failure = new TrpcFailure("", 500);
    pasteCode("222222");
    fireEvent.click(verifyButton());
    expect((await screen.findByRole("alert")).textContent).toContain(auth.t("otp.failed"));
    expect(boxValues()).toBe("");
  });

  test("a right code leads to /reset-password with the token kept out of the URL, and the reset uses it", async () => {
    const { path, sent } = await openVerify({ "auth.resetPassword": () => ({ message: "Done." }) });
    pasteCode("654321");
    fireEvent.click(verifyButton());
    await screen.findByRole("heading", { name: "Choose a new password" });
    expect(path()).toBe("/reset-password");
    expect(screen.getByText("priya@example.com")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: "Better123" } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: "Better123" } });
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    await screen.findByText("Done.");
    expect(sent("auth.resetPassword")).toEqual([{ password: "Better123", resetToken: "reset-token-123", userType: "student" }]);
  });

  test("a double click on Verify checks the code once while the first call is on its way", async () => {
    const { sent } = await openVerify({ "auth.verifyOtp": neverAnswers });
    pasteCode("654321");
    await doubleClickSendsOnce(verifyButton(), () => sent("auth.verifyOtp"));
  });

  test("a double click on Resend code asks for one new code while the first request is on its way", async () => {
    const { sent } = await openVerify({ "auth.forgotPassword": neverAnswers });
    await advance(60_000);
    await doubleClickSendsOnce(resendButton(), () => sent("auth.forgotPassword"));
  });

  test("'Start again' goes back to the form with the address filled in", async () => {
    await openVerify();
    const link = within(screen.getByRole("main")).getByRole("link", { name: "Start again" });
    expect(link.getAttribute("href")).toBe("/forgot-password?email=priya%40example.com&userType=student");
  });

  test("screen readers hear the time left only now and then: at whole minutes, at 30 s and at the end", () => {
    const said = new Set<string>();
    let changes = 0;
    let last = "";
    for (let s = 300; s >= 0; s--) {
      const text = timeLeftAnnouncement(s);
      if (text !== last) changes++;
      last = text;
      said.add(text);
    }
    expect(changes).toBe(7); // 5, 4, 3, 2, 1 minutes, under 30 s, expired
    expect(timeLeftAnnouncement(300)).toBe("About 5 minutes left to enter the code.");
    expect(timeLeftAnnouncement(61)).toBe("About 2 minutes left to enter the code.");
    expect(timeLeftAnnouncement(60)).toBe("About 1 minute left to enter the code.");
    expect(timeLeftAnnouncement(0)).toBe("The code has expired.");
    expect([clock(300), clock(65), clock(9)]).toEqual(["5:00", "1:05", "0:09"]);
  });
});
