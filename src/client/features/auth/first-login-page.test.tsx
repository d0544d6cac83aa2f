import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { TrpcFailure, type TypedTrpcHandlers, withClientTestRules } from "../../lib/testing.tsx";
import { renderAt } from "./auth-testing.tsx";

withClientTestRules();

const SET = "Your password is set. Please sign in.";

async function openFirstLogin(handler: NonNullable<TypedTrpcHandlers["auth.firstLogin"]>, path = "/first-login?token=link-token-1") {
  const app = renderAt(path, { "auth.firstLogin": handler, "auth.firstLoginLink": () => ({ usable: true }) });
  // The form shows once the link is found usable; a link without a token is refused at once.
  if (path.includes("token=")) {
    await screen.findByRole("heading", { name: "Welcome — choose your password" });
    await screen.findByLabelText(/^New password/);
  } else await screen.findByRole("heading", { name: "Set Your Password" });
  return app;
}
const fill = (password: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirm } });
};
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Set my password" }));

describe("first-login page", () => {
  test("a new student chooses a password and is told how to sign in", async () => {
    const { sent } = await openFirstLogin(() => ({ message: SET, role: "student", login: "STU0007" }));
    fill("Welcome123", "Welcome123");
    submit();
    expect(await screen.findByText(SET)).toBeTruthy();
    expect(sent("auth.firstLogin")).toEqual([{ token: "link-token-1", password: "Welcome123" }]);
    expect(screen.getByText("STU0007")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  test("a double click on Set my password sends once while the first call is on its way", async () => {
    const { sent } = await openFirstLogin(neverAnswers);
    fill("Welcome123", "Welcome123");
    const button = screen.getByRole("button", { name: "Set my password" });
    await doubleClickSendsOnce(button, () => sent("auth.firstLogin"));
  });

  test("the password pair is checked with the spec's messages before anything is sent", async () => {
    const { sent } = await openFirstLogin(() => ({ message: SET, role: "student", login: "STU0007" }));
    fill("Welcome123", "Welcome12");
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.passwordsDoNotMatch)).toBeTruthy();
    fill("welcome", "welcome");
    submit();
    expect(await screen.findByText(ACCOUNT_MSG.passwordMin8)).toBeTruthy();
    expect(sent("auth.firstLogin")).toEqual([]);
  });

  test("a used or expired link says so and what to do; the form goes away", async () => {
    await openFirstLogin(() => {
      throw new TrpcFailure("This link has expired. Please request a new one.", 400);
    });
    fill("Welcome123", "Welcome123");
    screen.getByRole("button", { name: "Set my password" }).focus();
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This link has expired. Please request a new one.");
    expect(screen.getByText(new RegExp(auth.t("first.askNew")))).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Set my password" })).toBeNull();
    // The message took the form's place, and the focus with it (tenth walk: it fell to the page).
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
  });

  test("a link already used says so as the page opens, before a password is typed for it (walk 22b)", async () => {
    const { sent } = renderAt("/first-login?token=used-token", {
      "auth.firstLoginLink": () => {
        throw new TrpcFailure(ACCOUNT_MSG.linkInvalid, 400);
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ACCOUNT_MSG.linkInvalid);
    // No welcome over a refusal: the page's plain name.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Set Your Password");
    // Said once: the server's sentence asks for a new link, the page says how long one works and whom to ask.
    expect(screen.getByText(auth.t("first.askNew"), { exact: false })).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(sent("auth.firstLoginLink")).toEqual([{ token: "used-token" }]);
    expect(screen.getByRole("link", { name: auth.t("signIn") }).getAttribute("href")).toBe("/login");
  });

  test("an office account's used link signs in on the Admin side (walk 23a: it opened the Student side)", async () => {
    renderAt("/first-login?token=used-token&as=office", {
      "auth.firstLoginLink": () => {
        throw new TrpcFailure(ACCOUNT_MSG.linkInvalid, 400);
      },
    });
    await screen.findByRole("alert");
    expect(screen.getByRole("link", { name: auth.t("signIn") }).getAttribute("href")).toBe("/login?as=office");
  });

  test("while the link is checked, no password form shows (walk 22c: it flashed before a used link's refusal)", async () => {
    renderAt("/first-login?token=slow-token", { "auth.firstLoginLink": neverAnswers });
    expect(await screen.findByText("Checking your link…")).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  test("an office account is sent to the login's Admin side once its password is set (tenth walk)", async () => {
    await openFirstLogin(() => ({ message: SET, role: "staff", login: "meera@example.test" }));
    fill("Welcome123", "Welcome123");
    submit();
    await screen.findByText(SET);
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login?as=office");
  });

  test("a link without a token is not valid at all", async () => {
    const { sent } = await openFirstLogin(() => ({ message: SET, role: "student", login: "STU0001" }), "/first-login");
    expect((await screen.findByRole("alert")).textContent).toContain(auth.t("first.linkNotValid"));
    expect(screen.getByText(new RegExp(auth.t("first.askNew")))).toBeTruthy();
    expect(sent("auth.firstLogin")).toEqual([]);
  });

  test("a password the server refuses (too common) is shown beside the field and the form stays", async () => {
    await openFirstLogin(() => {
      throw new TrpcFailure(ACCOUNT_MSG.passwordTooCommon, 400, { password: [ACCOUNT_MSG.passwordTooCommon] });
    });
    fill("Password1", "Password1");
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain(ACCOUNT_MSG.passwordTooCommon);
    expect(screen.getByLabelText(/^New password/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("button", { name: "Set my password" })).toBeTruthy();
  });
});
