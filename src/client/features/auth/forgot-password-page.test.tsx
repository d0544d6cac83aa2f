import { describe, expect, test } from "bun:test";
import { fireEvent, screen } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { MSG } from "../../../shared/messages.ts";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { advance, renderAt, withFakeClock } from "./auth-testing.tsx";

withClientTestRules();
withFakeClock();

async function openForgot(handlers: Parameters<typeof renderAt>[1] = {}, path = "/forgot-password") {
  const app = renderAt(path, { "auth.forgotPassword": () => ({ message: ACCOUNT_MSG.forgotPasswordSent }), ...handlers });
  await screen.findByRole("heading", { name: "Forgot password" });
  return app;
}
const typeEmail = (value: string) => fireEvent.change(screen.getByLabelText(/Email address/), { target: { value } });
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send code" }));

describe("forgot password page", () => {
  test("an empty address says 'Email address is required' beside the field, focuses it and sends nothing", async () => {
    const { sent } = await openForgot();
    send();
    expect(await screen.findByText(ACCOUNT_MSG.emailAddressRequired)).toBeTruthy();
    const box = screen.getByLabelText(/Email address/);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(box);
    expect(sent("auth.forgotPassword")).toEqual([]);
  });

  test("a double click on Send code asks for one code while the first request is on its way", async () => {
    const { sent } = await openForgot({ "auth.forgotPassword": neverAnswers });
    typeEmail("priya@example.com");
    const button = screen.getByRole("button", { name: "Send code" });
    await doubleClickSendsOnce(button, () => sent("auth.forgotPassword"));
  });

  test("a malformed address says 'Please enter a valid email address'", async () => {
    const { sent } = await openForgot();
    typeEmail("priya.example.com");
    send();
    expect(await screen.findByText(ACCOUNT_MSG.validEmail)).toBeTruthy();
    expect(sent("auth.forgotPassword")).toEqual([]);
  });

  test("success shows the server's message, then goes to /verify-otp after 2 seconds with the address and type", async () => {
    const { sent, path } = await openForgot();
    fireEvent.click(screen.getByRole("button", { name: "Admin" }));
    typeEmail(" Asha@Example.com ");
    send();
    expect(await screen.findByText(ACCOUNT_MSG.forgotPasswordSent)).toBeTruthy();
    expect(sent("auth.forgotPassword")).toEqual([{ email: "asha@example.com", userType: "admin" }]);
    await advance(1900);
    expect(path()).toBe("/forgot-password");
    await advance(200);
    expect(path()).toBe("/verify-otp?email=asha%40example.com&userType=admin");
    expect(await screen.findByRole("heading", { name: "Enter your code" })).toBeTruthy();
  });

  test("Student is the default type, and the button is busy while the request runs", async () => {
    let answer!: (value: RouterOutputs["auth"]["forgotPassword"]) => void;
    const { sent } = await openForgot({ "auth.forgotPassword": () => new Promise((resolve) => (answer = resolve)) });
    expect(screen.getByRole("button", { name: "Student" }).getAttribute("aria-pressed")).toBe("true");
    typeEmail("priya@example.com");
    send();
    const button = await screen.findByRole("button", { name: "Send code" });
    await screen.findByText((_, el) => el === button && button.getAttribute("aria-busy") === "true");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(sent("auth.forgotPassword")).toEqual([{ email: "priya@example.com", userType: "student" }]);
    answer({ message: ACCOUNT_MSG.forgotPasswordSent });
    expect(await screen.findByText(ACCOUNT_MSG.forgotPasswordSent)).toBeTruthy();
  });

  test("a failure shows the server's message, or 'Failed to send reset link. Please try again.', and keeps the address", async () => {
    let failure: unknown = new TrpcFailure(MSG.tooManyRequests(15), 429);
    const { path } = await openForgot({
      "auth.forgotPassword": () => {
        throw failure;
      },
    });
    typeEmail("priya@example.com");
    send();
    expect((await screen.findByRole("alert")).textContent).toContain(MSG.tooManyRequests(15));
    failure = new TrpcFailure("", 500); // an answer without a message
    send();
    await screen.findByText(auth.t("forgot.failed"));
    expect((screen.getByLabelText(/Email address/) as HTMLInputElement).value).toBe("priya@example.com");
    await advance(5000);
    expect(path()).toBe("/forgot-password");
  });

  test("?email and ?userType pre-fill the form (a later step sends people back here)", async () => {
    await openForgot({}, "/forgot-password?email=asha%40example.com&userType=admin");
    expect((screen.getByLabelText(/Email address/) as HTMLInputElement).value).toBe("asha@example.com");
    expect(screen.getByRole("button", { name: "Admin" }).getAttribute("aria-pressed")).toBe("true");
  });
});
