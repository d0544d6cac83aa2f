import { describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { MSG } from "../../../shared/messages.ts";
import { App } from "../../app.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { ADMIN, fakeTrpcFetch, SITE_INFO, STUDENT, stubSessionApi, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";

withClientTestRules();

type Handlers = Parameters<typeof fakeTrpcFetch>[0];

/** /login, whose sign-in calls answer with a session unless the test says otherwise. */
async function renderLogin(handlers: Handlers = {}, path = "/login") {
  const location = memoryLocation({ path, record: true });
  const { fetch, calls } = fakeTrpcFetch({
    "site.info": () => SITE_INFO,
    "auth.studentLogin": () => ({ token: "student-token", user: STUDENT }),
    "auth.adminLogin": () => ({ token: "admin-token", user: ADMIN }),
    "auth.verifyTwoFactor": () => ({ token: "admin-token", user: ADMIN }),
    ...handlers,
  });
  render(<App sessionApi={stubSessionApi().api} locationHook={location.hook} fetch={fetch} />);
  await screen.findByRole("heading", { name: "Sign in" });
  return {
    /** the sign-in calls sent so far, in order */
    sent: () => calls.filter((c) => c.path.startsWith("auth.")).map((c) => ({ procedure: c.path.slice(5), input: c.input })),
    path: () => location.history!.at(-1),
  };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
const chooseAdmin = () => fireEvent.click(screen.getByRole("button", { name: "Admin" }));

describe("login page", () => {
  test("offers a Student/Admin switch, Student first, with the spec's links", async () => {
    await renderLogin();
    expect(screen.getByRole("button", { name: "Student" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Admin" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByLabelText("Email or Student ID")).toBeTruthy();
    for (const [name, href] of [
      ["Forgot password?", "/forgot-password"],
      ["Apply for admission", "/admission"],
      ["Check your application status", "/admission-status"],
      ["Back to home", "/"],
    ] as const) {
      expect(screen.getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
    chooseAdmin();
    expect(screen.getByRole("button", { name: "Admin" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.queryByLabelText("Email or Student ID")).toBeNull();
  });

  test("?as=office opens on the Admin side (an office account that has just set its password; tenth walk)", async () => {
    await renderLogin({}, "/login?as=office");
    expect(screen.getByRole("button", { name: "Admin" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByLabelText("Email")).toBeTruthy();
  });

  test("an empty student form shows both of the spec's messages beside the fields and sends nothing", async () => {
    const { sent } = await renderLogin();
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.emailOrStudentIdRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MSG.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText("Email or Student ID").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(sent()).toEqual([]);
  });

  test("an empty admin form says 'Email is required' and 'Password is required'", async () => {
    const { sent } = await renderLogin();
    chooseAdmin();
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.emailRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MSG.passwordRequired)).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  test("a student ID is sent as studentId, and the student lands on their dashboard", async () => {
    const { sent, path } = await renderLogin();
    type("Email or Student ID", "stu0001");
    type("Password", "Secret123");
    submit();
    await screen.findByText("Welcome back, Priya!");
    expect(sent()).toEqual([{ procedure: "studentLogin", input: { studentId: "STU0001", password: "Secret123", email: "" } }]);
    expect(path()).toBe("/student/dashboard");
  });

  test("an account that must change its password lands on that page with the focus on its main region (tenth walk)", async () => {
    const { path } = await renderLogin({
      "auth.studentLogin": () => ({ token: "student-token", user: { ...STUDENT, mustChangePassword: true } }),
    });
    type("Email or Student ID", "stu0001");
    type("Password", "Secret123");
    screen.getByRole("button", { name: "Sign in" }).focus();
    submit();
    await waitFor(() => expect(path()).toBe("/change-password"));
    await waitFor(() => expect(document.activeElement?.id).toBe("main"));
  });

  test("a value with '@' is sent as email", async () => {
    const { sent } = await renderLogin();
    type("Email or Student ID", " Priya@Example.com ");
    type("Password", "Secret123");
    submit();
    await screen.findByText("Welcome back, Priya!");
    expect(sent()[0]?.procedure).toBe("studentLogin");
    expect(sent()[0]?.input).toEqual({ email: "priya@example.com", studentId: "", password: "Secret123" });
  });

  test("an admin signs in with e-mail and password and lands on /admin/dashboard", async () => {
    const { sent, path } = await renderLogin();
    chooseAdmin();
    type("Email", "admin@example.com");
    type("Password", "Secret123");
    submit();
    await screen.findByText("Welcome back, Asha!");
    expect(sent()).toEqual([{ procedure: "adminLogin", input: { email: "admin@example.com", password: "Secret123" } }]);
    expect(path()).toBe("/admin/dashboard");
  });

  test("a failed login shows the server's message in an alert and keeps what was typed", async () => {
    let finish!: () => void;
    const { path } = await renderLogin({
      "auth.studentLogin": () =>
        new Promise((_resolve, reject) => (finish = () => reject(new TrpcFailure(ACCOUNT_MSG.invalidCredentials, 401)))),
    });
    type("Email or Student ID", "STU0001");
    type("Password", "Wrong1Password");
    submit();
    // Busy while waiting: the button cannot be pressed twice.
    const button = screen.getByRole("button", { name: "Sign in" });
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBe("true"));
    expect(button.getAttribute("aria-disabled")).toBe("true");
    finish();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ACCOUNT_MSG.invalidCredentials);
    // The credentials may be an office account's: the alert says where those sign in.
    expect(alert.textContent).toContain("Signing in to the office (administrators and staff)? Choose Admin above.");
    expect((screen.getByLabelText("Email or Student ID") as HTMLInputElement).value).toBe("STU0001");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("Wrong1Password");
    expect(button.getAttribute("aria-busy")).toBeNull();
    expect(path()).toBe("/login");
  });

  test("a failure without a message reads 'Login failed'", async () => {
    await renderLogin({
      // An error without any words (a 500 with an empty message).
      "auth.adminLogin": () => new TrpcFailure("", 500),
    });
    chooseAdmin();
    type("Email", "admin@example.com");
    type("Password", "whatever");
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain(MSG.loginFailed);
  });

  test("an account with two-step sign-in is asked for the e-mailed code", async () => {
    const { sent, path } = await renderLogin({
      "auth.adminLogin": () => ({ twoFactorRequired: true, challengeToken: "7.s", message: ACCOUNT_MSG.twoFactorSent }),
    });
    chooseAdmin();
    type("Email", "admin@example.com");
    type("Password", "Secret123");
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.twoFactorSent)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Verify code" }));
    expect(await screen.findByText(ACCOUNT_MSG.completeCode)).toBeTruthy();
    type("Sign-in code", "12-34 56");
    fireEvent.click(screen.getByRole("button", { name: "Verify code" }));
    await screen.findByText("Welcome back, Asha!");
    expect(sent().at(-1)).toEqual({ procedure: "verifyTwoFactor", input: { challengeToken: "7.s", code: "123456" } });
    expect(path()).toBe("/admin/dashboard");
  });

  test("the code's box takes the focus as its step appears, and again when a code is refused (eleventh walk)", async () => {
    await renderLogin({
      "auth.adminLogin": () => ({ twoFactorRequired: true, challengeToken: "7.s", message: ACCOUNT_MSG.twoFactorSent }),
      "auth.verifyTwoFactor": () => new TrpcFailure("Invalid verification code. Please try again.", 400),
    });
    chooseAdmin();
    type("Email", "admin@example.com");
    type("Password", "Secret123");
    submit();
    await screen.findByText(ACCOUNT_MSG.twoFactorSent);
    const box = screen.getByLabelText(/^Sign-in code/);
    await waitFor(() => expect(document.activeElement === box).toBe(true));
    type("Sign-in code", "000000");
    const verify = screen.getByRole("button", { name: "Verify code" });
    verify.focus();
    fireEvent.click(verify);
    await screen.findByText("Invalid verification code. Please try again.");
    expect(document.activeElement === box).toBe(true);
  });

  test("a double click on Sign in or Verify code sends once while the first call is on its way", async () => {
    const sent: string[] = [];
    await renderLogin({
      "auth.studentLogin": () => {
        sent.push("studentLogin");
        return neverAnswers();
      },
    });
    type("Email or Student ID", "stu0001");
    type("Password", "Secret123");
    const signIn = screen.getByRole("button", { name: "Sign in" });
    await doubleClickSendsOnce(signIn, () => sent);
    cleanup();

    await renderLogin({
      "auth.adminLogin": () => ({ twoFactorRequired: true, challengeToken: "7.s", message: ACCOUNT_MSG.twoFactorSent }),
      "auth.verifyTwoFactor": () => {
        sent.push("verifyTwoFactor");
        return neverAnswers();
      },
    });
    chooseAdmin();
    type("Email", "admin@example.com");
    type("Password", "Secret123");
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.twoFactorSent)).toBeTruthy();
    type("Sign-in code", "123456");
    const verify = screen.getByRole("button", { name: "Verify code" });
    await doubleClickSendsOnce(verify, () => sent.filter((call) => call === "verifyTwoFactor"));
    expect(sent).toEqual(["studentLogin", "verifyTwoFactor"]);
  });

  test("a student whose address is not yet confirmed is asked for the code sent to it (Require e-mail verification)", async () => {
    const { sent } = await renderLogin({
      "auth.studentLogin": () => ({ twoFactorRequired: true, challengeToken: "9.s", message: ACCOUNT_MSG.emailVerificationSent }),
    });
    type("Email or Student ID", "asha@example.test");
    type("Password", "Secret123");
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.emailVerificationSent)).toBeTruthy();
    type("Sign-in code", "654321");
    fireEvent.click(screen.getByRole("button", { name: "Verify code" }));
    await waitFor(() => expect(sent().at(-1)).toEqual({ procedure: "verifyTwoFactor", input: { challengeToken: "9.s", code: "654321" } }));
  });
});
