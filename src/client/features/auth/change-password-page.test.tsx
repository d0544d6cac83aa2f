import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { STORAGE_KEYS } from "../../lib/storage.ts";
import { ADMIN, STUDENT, storeSession, stubSessionApi, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { SessionUser } from "../../lib/trpc.ts";
import { renderAt } from "./auth-testing.tsx";

withClientTestRules();

function signedInAs(user: SessionUser) {
  storeSession(user);
  return stubSessionApi({ me: async () => ({ user }) }).api;
}

const fill = (current: string, password: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirm } });
};
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save password" }));

describe("change password page", () => {
  test("a guest opening /change-password goes to /login", async () => {
    const { path } = renderAt("/change-password");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(path()).toBe("/login");
  });

  test("forced change: a mustChangePassword student opening the dashboard lands here, changes it and goes on", async () => {
    const forced = { ...STUDENT, mustChangePassword: true };
    const { path, sent } = renderAt(
      "/student/dashboard",
      { "auth.changePassword": () => ({ message: "Password updated successfully", user: { ...STUDENT, mustChangePassword: false } }) },
      signedInAs(forced),
    );
    await screen.findByRole("heading", { name: "Choose a new password" });
    expect(path()).toBe("/change-password");
    expect(screen.getByText(auth.t("change.forcedReason"))).toBeTruthy();
    // Every portal page leads here while the change is due.
    expect(screen.queryByRole("link", { name: "Back to your dashboard" })).toBeNull();

    fill("Temp1234", "Chosen123", "Chosen123");
    save();
    await waitFor(() => expect(path()).toBe("/student/dashboard"));
    expect(sent("auth.changePassword")).toEqual([{ currentPassword: "Temp1234", newPassword: "Chosen123" }]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).mustChangePassword).toBe(false);
    expect(await screen.findByText("Password updated successfully")).toBeTruthy();
    await screen.findByText("Welcome back, Priya!");
  });

  test("the forced change also applies to the admin area", async () => {
    const { path } = renderAt("/admin/admissions", {}, signedInAs({ ...ADMIN, mustChangePassword: true }));
    await screen.findByText(auth.t("change.forcedReason"));
    expect(path()).toBe("/change-password");
  });

  test("a signed-in user changes it by choice: all three fields are checked with the spec's messages", async () => {
    const { sent } = renderAt("/change-password", {}, signedInAs(ADMIN));
    await screen.findByRole("heading", { name: "Change password" });
    expect(screen.queryByText(auth.t("change.forcedReason"))).toBeNull();
    expect(screen.getByRole("link", { name: "Back to your dashboard" }).getAttribute("href")).toBe("/admin/dashboard");
    save();
    expect(await screen.findByText(ACCOUNT_MSG.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MSG.passwordRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MSG.confirmPassword)).toBeTruthy();
    expect(document.activeElement === screen.getByLabelText(/^Current password/)).toBe(true);
    fill("Old12345", "Chosen123", "Chosen124");
    save();
    expect(await screen.findByText(ACCOUNT_MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(sent("auth.changePassword")).toEqual([]);
  });

  test("a double click on Save password sends one change while the first is on its way", async () => {
    const { sent } = renderAt("/change-password", { "auth.changePassword": neverAnswers }, signedInAs(ADMIN));
    await screen.findByRole("heading", { name: "Change password" });
    fill("Old12345", "Chosen123", "Chosen123");
    const button = screen.getByRole("button", { name: "Save password" });
    await doubleClickSendsOnce(button, () => sent("auth.changePassword"));
  });

  test("a wrong current password is shown beside that field; what was typed stays", async () => {
    renderAt(
      "/change-password",
      {
        "auth.changePassword": () => {
          throw new TrpcFailure(ACCOUNT_MSG.currentPasswordWrong, 400, { currentPassword: [ACCOUNT_MSG.currentPasswordWrong] });
        },
      },
      signedInAs(STUDENT),
    );
    await screen.findByRole("heading", { name: "Change password" });
    fill("Wrong1234", "Chosen123", "Chosen123");
    save();
    expect((await screen.findByRole("alert")).textContent).toContain(ACCOUNT_MSG.currentPasswordWrong);
    const current = screen.getByLabelText(/^Current password/) as HTMLInputElement;
    expect(current.getAttribute("aria-invalid")).toBe("true");
    expect(current.value).toBe("Wrong1234");
    expect(document.activeElement === current).toBe(true);
  });
});
