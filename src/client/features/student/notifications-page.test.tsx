import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "./notifications-page.tsx";
import { renderStudentAt } from "./student-testing.tsx";

withClientTestRules();

type Item = RouterOutputs["notifications"]["list"]["notifications"][number];
const item = (id: number, read: boolean, title: string, link: string | null = null): Item => ({
  _id: String(id),
  id,
  type: "support",
  kind: null,
  title,
  message: `About ${title}`,
  priority: "medium",
  read,
  readAt: read ? "2026-11-21T10:00:00.000Z" : null,
  link,
  createdAt: "2026-11-21T09:00:00.000Z",
  timestamp: "2026-11-21T09:00:00.000Z",
  data: {},
});

describe("student notifications (issue 18, first step)", () => {
  test("the bell shows the unread count; the page lists newest first; mark one and mark all", async () => {
    let items = [item(2, false, "Reply to your ticket"), item(1, true, "Welcome to the portal")];
    const unread = () => items.filter((i) => !i.read).length;
    const { sent } = renderStudentAt("/student/notifications", {
      "notifications.list": () => ({
        notifications: items,
        pagination: { totalItems: items.length, totalPages: 1, currentPage: 1, limit: 10 },
        counts: { total: items.length, unread: unread(), highPriority: 0, recent24h: items.length },
      }),
      "notifications.unreadCount": () => ({ count: unread() }),
      "notifications.markRead": (input) => {
        items = items.map((i) => (i.id === (input as { id: number }).id ? { ...i, read: true } : i));
        return { message: "ok", notification: items[0]! };
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Notifications" });
    expect(await screen.findByRole("link", { name: "1 unread notification" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Your notifications" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("Reply to your ticket")).toBeTruthy();
    expect(within(first!).getByText("Unread")).toBeTruthy();
    expect(within(second!).queryByText("Unread")).toBeNull();
    fireEvent.click(within(first!).getByRole("button", { name: "Mark as read: Reply to your ticket" }));
    await waitFor(() => expect(sent("notifications.markRead")).toEqual([{ id: 2 }]));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Your notifications" })).queryByText("Unread")).toBeNull());
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
  });

  test("a web address in a notice is a link that opens in a new tab; markup in it stays text (walk 17)", async () => {
    const notice = { ...item(4, false, "Fee portal"), message: 'Pay at https://example.org/pay?x=1&y=2. <b>Soon</b> "quoted"' };
    renderStudentAt("/student/notifications", {
      "notifications.list": () => ({
        notifications: [notice],
        pagination: { totalItems: 1, totalPages: 1, currentPage: 1, limit: 10 },
        counts: { total: 1, unread: 1, highPriority: 0, recent24h: 1 },
      }),
      "notifications.unreadCount": () => ({ count: 1 }),
    });
    const link = await screen.findByRole("link", { name: "https://example.org/pay?x=1&y=2" });
    expect([link.getAttribute("href"), link.getAttribute("target"), link.getAttribute("rel")]).toEqual([
      "https://example.org/pay?x=1&y=2",
      "_blank",
      "noopener noreferrer",
    ]);
    expect(link.closest("p")!.textContent).toBe('Pay at https://example.org/pay?x=1&y=2. <b>Soon</b> "quoted"');
    expect(link.closest("p")!.querySelector("b")).toBeNull();
  });

  test("one about a page of its own offers it as Open, which reads it; one without a page offers none", async () => {
    let items = [item(3, false, "Reply to TKT-2026-00007", "/student/help/7"), item(2, false, "Holiday on Monday")];
    const { sent, path } = renderStudentAt("/student/notifications", {
      "notifications.list": () => ({
        notifications: items,
        pagination: { totalItems: items.length, totalPages: 1, currentPage: 1, limit: 10 },
        counts: { total: items.length, unread: 2, highPriority: 0, recent24h: 2 },
      }),
      "notifications.unreadCount": () => ({ count: items.filter((i) => !i.read).length }),
      "notifications.markRead": (input) => {
        items = items.map((i) => (i.id === (input as { id: number }).id ? { ...i, read: true } : i));
        return { message: "ok", notification: items[0]! };
      },
    });
    const list = await screen.findByRole("list", { name: "Your notifications" });
    const [reply, notice] = within(list).getAllByRole("listitem");
    expect(within(notice!).queryByRole("link")).toBeNull();
    const open = within(reply!).getByRole("link", { name: "Open: Reply to TKT-2026-00007" });
    expect(open.getAttribute("href")).toBe("/student/help/7");
    fireEvent.click(open);
    await waitFor(() => expect(sent("notifications.markRead")).toEqual([{ id: 3 }]));
    expect(path()).toBe("/student/help/7");
  });

  test("the focus stays on the page: Mark as read hands it to the card's Open, Mark all as read to the list (tenth walk)", async () => {
    let items = [item(3, false, "Reply to TKT-2026-00007", "/student/help/7"), item(2, false, "Holiday on Monday")];
    const unread = () => items.filter((i) => !i.read).length;
    renderStudentAt("/student/notifications", {
      "notifications.list": () => ({
        notifications: items,
        pagination: { totalItems: items.length, totalPages: 1, currentPage: 1, limit: 10 },
        counts: { total: items.length, unread: unread(), highPriority: 0, recent24h: 2 },
      }),
      "notifications.unreadCount": () => ({ count: unread() }),
      "notifications.markRead": (input) => {
        items = items.map((i) => (i.id === (input as { id: number }).id ? { ...i, read: true } : i));
        return { message: "ok", notification: items[0]! };
      },
      "notifications.markAllRead": () => {
        items = items.map((i) => ({ ...i, read: true }));
        return { message: "ok", updated: 1 };
      },
    });
    const list = await screen.findByRole("list", { name: "Your notifications" });
    const markOne = within(list).getByRole("button", { name: "Mark as read: Reply to TKT-2026-00007" });
    const open = within(list).getByRole("link", { name: "Open: Reply to TKT-2026-00007" });
    markOne.focus();
    fireEvent.click(markOne);
    await waitFor(() => expect(markOne.isConnected).toBe(false));
    await waitFor(() => expect(document.activeElement === open).toBe(true));
    const markAll = screen.getByRole("button", { name: "Mark all as read" });
    markAll.focus();
    fireEvent.click(markAll);
    await waitFor(() => expect(markAll.isConnected).toBe(false));
    expect(document.activeElement === list).toBe(true);
  });

  test("nothing yet: an empty state, not a blank page", async () => {
    renderStudentAt("/student/notifications", {
      "notifications.list": () => ({
        notifications: [],
        pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 10 },
        counts: { total: 0, unread: 0, highPriority: 0, recent24h: 0 },
      }),
      "notifications.unreadCount": () => ({ count: 0 }),
    });
    await screen.findByText("No notifications yet. When the institute writes to you, it shows here.");
  });

  test("the notice board tab: what was published for the student, an event with its day, time and place, in pages of five (stop 53)", async () => {
    const { sent } = renderStudentAt("/student/notifications", {
      "notifications.list": () => ({
        notifications: [],
        pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 10 },
        counts: { total: 0, unread: 0, highPriority: 0, recent24h: 0 },
      }),
      "notifications.unreadCount": () => ({ count: 0 }),
      "notices.board": (input) =>
        (input as { page: number }).page === 1
          ? {
              notices: [
                {
                  id: 2,
                  kind: "event",
                  title: "Contact class",
                  body: "Bring your questions.",
                  forProgramme: true,
                  eventDate: "2026-12-05",
                  eventTime: "10:30",
                  venue: "Pune study centre",
                  priority: "medium",
                  publishedAt: "2026-11-20T09:00:00.000Z",
                  upcoming: true,
                },
                {
                  id: 1,
                  kind: "notice",
                  title: "Exam forms open",
                  body: "Fill in the form by Friday.",
                  forProgramme: false,
                  eventDate: null,
                  eventTime: null,
                  venue: null,
                  priority: "high",
                  publishedAt: "2026-11-19T09:00:00.000Z",
                  upcoming: false,
                },
              ],
              pagination: { totalItems: 6, totalPages: 2, currentPage: 1, limit: 5 },
            }
          : {
              notices: [
                {
                  id: 0,
                  kind: "notice",
                  title: "Library hours",
                  body: "Open till 8 pm.",
                  forProgramme: false,
                  eventDate: null,
                  eventTime: null,
                  venue: null,
                  priority: "low",
                  publishedAt: "2026-09-01T09:00:00.000Z",
                  upcoming: false,
                },
              ],
              pagination: { totalItems: 6, totalPages: 2, currentPage: 2, limit: 5 },
            },
    });
    const tab = await screen.findByRole("tab", { name: "Notice board" });
    expect(sent("notices.board")).toEqual([]);
    fireEvent.click(tab);
    const board = await screen.findByRole("list", { name: "Notice board" });
    const [event, notice] = within(board).getAllByRole("listitem");
    expect(within(event!).getByRole("heading", { name: "Contact class" })).toBeTruthy();
    expect(within(event!).getByText("Event")).toBeTruthy();
    expect(within(event!).getByText("Your programme")).toBeTruthy();
    expect(within(event!).getByText(/Pune study centre/).textContent).toMatch(/^5 Dec 2026 · 10:30 am · Pune study centre$/);
    expect(within(notice!).getByText("Fill in the form by Friday.")).toBeTruthy();
    expect(within(notice!).queryByText("Your programme")).toBeNull();
    expect(sent("notices.board")).toEqual([{ page: 1, limit: 5 }]);
    fireEvent.click(screen.getByRole("button", { name: /next/i }));
    await waitFor(() =>
      expect(sent("notices.board")).toEqual([
        { page: 1, limit: 5 },
        { page: 2, limit: 5 },
      ]),
    );
    await screen.findByRole("heading", { name: "Library hours" });
  });
});
