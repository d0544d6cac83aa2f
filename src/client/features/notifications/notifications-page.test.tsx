import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { changeLocale, getLocale } from "../../lib/i18n.tsx";
import { withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { unreadLabel } from "./use-unread-count.ts";

withClientTestRules();

type Note = RouterOutputs["notifications"]["list"]["notifications"][number];
const note = (overrides: Partial<Note> = {}): Note => ({
  _id: "11",
  id: 11,
  type: "admission",
  kind: "admission.new",
  title: "New admission application",
  message: "Anita Desai applied for Commerce (APP-2026-000001).",
  priority: "high",
  read: false,
  readAt: null,
  link: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
  data: { admissionId: 21, applicationNumber: "APP-2026-000001", email: "anita@example.com" },
  ...overrides,
});

/** A tiny server: one unread notification and one read one; reading changes the unread count. */
function server() {
  const items = [
    note(),
    note({
      id: 12,
      _id: "12",
      type: "contact",
      title: "New contact inquiry",
      priority: "medium",
      read: true,
      readAt: "2026-01-01T00:00:00.000Z",
    }),
  ];
  const unread = () => items.filter((n) => !n.read).length;
  return {
    "notifications.unreadCount": () => ({ count: unread() }),
    "notifications.list": () => ({
      notifications: items,
      pagination: pagination(items.length),
      counts: { total: items.length, unread: unread(), highPriority: 1, recent24h: 2 },
    }),
    "notifications.markRead": (input: unknown) => {
      const n = items.find((i) => i.id === (input as { id: number }).id)!;
      n.read = true;
      n.readAt = new Date().toISOString();
      return { notification: n };
    },
    "notifications.markAllRead": () => {
      const updated = unread();
      for (const n of items) n.read = true;
      return { updated };
    },
  };
}

describe("the top bar's notification badge", () => {
  test("at 0 there is no count, and the bell is named plainly", async () => {
    renderAdmin("/admin/dashboard", { "notifications.unreadCount": () => ({ count: 0 }) });
    await screen.findByRole("heading", { name: "Dashboard" });
    // the bell is in the top bar; the sidebar and footer have their own Notifications links
    const bell = await waitFor(() => {
      const el = document.querySelector("header a.ops-bell");
      if (!el) throw new Error("no bell yet");
      return el;
    });
    expect(bell.getAttribute("aria-label")).toBe("Notifications");
    expect(bell.getAttribute("href")).toBe("/admin/notifications");
    expect(bell.querySelector(".ops-bell__count")).toBeNull();
  });

  test("with unread notifications it shows the count and says it in words", async () => {
    renderAdmin("/admin/dashboard", { "notifications.unreadCount": () => ({ count: 3 }) });
    const bell = await screen.findByRole("link", { name: "3 unread notifications" });
    expect(bell.getAttribute("href")).toBe("/admin/notifications");
    expect(bell.querySelector(".ops-bell__count")?.textContent).toBe("3");
  });

  test("one reads in the singular; more than 99 shows 99+, and the name starts with it (the real figure after; walk 13b)", async () => {
    expect(unreadLabel(1)).toBe("1 unread notification");
    renderAdmin("/admin/dashboard", { "notifications.unreadCount": () => ({ count: 1519 }) });
    const bell = await screen.findByRole("link", { name: "99+ unread notifications (1,519)" });
    expect(bell.querySelector(".ops-bell__count")?.textContent).toBe("99+");
  });
});

describe("Notifications screen", () => {
  test("counters, relative times, badges and unread styling", async () => {
    renderAdmin("/admin/notifications", server());
    const list = await screen.findByRole("list", { name: "Notifications" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first!.className).toContain("is-unread");
    expect(second!.className).not.toContain("is-unread");
    expect(within(first!).getByText("5 minutes ago")).toBeTruthy();
    expect(within(first!).getByText("High priority")).toBeTruthy();
    expect(within(first!).getByText("Admission")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Recent (24h)" })).getByText("2")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark all as read" })).toBeTruthy();
  });

  test("Mark all as read leaves with the focus once nothing is unread: the list takes it (tenth walk)", async () => {
    renderAdmin("/admin/notifications", server());
    const list = await screen.findByRole("list", { name: "Notifications" });
    const markAll = screen.getByRole("button", { name: "Mark all as read" });
    markAll.focus();
    fireEvent.click(markAll);
    await waitFor(() => expect(markAll.isConnected).toBe(false));
    expect(document.activeElement === list).toBe(true);
  });

  test("opening a notification shows its details, marks it read, and the badge goes down at once", async () => {
    const { sent } = renderAdmin("/admin/notifications", server());
    await screen.findByRole("link", { name: "1 unread notification" });
    fireEvent.click(await screen.findByRole("button", { name: "Unread: New admission application" }));

    const details = await screen.findByRole("dialog", { name: "New admission application" });
    expect(within(details).getByText("Application number")).toBeTruthy();
    expect(within(details).getByText("APP-2026-000001")).toBeTruthy();
    expect(within(details).getByText("anita@example.com")).toBeTruthy();
    // It opens the application itself (seventh walk).
    expect(within(details).getByRole("link", { name: "Open the application" }).getAttribute("href")).toBe("/admin/admissions?open=21");
    await waitFor(() => expect(sent("notifications.markRead")).toEqual([{ id: 11 }]));
    await within(details).findByText("Read");

    await waitFor(() => expect(document.querySelector("header a.ops-bell")?.getAttribute("aria-label")).toBe("Notifications"));
    expect(document.querySelector("header a.ops-bell .ops-bell__count")).toBeNull();
    // Mark all as read is offered only while something is unread.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull());
  });

  test("a UPI payment reported opens the fee desk's To confirm tab, not Help & Support (third QA walk, 5)", async () => {
    const upi = note({
      type: "support",
      kind: "fee.upiReported",
      title: "UPI payment to confirm: Rahul Verma",
      read: true,
      data: { paymentId: 4 },
    });
    const list = () => ({
      notifications: [upi],
      pagination: pagination(1),
      counts: { total: 1, unread: 0, highPriority: 0, recent24h: 1 },
    });
    renderAdmin("/admin/notifications", { ...server(), "notifications.list": list });
    fireEvent.click(await screen.findByRole("button", { name: "UPI payment to confirm: Rahul Verma" }));
    const details = await screen.findByRole("dialog", { name: "UPI payment to confirm: Rahul Verma" });
    expect(within(details).getByRole("link", { name: "Open Fees → To confirm" }).getAttribute("href")).toBe("/admin/fees?tab=confirm");
    expect(within(details).queryByRole("link", { name: "Open Help & Support" })).toBeNull();
  });

  test("a new ticket's details read its category and priority as the Help page does, and Open leads to that ticket (sixth walk)", async () => {
    const ticket = note({
      type: "support",
      kind: "ticket.new",
      title: "New support ticket TKT-2026-0007",
      read: true,
      data: { ticketId: 7, ticketNumber: "TKT-2026-0007", category: "academic", priority: "medium" },
    });
    const list = () => ({
      notifications: [ticket],
      pagination: pagination(1),
      counts: { total: 1, unread: 0, highPriority: 0, recent24h: 1 },
    });
    renderAdmin("/admin/notifications", { ...server(), "notifications.list": list });
    fireEvent.click(await screen.findByRole("button", { name: "New support ticket TKT-2026-0007" }));
    const details = await screen.findByRole("dialog", { name: "New support ticket TKT-2026-0007" });
    expect(within(details).getByText("Academic")).toBeTruthy();
    expect(within(details).getByText("Medium")).toBeTruthy();
    expect(within(details).queryByText("academic")).toBeNull();
    expect(within(details).getByRole("link", { name: "Open the ticket" }).getAttribute("href")).toBe("/admin/help?open=7");
  });

  test("opening one that is already read does not ask the server", async () => {
    const { sent } = renderAdmin("/admin/notifications", server());
    fireEvent.click(await screen.findByRole("button", { name: "New contact inquiry" }));
    await screen.findByRole("dialog", { name: "New contact inquiry" });
    expect(sent("notifications.markRead")).toEqual([]);
  });

  test("the type filter goes to the server and into the URL", async () => {
    const { sent, path } = renderAdmin("/admin/notifications", server());
    const select = await screen.findByLabelText("Type");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All Types", "Admissions", "System", "Security", "Contacts", "Support", "Payments"]);
    fireEvent.change(select, { target: { value: "security" } });
    await waitFor(() => expect(path()).toBe("/admin/notifications?type=security"));
    await waitFor(() => expect(sent("notifications.list").at(-1)).toEqual({ page: 1, limit: 10, search: "", type: "security" }));
  });
});

describe("a language switch", () => {
  test("asks the server again, so notifications it wrote in English are read again in Hindi without a reload", async () => {
    const base = server();
    let asked = 0;
    renderAdmin("/admin/notifications", {
      ...base,
      "notifications.list": () => {
        asked++;
        const answer = base["notifications.list"]();
        const hindi = getLocale() === "hi";
        return { ...answer, notifications: answer.notifications.map((n) => (hindi ? { ...n, title: "नया प्रवेश आवेदन" } : n)) };
      },
    });
    await screen.findAllByText("New admission application");
    const before = asked;
    await act(() => changeLocale("hi"));
    expect((await screen.findAllByText("नया प्रवेश आवेदन")).length).toBeGreaterThan(0);
    expect(asked).toBeGreaterThan(before);
  });
});
