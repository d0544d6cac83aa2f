import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../app.tsx";
import { PROFILE } from "../features/student/student-testing.tsx";
import { setFormatTimeZone } from "../lib/format.ts";
import type { SessionApi } from "../lib/session.tsx";
import { ADMIN, fakeTrpcFetch, SITE_INFO, STAFF, STUDENT, storeSession, stubSessionApi, withClientTestRules } from "../lib/testing.tsx";
import { renderSignedIn } from "./portal-testing.tsx";
import { studentTitleFor } from "./student-layout.tsx";

withClientTestRules();
afterEach(() => setSystemTime());
const deviceZone = process.env.TZ;

function renderAt(path: string, api: SessionApi = stubSessionApi().api) {
  const location = memoryLocation({ path, record: true });
  const { fetch } = fakeTrpcFetch({ "site.info": () => SITE_INFO });
  render(<App sessionApi={api} locationHook={location.hook} fetch={fetch} />);
  return { path: () => location.history!.at(-1), navigate: location.navigate };
}
const signedInAs = (user: typeof STUDENT) => {
  storeSession(user);
  return stubSessionApi({ me: async () => ({ user }) });
};

describe("public layout", () => {
  test("guests see the public links, Apply Now and Login; a skip link leads to the content", async () => {
    renderAt("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const links = within(nav)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(links).toEqual(["Home", "About", "Programmes", "Gallery", "Contact", "Admission", "Login", "Apply Now"]);
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main");
    expect(document.getElementById("main")?.tagName).toBe("MAIN");
  });

  test("the menu button controls the navigation, and Escape closes it and returns focus", async () => {
    renderAt("/");
    const button = await screen.findByRole("button", { name: "Menu" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(button.getAttribute("aria-controls")).toBe(nav.id);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(nav.className).toContain("is-open");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Menu");
  });

  test("choosing a link closes the menu", async () => {
    const { path } = renderAt("/");
    fireEvent.click(await screen.findByRole("button", { name: "Menu" }));
    fireEvent.click(screen.getByRole("link", { name: "About" }));
    await screen.findByRole("heading", { level: 1, name: "About Us" });
    expect(path()).toBe("/about");
    expect(screen.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  test("the menu closes on its own page's link, on a tap or focus outside the bar, but not on a tap inside it", async () => {
    renderAt("/");
    const button = await screen.findByRole("button", { name: "Menu" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    const main = document.getElementById("main")!;
    const open = () => {
      fireEvent.click(button);
      expect(button.getAttribute("aria-expanded")).toBe("true");
    };
    open();
    // Home on the home page: the location does not change, the menu closes all the same.
    fireEvent.click(within(nav).getByRole("link", { name: "Home" }));
    expect(button.getAttribute("aria-expanded")).toBe("false");
    open();
    fireEvent.pointerDown(within(nav).getByRole("link", { name: "About" }));
    fireEvent.focusIn(within(nav).getByRole("link", { name: "About" }));
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerDown(main);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    open();
    // Tab past the last item: focus lands behind the menu, which closes rather than cover it.
    fireEvent.focusIn(screen.getByRole("link", { name: "Apply for Admission" }));
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(nav.className).not.toContain("is-open");
  });

  test("a signed-in student sees the student links and Sign out, which ends the session", async () => {
    const { api, sent } = signedInAs(STUDENT);
    renderAt("/gallery", api);
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Dashboard", "/student/dashboard"],
      ["Profile", "/student/profile"],
      ["ID Card", "/student/id-card"],
    ]);
    fireEvent.click(within(nav).getByRole("button", { name: "Sign out" }));
    await within(nav).findByRole("link", { name: "Login" });
    expect(sent.map((s) => s.procedure)).toContain("logout");
    expect(localStorage.getItem("token")).toBeNull();
  });

  test("a signed-in admin sees Dashboard, Admissions, Students and Contacts", async () => {
    renderAt("/", signedInAs(ADMIN).api);
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Dashboard", "Admissions", "Students", "Contacts"]);
  });

  test("the footer shows the institute's offices, phones, e-mail and programs from settings", async () => {
    renderAt("/");
    const footer = await screen.findByRole("contentinfo");
    await within(footer).findByText("1 Test Road, Pune");
    expect(within(footer).getByRole("link", { name: "+91 20 1234 5678" }).getAttribute("href")).toBe("tel:+912012345678");
    expect(within(footer).getByRole("link", { name: "info@test.example" }).getAttribute("href")).toBe("mailto:info@test.example");
    expect(within(footer).getByText("MBA")).toBeTruthy();
    expect(within(footer).getByText(/Registered society/)).toBeTruthy();
    // Its columns are no regions of their own (a page named "Programmes" had a twin in the landmarks:
    // thirteenth walk); the links' column is a named navigation.
    expect(within(footer).queryByRole("region", { name: /program|contact/i })).toBeNull();
    expect(within(footer).getByRole("heading", { name: "Programmes" })).toBeTruthy();
    expect(within(footer).getByRole("navigation", { name: "Quick links" })).toBeTruthy();
  });

  test("the dark-mode switch toggles the class on <html> and remembers it", async () => {
    renderAt("/");
    const toggle = await screen.findByRole("button", { name: "Dark mode" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem("darkMode")).toBe("true");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
  });
});

describe("home page", () => {
  test("has the hero actions, the achievements from real data and the programmes from the catalogue", async () => {
    renderAt("/");
    expect((await screen.findByRole("link", { name: "Apply for Admission" })).getAttribute("href")).toBe("/admission");
    expect(screen.getByRole("link", { name: "Learn More about the institute" }).getAttribute("href")).toBe("/about");
    // site.info.figures (issue 17): 1234 active students in Indian grouping; no invented "5000+".
    expect(await screen.findByText("1,234")).toBeTruthy();
    expect(screen.getByText("Partner universities")).toBeTruthy();
    expect(screen.queryByText("5000+")).toBeNull();
    const programs = await screen.findByRole("region", { name: "Programmes we guide you through" });
    expect((await within(programs).findByRole("link", { name: "BBA" })).getAttribute("href")).toBe("/programmes/bba");
    await waitFor(() => expect(document.title).toBe("Home – Test Institute"));
  });
});

describe("student layout", () => {
  test.each([
    ["/dashboard", "Dashboard"],
    ["/profile", "My Profile"],
    ["/id-card", "ID Card"],
    ["/settings", "Settings"],
    ["/settings/", "Settings"],
    // The spec's "otherwise Student Portal" was for its placeholders; the pages the issues made real name themselves.
    ["/courses", "My Courses"],
    ["/fees/receipts/12", "Fees"],
    ["/help/7", "Help & Support"],
    ["/elsewhere", "Student Portal"],
  ])("the top-bar title of %s is %s", (path, title) => {
    expect(studentTitleFor(path)).toBe(title);
  });

  test("shows the student's initial, name and ID, the links, and the account menu", async () => {
    renderAt("/student/dashboard", signedInAs(STUDENT).api);
    const sidebar = await screen.findByRole("complementary", { name: "Student portal" });
    expect(within(sidebar).getByText("Priya Sharma")).toBeTruthy();
    expect(within(sidebar).getByText("STU0001")).toBeTruthy();
    expect(within(sidebar).getByText("P")).toBeTruthy();
    const nav = within(sidebar).getByRole("navigation", { name: "Student portal" });
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "ID Card" }).getAttribute("href")).toBe("/student/id-card");

    const menu = screen.getByRole("button", { name: /Account menu$/ });
    fireEvent.click(menu);
    const panel = document.getElementById(menu.getAttribute("aria-controls")!)!;
    expect(
      within(panel)
        .getAllByRole("link")
        .map((a) => a.textContent?.trim()),
    ).toEqual(["Profile", "Settings"]);
    expect(within(panel).getByRole("button", { name: "Sign out" })).toBeTruthy();
  });

  test("the account menu closes when the focus leaves it, so it never covers what Tab reaches next (walk 25)", async () => {
    renderAt("/student/dashboard", signedInAs(STUDENT).api);
    const menu = await screen.findByRole("button", { name: /Account menu$/ });
    fireEvent.click(menu);
    const panel = document.getElementById(menu.getAttribute("aria-controls")!)!;
    const signOut = within(panel).getByRole("button", { name: "Sign out" });
    // Moving among its own items keeps it open.
    act(() => menu.focus());
    act(() => signOut.focus());
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    // Focus gone to nothing (Safari's click on an item focuses nothing): the click still lands on an open menu.
    act(() => signOut.blur());
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    act(() => signOut.focus());
    // Tab past the last item: the focus goes to the page, and the menu closes.
    act(() => (document.getElementById("main") as HTMLElement).focus());
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
  });

  test("the drawer opens from the top bar, closes with Escape, and returns focus", async () => {
    renderAt("/student/dashboard", signedInAs(STUDENT).api);
    const open = await screen.findByRole("button", { name: "Open menu" });
    fireEvent.click(open);
    expect(open.getAttribute("aria-expanded")).toBe("true");
    // Focus moves into the drawer, and back to the menu button when it closes.
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Close menu");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Open menu");
  });

  test("Tab past the drawer's last link (or Shift+Tab past its first) closes it and gives the focus back to the menu button (walk 24a)", async () => {
    renderAt("/student/dashboard", signedInAs(STUDENT).api);
    const open = await screen.findByRole("button", { name: "Open menu" });
    fireEvent.click(open);
    // The page behind is inert: the only place left for the focus is the skip link before the drawer.
    act(() => (document.querySelector(".skip-link") as HTMLElement).focus());
    await waitFor(() => expect(open.getAttribute("aria-expanded")).toBe("false"));
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  test("a page chosen in the drawer closes it and leaves focus on the new page, not on the document", async () => {
    const { path } = renderAt("/student/dashboard", signedInAs(STUDENT).api);
    fireEvent.click(await screen.findByRole("button", { name: "Open menu" }));
    const fees = within(screen.getByRole("navigation", { name: "Student portal" })).getByRole("link", { name: "Fees" });
    fees.focus();
    fireEvent.click(fees);
    await waitFor(() => expect(path()).toBe("/student/fees"));
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(document.activeElement?.id).toBe("main"));
  });

  test("Sign out in the account menu ends the session and leads to /login", async () => {
    const { api, sent } = signedInAs(STUDENT);
    const { path } = renderAt("/student/dashboard", api);
    fireEvent.click(await screen.findByRole("button", { name: /Account menu$/ }));
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await screen.findByRole("heading", { name: "Sign in" });
    expect(path()).toBe("/login");
    expect(sent.map((s) => s.procedure)).toContain("logout");
  });
});

describe("Sign out with unsaved work", () => {
  test("asks first; Stay keeps the page and what was typed, Discard and go on signs out (stop 46)", async () => {
    const app = renderSignedIn("/student/profile", STUDENT, { "student.profile": () => PROFILE });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Profile" }));
    const mobile = screen.getByLabelText("Mobile") as HTMLInputElement;
    fireEvent.change(mobile, { target: { value: "9000000001" } });

    const signOut = () => {
      fireEvent.click(screen.getByRole("button", { name: /Account menu$/ }));
      fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    };
    signOut();
    const question = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(app.sessionSent.map((s) => s.procedure)).not.toContain("logout");
    fireEvent.click(within(question).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull());
    expect(app.path()).toBe("/student/profile");
    expect((screen.getByLabelText("Mobile") as HTMLInputElement).value).toBe("9000000001");

    signOut();
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Leave without saving?" })).getByRole("button", { name: "Discard and go on" }),
    );
    await screen.findByRole("heading", { name: "Sign in" });
    expect(app.path()).toBe("/login");
    expect(app.sessionSent.map((s) => s.procedure)).toContain("logout");
  });

  test("a link in the phone's drawer asks; the drawer closes as the question opens, and stays closed on Stay (stop 47)", async () => {
    const app = renderSignedIn("/student/profile", STUDENT, { "student.profile": () => PROFILE });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Profile" }));
    fireEvent.change(screen.getByLabelText("Mobile"), { target: { value: "9000000001" } });
    const menu = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(menu);
    const fees = within(screen.getByRole("navigation", { name: "Student portal" })).getByRole("link", { name: "Fees" });
    fees.focus();
    fireEvent.click(fees);
    const question = await screen.findByRole("dialog", { name: "Leave without saving?" });
    await waitFor(() => expect(menu.getAttribute("aria-expanded")).toBe("false"));
    fireEvent.click(within(question).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull());
    expect(app.path()).toBe("/student/profile");
    // The closed drawer's link could still take the focus here (as in a browser while it slides away): the menu
    // button takes it, so the focus is never left in a closed menu.
    expect(document.activeElement).toBe(menu);
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect((screen.getByLabelText("Mobile") as HTMLInputElement).value).toBe("9000000001");
  });

  test("the public header's Sign out does not ask: the page stays, and so does the message typed on /contact", async () => {
    const { api, sent } = signedInAs(STUDENT);
    const site = renderAt("/contact", api);
    const message = (await screen.findByLabelText(/Your message/)) as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: "When do the MBA exams start?" } });
    const nav = screen.getByRole("navigation", { name: "Main" });
    fireEvent.click(within(nav).getByRole("button", { name: "Sign out" }));
    await within(nav).findByRole("link", { name: "Login" });
    expect(sent.map((s) => s.procedure)).toContain("logout");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(site.path()).toBe("/contact");
    expect((screen.getByLabelText(/Your message/) as HTMLTextAreaElement).value).toBe("When do the MBA exams start?");
  });
});

describe("admin layout", () => {
  test("greets by the time of day with the time and date, and offers the profile menu", async () => {
    setSystemTime(new Date(2025, 0, 6, 9, 30));
    renderAt("/admin/dashboard", signedInAs(ADMIN).api);
    expect(await screen.findByText("Good Morning, Asha")).toBeTruthy();
    const clock = document.querySelector(".portal-greeting time")!;
    expect(clock.textContent).toMatch(/9:30\s?am/i);
    expect(clock.textContent).toContain("6 January 2025");
    expect(screen.getAllByRole("link", { name: "Settings" }).map((a) => a.getAttribute("href"))).toContain("/admin/settings");

    const menu = screen.getByRole("button", { name: /Account menu$/ });
    fireEvent.click(menu);
    const panel = document.getElementById(menu.getAttribute("aria-controls")!)!;
    expect(
      within(panel)
        .getAllByRole("link")
        .map((a) => [a.textContent?.trim(), a.getAttribute("href")]),
    ).toEqual([
      ["Profile Settings", "/admin/settings?section=profile"],
      ["Account Settings", "/admin/settings"],
    ]);
    expect(within(panel).getByRole("button", { name: "Sign Out" })).toBeTruthy();
  });

  test("the greeting and the clock go by the institute's clock, not the device's (decision 025)", async () => {
    // 04:00 UTC is 9:30 am in India: a device on UTC would greet "Good Night" at 4:00 am.
    setSystemTime(new Date("2025-01-06T04:00:00Z"));
    process.env.TZ = "UTC";
    try {
      renderSignedIn("/admin/notifications", ADMIN, {
        "site.info": () => ({ ...SITE_INFO, timeZone: "Asia/Kolkata" }),
        "notifications.unreadCount": () => ({ count: 0 }),
      });
      expect(await screen.findByText("Good Morning, Asha")).toBeTruthy();
      const clock = document.querySelector(".portal-greeting time")!;
      expect(clock.textContent).toMatch(/9:30\s?am/i);
      expect(clock.textContent).toContain("Monday, 6 January 2025");
    } finally {
      setFormatTimeZone(undefined);
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    }
  });

  test("the Fees link counts the UPI payments students reported that wait for the office, for administrators and staff", async () => {
    for (const user of [ADMIN, STAFF]) {
      const { sent } = renderSignedIn("/admin/notifications", user, {
        "notifications.unreadCount": () => ({ count: 0 }),
        "feeDesk.pending": () => ({ payments: [], pagination: { totalItems: 3, totalPages: 3, currentPage: 1, limit: 1 } }),
      });
      const fees = await screen.findByRole("link", { name: "Fees 3 UPI payments waiting to be confirmed" });
      expect(fees.getAttribute("href")).toBe("/admin/fees");
      expect(within(fees.querySelector<HTMLElement>(".portal-nav__label")!).getByText("3").getAttribute("aria-hidden")).toBe("true");
      // Collapsed, the labels are hidden: the icon carries the figure too (QA: only the tooltip had it); unspoken,
      // so the link's name stays as it is.
      expect(fees.querySelector('.portal-nav__icon[aria-hidden="true"] .portal-nav__waiting')?.textContent).toBe("3");
      // Only the total is asked for.
      expect(sent("feeDesk.pending")).toEqual([{ page: 1, limit: 1 }]);
      cleanup();
    }
  });

  test("the frame calls itself the Admin Panel for an administrator, the Office Panel for staff (walk 33a)", async () => {
    for (const [user, panel] of [
      [ADMIN, "Admin Panel"],
      [STAFF, "Office Panel"],
    ] as const) {
      renderSignedIn("/admin/notifications", user, { "notifications.unreadCount": () => ({ count: 0 }) });
      const sidebar = await screen.findByRole("complementary");
      expect(await within(sidebar).findByText(panel)).toBeTruthy();
      cleanup();
    }
  });

  test("with nothing waiting the Fees link is its name alone", async () => {
    renderSignedIn("/admin/notifications", ADMIN, {
      "notifications.unreadCount": () => ({ count: 0 }),
      "feeDesk.pending": () => ({ payments: [], pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 1 } }),
    });
    expect(await screen.findByRole("link", { name: "Fees" })).toBeTruthy();
  });

  test("the sidebar collapses to icons on desktop, and the choice is remembered", async () => {
    localStorage.setItem("sidebar", "expanded");
    renderAt("/admin/dashboard", signedInAs(ADMIN).api);
    const collapse = await screen.findByRole("button", { name: "Collapse sidebar" });
    fireEvent.click(collapse);
    expect(document.querySelector(".portal")?.classList.contains("portal--collapsed")).toBe(true);
    expect(screen.getByRole("button", { name: "Expand sidebar" })).toBeTruthy();
    // Collapsed links keep their names for screen readers and get a tooltip.
    expect(screen.getByRole("link", { name: "Admissions" }).getAttribute("title")).toBe("Admissions");
    expect(localStorage.getItem("sidebar")).toBe("collapsed");
  });

  test.each([
    [1100, true],
    [1440, false],
  ])("with no choice made, a %i px screen starts with the sidebar collapsed: %p (issue 14.6)", async (width, collapsed) => {
    const viewport = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM;
    viewport.setViewport({ width, height: 800 });
    try {
      renderAt("/admin/dashboard", signedInAs(ADMIN).api);
      await screen.findByRole("button", { name: collapsed ? "Expand sidebar" : "Collapse sidebar" });
      expect(document.querySelector(".portal")?.classList.contains("portal--collapsed")).toBe(collapsed);
    } finally {
      viewport.setViewport({ width: 1024, height: 768 });
    }
  });
});
