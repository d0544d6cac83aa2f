import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import hiStudent from "../../../shared/i18n/hi/student.json";
import mrStudent from "../../../shared/i18n/mr/student.json";
import { student } from "../../../shared/i18n/student.ts";
import { CLIENT_MSG } from "../../lib/errors.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { STORAGE_KEYS } from "../../lib/storage.ts";
import { NoConnection, STUDENT, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import { SESSIONS_TEXT } from "../auth/sign-out-everywhere.tsx";
import { SECURITY_TEXT } from "./settings-security.tsx";
import { errorOf, PROFILE, renderStudentAt, SETTINGS } from "./student-testing.tsx";
import { notSavedText, savedText } from "./use-settings-save.ts";

withClientTestRules();

type Handlers = Parameters<typeof renderStudentAt>[1];

async function openSettings(query = "", handlers: Handlers = {}) {
  const app = renderStudentAt(`/student/settings${query}`, {
    "student.profile": () => PROFILE,
    "student.settings": () => SETTINGS,
    "student.updateSettings": (input) => ({ ...SETTINGS, ...(input as object) }),
    ...handlers,
  });
  await screen.findByRole("heading", { level: 1, name: "Settings" });
  return app;
}

const tab = (name: string) => screen.getByRole("tab", { name });
const panel = () => screen.getByRole("tabpanel");
/** A field by its label (required ones end with a " *" that screen readers skip). */
const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;

async function fillPassword(current: string, next: string, confirm: string) {
  await screen.findByRole("region", { name: "Change password" });
  fireEvent.change(input("Current password"), { target: { value: current } });
  fireEvent.change(input("New password"), { target: { value: next } });
  fireEvent.change(input("Confirm new password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Update Password" }));
}

describe("student settings: tabs and account", () => {
  test("the page's heading names the browser tab too (StudentPageHeader)", async () => {
    document.title = "Elsewhere";
    await openSettings();
    await waitFor(() => expect(document.title).toBe("Settings – Test Institute"));
  });

  test("four tabs, Account first; the chosen tab goes into the address and a link with ?tab= opens it", async () => {
    const { path, entries } = await openSettings();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Account", "Security", "Notifications", "Preferences"]);
    expect(tab("Account").getAttribute("aria-selected")).toBe("true");
    await within(panel()).findByRole("region", { name: "Account information" });

    // Each tab a step in history: the browser's Back returns to the last tab, not to the dashboard (walk 27b).
    const before = entries();
    fireEvent.click(tab("Security"));
    expect(path()).toBe("/student/settings?tab=security");
    expect(entries()).toBe(before + 1);
    expect(tab("Security").getAttribute("aria-selected")).toBe("true");
    await within(panel()).findByRole("region", { name: "Change password" });

    // Arrow keys move between tabs (WAI-ARIA tabs pattern), and the address follows.
    fireEvent.keyDown(tab("Security"), { key: "ArrowRight" });
    expect(path()).toBe("/student/settings?tab=notifications");
    expect(document.activeElement).toBe(tab("Notifications"));
  });

  test("?tab=preferences opens Preferences directly; an unknown tab falls back to Account", async () => {
    await openSettings("?tab=preferences");
    expect(tab("Preferences").getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByText(student.t("settings.languageHint"))).toBeTruthy();
  });

  test("Account: read-only details, 'Not assigned' without a student ID, 'Not specified' for what is missing, and the note", async () => {
    await openSettings("?tab=nonsense", { "student.profile": () => ({ ...PROFILE, student_id: null, mobile: null, standard: null }) });
    expect(tab("Account").getAttribute("aria-selected")).toBe("true");
    const account = await screen.findByRole("region", { name: "Account information" });
    const value = (term: string) => within(account).getByText(term).nextElementSibling?.textContent;
    expect(value("Full name")).toBe("Priya Sharma");
    expect(value("E-mail address")).toBe("priya@example.com");
    expect(value("Student ID")).toBe("Not assigned");
    expect(value("Mobile")).toBe("Not specified");
    expect(value("Class / standard")).toBe("Not specified");
    expect(value("Status")).toBe("Active");
    expect(within(account).queryByRole("textbox")).toBeNull();
    expect(within(account).getByText(/go through the administration office/)).toBeTruthy();
    // The e-mail address is the student's own to change (Profile → Change e-mail), not the office's (sixth walk).
    expect(within(account).getByText(/you can change your e-mail address \(Change e-mail\)/)).toBeTruthy();
    expect(within(account).getByRole("link", { name: "Profile section" }).getAttribute("href")).toBe("/student/profile");
  });
});

describe("student settings: security", () => {
  test("a different confirmation says 'New passwords do not match' beside it, and nothing is sent", async () => {
    const { sent } = await openSettings("?tab=security");
    await fillPassword("Current1Pass", "Fresh2026Pass", "Fresh2026Pas");
    expect(errorOf(input("Confirm new password"))).toBe("New passwords do not match");
    expect(sent("student.changePassword")).toEqual([]);
    // Each box has its own show/hide.
    expect(screen.getAllByRole("button", { name: "Show password" })).toHaveLength(3);
  });

  test("the one password policy (8+ with upper, lower and a digit) is checked before sending", async () => {
    const { sent } = await openSettings("?tab=security");
    await fillPassword("Current1Pass", "short1A", "short1A");
    expect(errorOf(input("New password"))).toBe(ACCOUNT_MSG.passwordMin8);
    fireEvent.change(input("New password"), { target: { value: "alllowercase1" } });
    fireEvent.change(input("Confirm new password"), { target: { value: "alllowercase1" } });
    fireEvent.click(screen.getByRole("button", { name: "Update Password" }));
    expect(errorOf(input("New password"))).toBe(ACCOUNT_MSG.passwordComplexity);
    expect(sent("student.changePassword")).toEqual([]);
  });

  test("the server's messages go beside their fields; any other failure says 'Failed to update password'", async () => {
    let answer: TrpcFailure = new TrpcFailure(ACCOUNT_MSG.currentPasswordWrong, 400, {
      currentPassword: [ACCOUNT_MSG.currentPasswordWrong],
    });
    await openSettings("?tab=security", {
      "student.changePassword": () => {
        throw answer;
      },
    });
    await fillPassword("Wrong1Pass", "Fresh2026Pass", "Fresh2026Pass");
    await waitFor(() => expect(errorOf(input("Current password"))).toBe(ACCOUNT_MSG.currentPasswordWrong));
    // Focus goes to the field to fix once the form is free again (it was disabled while sent: seventh walk).
    await waitFor(() => expect(document.activeElement).toBe(input("Current password")));

    answer = new TrpcFailure(ACCOUNT_MSG.passwordTooCommon, 400, { newPassword: [ACCOUNT_MSG.passwordTooCommon] });
    fireEvent.click(screen.getByRole("button", { name: "Update Password" }));
    await waitFor(() => expect(errorOf(input("New password"))).toBe(ACCOUNT_MSG.passwordTooCommon));
    await waitFor(() => expect(document.activeElement).toBe(input("New password")));

    answer = new TrpcFailure("Something went wrong on our side. Please try again.", 500);
    fireEvent.click(screen.getByRole("button", { name: "Update Password" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(SECURITY_TEXT.passwordFailed);
    expect(input("New password").value).toBe("Fresh2026Pass");
  });

  test("a change that cannot reach the server says so, not only 'try again' (walk 33b); what was typed stays", async () => {
    await openSettings("?tab=security", { "student.changePassword": () => new NoConnection() });
    await fillPassword("Current1Pass", "Fresh2026Pass", "Fresh2026Pass");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(SECURITY_TEXT.passwordFailed);
    expect([CLIENT_MSG.unsure, CLIENT_MSG.network].some((said) => alert.textContent?.includes(said))).toBe(true);
    expect(input("New password").value).toBe("Fresh2026Pass");
  });

  test("a changed password: the success message, empty boxes, and the student stays signed in", async () => {
    const { sent, path } = await openSettings("?tab=security", {
      "student.changePassword": () => ({ message: "Password updated successfully", user: STUDENT }),
    });
    await fillPassword("Current1Pass", "Fresh2026Pass", "Fresh2026Pass");
    const region = screen.getByRole("region", { name: "Change password" });
    await within(region).findByText("Password updated successfully");
    expect(within(region).getByText(/still signed in on this device/)).toBeTruthy();
    expect(sent("student.changePassword")).toEqual([
      { currentPassword: "Current1Pass", newPassword: "Fresh2026Pass", confirmPassword: "Fresh2026Pass" },
    ]);
    expect(input("Current password").value).toBe("");
    expect(input("New password").value).toBe("");
    expect(path()).toBe("/student/settings?tab=security");
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("stored-token");
  });

  test("a change sent by Enter in a field leaves the focus on Update Password, not the page (tenth walk)", async () => {
    await openSettings("?tab=security", {
      "student.changePassword": () => ({ message: "Password updated successfully", user: STUDENT }),
    });
    await screen.findByRole("region", { name: "Change password" });
    fireEvent.change(input("Current password"), { target: { value: "Current1Pass" } });
    fireEvent.change(input("New password"), { target: { value: "Fresh2026Pass" } });
    fireEvent.change(input("Confirm new password"), { target: { value: "Fresh2026Pass" } });
    const update = screen.getByRole("button", { name: "Update Password" });
    input("Confirm new password").focus();
    fireEvent.submit(input("Confirm new password").form!);
    await screen.findByText("Password updated successfully");
    await waitFor(() => expect(document.activeElement === update).toBe(true));
  });

  test("Logout All asks 'Are you sure you want to log out from all devices?'; Cancel sends nothing; Yes ends the others and says how many", async () => {
    const { sent } = await openSettings("?tab=security", { "auth.logoutAll": () => ({ endedSessions: 2 }) });
    fireEvent.click(await screen.findByRole("button", { name: "Logout All" }));
    let dialog = screen.getByRole("dialog", { name: "Logout All" });
    expect(within(dialog).getByText(SESSIONS_TEXT.confirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent("auth.logoutAll")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Logout All" }));
    dialog = screen.getByRole("dialog", { name: "Logout All" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, log out" }));
    const region = screen.getByRole("region", { name: "Signed-in devices" });
    await within(region).findByText(/Signed out of 2 other sessions/);
    expect(sent("auth.logoutAll")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("stored-token");
  });

  test("a double click on Update Password or on 'Yes, log out' sends once while the first call is on its way", async () => {
    const { sent } = await openSettings("?tab=security", {
      "student.changePassword": neverAnswers,
      "auth.logoutAll": neverAnswers,
    });
    await screen.findByRole("region", { name: "Change password" });
    fireEvent.change(input("Current password"), { target: { value: "Current1Pass" } });
    fireEvent.change(input("New password"), { target: { value: "Fresh2026Pass" } });
    fireEvent.change(input("Confirm new password"), { target: { value: "Fresh2026Pass" } });
    const update = screen.getByRole("button", { name: "Update Password" });
    await doubleClickSendsOnce(update, () => sent("student.changePassword"));

    fireEvent.click(screen.getByRole("button", { name: "Logout All" }));
    const yes = within(screen.getByRole("dialog", { name: "Logout All" })).getByRole("button", { name: "Yes, log out" });
    await doubleClickSendsOnce(yes, () => sent("auth.logoutAll"));
    expect(sent("student.changePassword")).toHaveLength(1);
    expect(sent("auth.logoutAll")).toHaveLength(1);
  });

  test("a failed Logout All says 'Failed to logout from all devices'", async () => {
    await openSettings("?tab=security", {
      "auth.logoutAll": () => {
        throw new TrpcFailure("Something went wrong on our side. Please try again.", 500);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Logout All" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, log out" }));
    expect((await screen.findByRole("alert")).textContent).toContain(SESSIONS_TEXT.failed);
  });

  test("the two-factor switch is saved and says the next sign-in asks for the e-mailed code", async () => {
    const { sent } = await openSettings("?tab=security");
    const region = await screen.findByRole("region", { name: "Two-factor authentication" });
    const toggle = within(region).getByRole("switch", { name: "Ask for a code when I sign in" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(toggle);
    await within(region).findByText(savedText());
    expect(sent("student.updateSettings")).toEqual([{ twoFactorAuth: true }]);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(within(region).getByText(/next time you sign in, we will e-mail you a 6-digit code/)).toBeTruthy();
  });
});

describe("student settings: notifications and preferences", () => {
  test("the email, SMS and push switches show the stored values and save each change with 'Saved'", async () => {
    const { sent } = await openSettings("?tab=notifications");
    const region = await screen.findByRole("region", { name: "How we reach you" });
    const sw = (name: string) => within(region).getByRole("switch", { name });
    expect(sw("Email notifications").getAttribute("aria-checked")).toBe("true");
    expect(sw("SMS notifications").getAttribute("aria-checked")).toBe("false");
    expect(sw("Push notifications").getAttribute("aria-checked")).toBe("true");
    fireEvent.click(sw("SMS notifications"));
    await waitFor(() => expect(sw("SMS notifications").getAttribute("aria-checked")).toBe("true"));
    await within(region).findByText(savedText());
    expect(sent("student.updateSettings")).toEqual([{ smsNotifications: true }]);
  });

  test("a refused change is put back and says it was not saved", async () => {
    await openSettings("?tab=notifications", {
      "student.updateSettings": () => {
        throw new TrpcFailure("Something went wrong on our side. Please try again.", 500);
      },
    });
    const region = await screen.findByRole("region", { name: "How we reach you" });
    const email = within(region).getByRole("switch", { name: "Email notifications" });
    fireEvent.click(email);
    await within(region).findByText(notSavedText());
    expect(email.getAttribute("aria-checked")).toBe("true");
  });

  test("the theme applies at once and is stored; the language is stored and the English UI says translations are coming", async () => {
    const { sent } = await openSettings("?tab=preferences");
    const light = (await screen.findByRole("radio", { name: "Light" })) as HTMLInputElement;
    expect(light.checked).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole("radio", { name: "Dark" })));
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe("true");
    await waitFor(() => expect(sent("student.updateSettings")).toEqual([{ theme: "dark" }]));

    const language = screen.getByLabelText("Portal language") as HTMLSelectElement;
    expect(Array.from(language.options).map((o) => o.value)).toEqual(["english", "hindi", "marathi"]);
    fireEvent.change(language, { target: { value: "marathi" } });
    await waitFor(() => expect(sent("student.updateSettings")).toEqual([{ theme: "dark" }, { language: "marathi" }]));
    expect(language.value).toBe("marathi");
    // The saved language applies at once: the page is now in Marathi, and so does a reload (the session kept on
    // the device says it: a reload started in the old language until the server's answer came).
    expect(await screen.findByText(mrStudent["settings.languageHint"])).toBeTruthy();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? "{}").language).toBe("mr"));
  });

  test("the language shown is the one the portal is in, not the stored default (tenth walk: 'English' over a Hindi screen)", async () => {
    await act(() => changeLocale("hi"));
    try {
      renderStudentAt("/student/settings?tab=preferences", {
        "student.profile": () => PROFILE,
        "student.settings": () => SETTINGS,
      });
      const language = (await screen.findByLabelText(hiStudent["settings.languageLabel"])) as HTMLSelectElement;
      expect(SETTINGS.language).toBe("english");
      expect(language.value).toBe("hindi");
    } finally {
      await act(() => changeLocale("en"));
    }
  });
});
