import { describe, expect, jest, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import { advance, errorOf, type Handlers, renderAdmin, withFakeTimerCleanup } from "../../layouts/admin-testing.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { ADMIN, leavingAsks, STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import { SAVED_MESSAGE_MS, SETTINGS_TEXT } from "./settings-form.ts";

withClientTestRules();
withFakeTimerCleanup();

const stored = () => ({
  settings: {
    general: DEFAULT_SETTINGS.general,
    security: DEFAULT_SETTINGS.security,
    notifications: DEFAULT_SETTINGS.notifications,
    system: DEFAULT_SETTINGS.system,
    language: DEFAULT_SETTINGS.language,
  },
});

const NOTIFICATIONS = {
  notifications: [],
  pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 10 },
  counts: { total: 0, unread: 0, highPriority: 0, recent24h: 0 },
};

function handlers(extra: Handlers = {}): Handlers {
  return {
    "settings.get": stored,
    "settings.backups": () => ({ backups: [] }),
    "notifications.list": () => NOTIFICATIONS,
    "settings.update": (input) => {
      const base = stored().settings;
      const patch = input as Record<string, object>;
      return {
        message: "Settings saved successfully!",
        settings: {
          general: { ...base.general, ...patch.general },
          security: { ...base.security, ...patch.security },
          notifications: { ...base.notifications, ...patch.notifications },
          system: { ...base.system, ...patch.system },
          language: (patch.language as typeof base.language | undefined) ?? base.language,
        },
      };
    },
    ...extra,
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The control labelled `label` (a required field's label ends with " *"). */
const input = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`)) as HTMLInputElement;

async function open(path: string, extra: Handlers = {}) {
  const app = renderAdmin(path, handlers(extra));
  await screen.findByRole("heading", { level: 1, name: "System Settings" });
  expect(screen.getByText("Configure system preferences and security settings")).toBeTruthy();
  return app;
}

describe("System Settings", () => {
  test("opens on General; the side menu keeps the section in the URL", async () => {
    const { path } = await open("/admin/settings");
    expect(screen.getByRole("heading", { level: 2, name: "General" })).toBeTruthy();
    await waitFor(() => expect(input("Site name").value).toBe(DEFAULT_SETTINGS.general.siteName));
    const menu = screen.getByRole("navigation", { name: "Settings sections" });
    expect(
      within(menu)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Profile", "General", "Security", "Notifications", "System"]);
    expect(within(menu).getByRole("link", { name: "General" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(menu).getByRole("link", { name: "Security" }));
    await screen.findByRole("heading", { level: 2, name: "Security" });
    expect(path()).toBe("/admin/settings?section=security");
  });

  test("General: 'Site name is required' and 'Admin email is required' beside the fields; nothing is sent", async () => {
    const { sent } = await open("/admin/settings?section=general");
    await waitFor(() => expect(input("Site name").value).not.toBe(""));
    fireEvent.change(input("Site name"), { target: { value: "   " } });
    fireEvent.change(input("Admin email"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(errorOf(input("Site name"))).toBe("Site name is required");
    expect(errorOf(input("Admin email"))).toBe("Admin email is required");
    await waitFor(() => expect(document.activeElement).toBe(input("Site name")));
    expect(sent("settings.update")).toEqual([]);
    // Typing again clears the field's message.
    fireEvent.change(input("Site name"), { target: { value: "Pune Open Institute" } });
    expect(errorOf(input("Site name"))).toBeNull();
  });

  test("General: the academic year's first month is chosen by its name and sent as its number (stop 53)", async () => {
    const { sent } = await open("/admin/settings?section=general");
    const month = await screen.findByLabelText("Academic year starts in");
    await waitFor(() => expect((month as HTMLSelectElement).value).toBe("6"));
    expect(within(month).getByRole("option", { name: "July" })).toBeTruthy();
    fireEvent.change(month, { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(sent("settings.update")).toEqual([{ general: { academicYearStart: 7 } }]));
  });

  test("General: the address says where the site shows it, under the first office's name of Site content (walk 33a)", async () => {
    await open("/admin/settings?section=general");
    const address = await screen.findByLabelText("Institution address");
    const hint = document.getElementById(address.getAttribute("aria-describedby")?.split(" ")[0] ?? "");
    expect(hint?.textContent).toContain("Shown on the site as the first office's address");
    expect(hint?.textContent).toContain("Site content → Institute");
  });

  test("Security: the three range messages; nothing is sent", async () => {
    const { sent } = await open("/admin/settings?section=security");
    await waitFor(() => expect(input("Session timeout (hours)").value).toBe("24"));
    fireEvent.change(input("Password expiry (days)"), { target: { value: "20" } });
    fireEvent.change(input("Max login attempts"), { target: { value: "11" } });
    fireEvent.change(input("Session timeout (hours)"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(errorOf(input("Password expiry (days)"))).toBe("Password expiry must be a whole number of days from 30 to 365");
    expect(errorOf(input("Max login attempts"))).toBe("Max login attempts must be a whole number from 3 to 10");
    expect(errorOf(input("Session timeout (hours)"))).toBe("Session timeout must be a whole number of hours from 1 to 168");
    // A blank number is out of range too, not zero.
    fireEvent.change(input("Session timeout (hours)"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(errorOf(input("Session timeout (hours)"))).toBe("Session timeout must be a whole number of hours from 1 to 168");
    expect(sent("settings.update")).toEqual([]);
  });

  test("Save: 'Saving...' while busy, then 'Settings saved successfully!' for 3 seconds; only the open section's changes are sent", async () => {
    let answer: (() => void) | null = null;
    const base = handlers();
    const { sent } = await open("/admin/settings?section=security", {
      "settings.update": (i) =>
        new Promise((resolve) => {
          answer = () => resolve(base["settings.update"]!(i));
        }),
    });
    await waitFor(() => expect(input("Session timeout (hours)").value).toBe("24"));
    fireEvent.change(input("Session timeout (hours)"), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("switch", { name: "Two-factor authentication" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    const busy = await screen.findByRole("button", { name: SETTINGS_TEXT.saving });
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    await waitFor(() => expect(answer).not.toBeNull());
    // Only what was changed: a colleague's save of the other fields from another tab stays (twelfth walk).
    expect(sent("settings.update")).toEqual([{ security: { enableTwoFactor: true, sessionTimeout: 12 } }]);

    jest.useFakeTimers();
    answer!();
    await advance(200);
    expect(screen.getByText(SETTINGS_TEXT.saved)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save Settings" })).toBeTruthy();
    await advance(SAVED_MESSAGE_MS - 400);
    expect(screen.queryByText(SETTINGS_TEXT.saved)).not.toBeNull();
    await advance(400);
    expect(screen.queryByText(SETTINGS_TEXT.saved)).toBeNull();
    expect(input("Session timeout (hours)").value).toBe("12");
  });

  test("every section saves what was changed in it: a Notifications switch, System's switch and log level", async () => {
    const { sent } = await open("/admin/settings?section=notifications");
    const email = await screen.findByRole("switch", { name: "Email notifications" });
    expect(screen.queryByRole("switch", { name: "SMS notifications" })).toBeNull();
    // The note says what the switches do, and promises no delivery the product lacks (eleventh walk: "still being connected").
    const note = screen.getByText(/decide which of those events appear under the bell/);
    expect(note.textContent).not.toMatch(/SMS|push|weekly report|still being/i);
    fireEvent.click(email);
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await screen.findByText(SETTINGS_TEXT.saved);
    expect(sent("settings.update")).toEqual([{ notifications: { emailNotifications: false } }]);
    expect(screen.getByText("No notifications found")).toBeTruthy();
    expect(screen.getByText("You're all caught up!")).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: "System" }));
    const maintenance = await screen.findByRole("switch", { name: "Maintenance mode" });
    expect(maintenance.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(/visitors to the public website see a maintenance page/)).toBeTruthy();
    fireEvent.click(maintenance);
    fireEvent.change(screen.getByLabelText("Log level"), { target: { value: "debug" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(sent("settings.update")).toHaveLength(2));
    expect(sent("settings.update")[1]).toEqual({ system: { maintenanceMode: true, logLevel: "debug" } });
  });

  test("Enter in a section's field saves it, and the focus stays in the field (eighth walk: nothing was saved)", async () => {
    const { sent } = await open("/admin/settings?section=general");
    const phone = await screen.findByLabelText("Contact phone");
    await waitFor(() => expect((phone as HTMLInputElement).value).not.toBe(""));
    phone.focus();
    fireEvent.change(phone, { target: { value: "+91 20 1234 5678" } });
    fireEvent.keyDown(phone, { key: "Enter" });
    await screen.findByText(SETTINGS_TEXT.saved);
    expect(sent("settings.update")).toHaveLength(1);
    // The phone alone: a site name a colleague saved from another tab meanwhile is not put back (twelfth walk).
    expect(sent("settings.update")[0]).toEqual({ general: { contactPhone: "+91 20 1234 5678" } });
    expect(document.activeElement).toBe(phone);
  });

  test("a refused save shows the server's message beside its field and at the top", async () => {
    await open("/admin/settings?section=general", {
      "settings.update": () => {
        throw new TrpcFailure("Please enter a valid email address", 400, { "general.adminEmail": ["Please enter a valid email address"] });
      },
    });
    await waitFor(() => expect(input("Site name").value).not.toBe(""));
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(errorOf(input("Admin email"))).toBe("Please enter a valid email address"));
    expect(screen.getByRole("alert").textContent).toContain("Please enter a valid email address");
  });

  test("a failed save without a reason says 'Failed to save settings. Please try again.'", async () => {
    await open("/admin/settings?section=system", {
      "settings.update": () => {
        throw new TrpcFailure("boom", 500);
      },
    });
    await screen.findByRole("switch", { name: "Maintenance mode" });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect((await screen.findByRole("alert")).textContent).toContain(SETTINGS_TEXT.saveFailed);
  });

  test("Profile: only non-blank values are sent; all blank says 'Please fill in at least one field to update'", async () => {
    const { sent } = await open("/admin/settings?section=profile", {
      "auth.updateProfile": (i) => ({ user: { ...ADMIN, ...(i as object) } }),
    });
    expect(input("Full name").value).toBe(ADMIN.name);
    expect(input("Email address").value).toBe(ADMIN.email);
    expect(input("Email address").readOnly).toBe(true);
    expect(screen.getByRole("button", { name: "Change e-mail" })).toBeTruthy();
    fireEvent.change(input("Full name"), { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(screen.getByRole("alert").textContent).toContain("Please fill in at least one field to update");
    expect(sent("auth.updateProfile")).toEqual([]);

    fireEvent.change(input("Mobile number"), { target: { value: " +91 98200 12345 " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await screen.findByText(SETTINGS_TEXT.saved);
    expect(sent("auth.updateProfile")).toEqual([{ mobile: "+91 98200 12345" }]);
  });

  test("Profile photo: images only and at most 5 MB, with the spec's messages; a good image is previewed for saving", async () => {
    await open("/admin/settings?section=profile");
    const file = screen.getByLabelText("Profile photo") as HTMLInputElement;
    expect(file.accept).toBe("image/*");
    fireEvent.change(file, { target: { files: [new File(["%PDF"], "cv.pdf", { type: "application/pdf" })] } });
    expect(screen.getByRole("alert").textContent).toBe(ACCOUNT_MSG.photoNotImage);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(file, { target: { files: [big] } });
    expect(screen.getByRole("alert").textContent).toBe(ACCOUNT_MSG.photoTooLarge);
    expect(screen.queryByRole("button", { name: "Save photo" })).toBeNull();
    fireEvent.change(file, { target: { files: [new File([new Uint8Array(10)], "me.png", { type: "image/png" })] } });
    expect(screen.getByRole("img", { name: "Preview of the chosen photo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save photo" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("the password form: 'Passwords do not match' and the policy inline; a good change goes to auth.changePassword", async () => {
    const { sent } = await open("/admin/settings?section=security", {
      "auth.changePassword": () => ({ message: "Password changed", user: ADMIN }),
    });
    await screen.findByRole("heading", { name: "Change password" });
    fireEvent.change(input("New password"), { target: { value: "short" } });
    expect(errorOf(input("New password"))).toBe("Password must be at least 8 characters long");
    fireEvent.change(input("New password"), { target: { value: "Better2026" } });
    expect(errorOf(input("New password"))).toBeNull();
    fireEvent.change(input("Confirm new password"), { target: { value: "Better2025" } });
    expect(errorOf(input("Confirm new password"))).toBe("Passwords do not match");
    fireEvent.click(screen.getByRole("button", { name: "Change Password" }));
    expect(sent("auth.changePassword")).toEqual([]);

    fireEvent.change(input("Current password"), { target: { value: "Old-pass-1" } });
    fireEvent.change(input("Confirm new password"), { target: { value: "Better2026" } });
    // Passwords half typed: leaving asks first, until the change is made (stop 45).
    expect(leavingAsks()).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Change Password" }));
    await screen.findByText(SETTINGS_TEXT.passwordChanged);
    expect(leavingAsks()).toBe(false);
    expect(sent("auth.changePassword")).toEqual([{ currentPassword: "Old-pass-1", newPassword: "Better2026" }]);
    expect(sent("settings.update")).toEqual([]);
  });

  test("a staff member turns two-step sign-in on for their own account; required by the institute, it shows on and fixed (walk 20a)", async () => {
    let own = false;
    let byInstitute = false;
    const stats = () => ({
      lastLogin: null,
      activeSessions: 1,
      passwordChangedAt: "2026-11-01T00:00:00.000Z",
      passwordAgeDays: 21,
      passwordExpiresInDays: 69,
      twoFactorEnabled: own || byInstitute,
      twoFactorByInstitute: byInstitute,
      memberSince: "2026-11-01T00:00:00.000Z",
    });
    const { sent } = renderAdmin(
      "/admin/settings",
      handlers({
        "auth.stats": stats,
        "auth.setTwoFactor": (input) => {
          own = (input as { enabled: boolean }).enabled;
          return { twoFactorEnabled: own };
        },
      }),
      STAFF,
    );
    const toggle = await screen.findByRole("switch", { name: "Ask for an e-mailed code at every sign-in" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(toggle);
    await waitFor(() => expect(sent("auth.setTwoFactor")).toEqual([{ enabled: true }]));
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Ask for an e-mailed code at every sign-in" }).getAttribute("aria-checked")).toBe("true"),
    );
    cleanup();
    byInstitute = true;
    own = false;
    renderAdmin("/admin/settings", handlers({ "auth.stats": stats }), STAFF);
    const fixed = (await screen.findByRole("switch", { name: "Ask for an e-mailed code at every sign-in" })) as HTMLButtonElement;
    expect([fixed.getAttribute("aria-checked"), fixed.disabled]).toEqual(["true", true]);
    expect(screen.getByText(/the institute has turned it on in Settings → Security/)).toBeTruthy();
  });

  test("a staff member ends her other sessions from Profile: Logout All asks first, then says how many ended (walk 29b)", async () => {
    const { sent } = renderAdmin("/admin/settings", handlers({ "auth.logoutAll": () => ({ endedSessions: 2 }) }), STAFF);
    const section = (await screen.findByRole("heading", { level: 3, name: "Signed-in devices" })).closest("section")!;
    fireEvent.click(within(section).getByRole("button", { name: "Logout All" }));
    const dialog = screen.getByRole("dialog", { name: "Logout All" });
    expect(within(dialog).getByText("Are you sure you want to log out from all devices?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, log out" }));
    await waitFor(() => expect(sent("auth.logoutAll")).toHaveLength(1));
    expect((await within(section).findByRole("status")).textContent).toContain("Signed out of 2 other sessions. You stay signed in here.");
  });

  test("a double click on Change Password or on Back up now sends once while the first call is on its way", async () => {
    const { sent } = await open("/admin/settings?section=security", {
      "auth.changePassword": neverAnswers,
      "settings.backupNow": neverAnswers,
    });
    await screen.findByRole("heading", { name: "Change password" });
    fireEvent.change(input("Current password"), { target: { value: "Old-pass-1" } });
    fireEvent.change(input("New password"), { target: { value: "Better2026" } });
    fireEvent.change(input("Confirm new password"), { target: { value: "Better2026" } });
    const change = screen.getByRole("button", { name: "Change Password" });
    await doubleClickSendsOnce(change, () => sent("auth.changePassword"));

    fireEvent.click(screen.getByRole("link", { name: "System" }));
    const backUp = await screen.findByRole("button", { name: "Back up now" });
    await doubleClickSendsOnce(backUp, () => sent("settings.backupNow"));
    expect(sent("auth.changePassword")).toHaveLength(1);
    expect(sent("settings.backupNow")).toHaveLength(1);
  });

  test("another section is no other page: its link does not ask about unsaved edits, which stay (stop 45)", async () => {
    await open("/admin/settings?section=general");
    await waitFor(() => expect(input("Site name").value).toBe(DEFAULT_SETTINGS.general.siteName));
    fireEvent.change(input("Site name"), { target: { value: "Something else" } });
    // The browser's address is the page's (the test's router keeps its own in memory).
    const before = location.href;
    history.replaceState(null, "", "/admin/settings?section=general");
    try {
      const menu = screen.getByRole("navigation", { name: "Settings sections" });
      fireEvent.click(within(menu).getByRole("link", { name: "Security" }));
      await screen.findByRole("heading", { level: 2, name: "Security" });
      expect(screen.queryByRole("dialog")).toBeNull();
      fireEvent.click(within(menu).getByRole("link", { name: /General \(unsaved changes\)/ }));
      await waitFor(() => expect(input("Site name").value).toBe("Something else"));
    } finally {
      history.replaceState(null, "", before);
    }
  });

  test("Reset Changes asks before dropping unsaved edits, then reloads the stored values", async () => {
    let loads = 0;
    await open("/admin/settings?section=general", {
      "settings.get": () => {
        loads++;
        return stored();
      },
    });
    await waitFor(() => expect(input("Site name").value).toBe(DEFAULT_SETTINGS.general.siteName));
    fireEvent.change(input("Site name"), { target: { value: "Something else" } });
    expect(screen.getByRole("link", { name: /General \(unsaved changes\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reset Changes" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard unsaved changes?" });
    expect(dialog.textContent).toContain("General");
    const before = loads;
    fireEvent.click(within(dialog).getByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(input("Site name").value).toBe(DEFAULT_SETTINGS.general.siteName));
    expect(loads).toBeGreaterThan(before);
  });
});
