import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Handlers, pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { STAFF, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "../../studies-pages.ts";

withClientTestRules();

type Notice = RouterOutputs["notices"]["list"]["notices"][number];

const notice = (overrides: Partial<Notice> = {}): Notice => ({
  id: 1,
  kind: "notice",
  title: "Library closed on Monday",
  body: "The library stays closed on Monday for stock-taking.",
  programmeId: null,
  programmeName: null,
  eventDate: null,
  eventTime: null,
  venue: null,
  priority: "medium",
  // 00:30 on 22 November in India, still 21 November in UTC (this test's device).
  publishedAt: "2026-11-21T19:00:00.000Z",
  publishedLocal: "2026-11-22T00:30",
  publishedBy: "Asha Admin",
  recipients: 1250,
  emailed: false,
  upcoming: false,
  ...overrides,
});

const EVENT = notice({
  id: 2,
  kind: "event",
  title: "Contact class: Principles of Management",
  body: "Bring your study material.",
  programmeId: 4,
  programmeName: "BBA",
  eventDate: "2026-12-05",
  eventTime: "10:30",
  venue: "Pune study centre, Hall 2",
  priority: "high",
  recipients: 310,
  emailed: true,
  upcoming: true,
});

function handlers(extra: Handlers = {}): Handlers {
  let rows = [EVENT, notice()];
  return {
    "notices.list": (input) => {
      const shown = input.filter === "events" || input.filter === "upcoming" ? rows.filter((r) => r.kind === "event") : rows;
      return { notices: shown, pagination: pagination(shown.length), counts: { notices: 1, events: 1, upcoming: 1 } };
    },
    "notices.audiences": () => ({
      everyone: 1560,
      programmes: [
        { id: 4, name: "BBA", students: 310 },
        { id: 5, name: "BCom", students: 0 },
      ],
    }),
    "notices.remove": (input) => {
      rows = rows.filter((r) => r.id !== input.id);
      return { message: 'Deleted "Library closed on Monday". Its notifications were withdrawn.', withdrawn: 1250 };
    },
    ...extra,
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const labelled = (root: HTMLElement, label: string) =>
  within(root).getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`)) as HTMLInputElement & HTMLSelectElement;

describe("notices and events, the office (issue 18)", () => {
  test("a notice e-mailed to an audience of nobody does not say it was e-mailed (walk 19a)", async () => {
    renderAdmin(
      "/admin/notices",
      handlers({
        "notices.list": () => ({
          notices: [{ ...EVENT, recipients: 0 }],
          pagination: pagination(1),
          counts: { notices: 0, events: 1, upcoming: 1 },
        }),
      }),
    );
    const table = await screen.findByRole("table", { name: "Notices and events" });
    expect(await within(table).findByText("0 students notified")).toBeTruthy();
    expect(within(table).queryByText(/e-mailed too/)).toBeNull();
  });

  test("the list: kind, audience with how many were notified, when and where, priority; the filter goes to the server and the URL", async () => {
    const { sent, path } = renderAdmin("/admin/notices", handlers());
    await screen.findByRole("heading", { level: 1, name: "Notices and events" });
    const table = await screen.findByRole("table", { name: "Notices and events" });
    const [, eventRow, noticeRow] = within(table).getAllByRole("row");
    expect(within(eventRow!).getByText("Contact class: Principles of Management")).toBeTruthy();
    expect(within(eventRow!).getByText("Event")).toBeTruthy();
    expect(within(eventRow!).getByText("BBA")).toBeTruthy();
    expect(within(eventRow!).getByText("310 students notified · e-mailed too")).toBeTruthy();
    expect(within(eventRow!).getByText("5 Dec 2026, 10:30 am")).toBeTruthy();
    expect(within(eventRow!).getByText("Pune study centre, Hall 2")).toBeTruthy();
    expect(within(eventRow!).getByText("High")).toBeTruthy();
    expect(within(noticeRow!).getByText("Every student")).toBeTruthy();
    expect(within(noticeRow!).getByText("1,250 students notified")).toBeTruthy();
    // Published on the institute's clock (decision 023, third round).
    expect(within(noticeRow!).getByText("22 Nov 2026, 12:30 am")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Upcoming events" }).textContent).toContain("1");
    expect(sent("notices.list")[0]).toEqual({ page: 1, limit: 10, search: "", filter: "all" });

    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "upcoming" } });
    await waitFor(() => expect(sent("notices.list").at(-1)).toMatchObject({ filter: "upcoming", page: 1 }));
    expect(path()).toMatch(/^\/admin\/notices\/?\?show=upcoming$/);
  });

  test("an administrator deletes one after being told what happens to its notifications", async () => {
    const { sent } = renderAdmin("/admin/notices", handlers());
    const table = await screen.findByRole("table", { name: "Notices and events" });
    fireEvent.click(await within(table).findByRole("button", { name: "Delete Library closed on Monday" }));
    const dialog = await screen.findByRole("dialog", { name: 'Delete "Library closed on Monday"?' });
    expect(within(dialog).getByText(/notifications it sent to 1,250 students are withdrawn/)).toBeTruthy();
    expect(within(dialog).getByText(/E-mails already sent cannot be recalled/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent("notices.remove")).toEqual([{ id: 1 }]));
    await screen.findByText('Deleted "Library closed on Monday". Its notifications were withdrawn.');
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: "Notices and events" })).queryByText("Library closed on Monday")).toBeNull(),
    );
  });

  test("staff see the list without delete buttons", async () => {
    renderAdmin("/admin/notices", handlers(), STAFF);
    const table = await screen.findByRole("table", { name: "Notices and events" });
    await within(table).findByText("Library closed on Monday");
    expect(within(table).queryByRole("button", { name: /^Delete/ })).toBeNull();
  });

  test("publishing an event to one programme, also by e-mail: the rules show first, then the server's answer", async () => {
    let published: unknown = null;
    const { sent } = renderAdmin(
      "/admin/notices",
      handlers({
        "notices.publish": (input) => {
          published = input;
          return { message: "Event published: 310 students notified.", notice: EVENT };
        },
      }),
    );
    await screen.findByRole("table", { name: "Notices and events" });
    fireEvent.click(screen.getAllByRole("button", { name: "Publish" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Publish a notice or an event" });
    fireEvent.click(within(dialog).getByLabelText(/^Event/));
    const audience = labelled(dialog, "Who gets it");
    await waitFor(() =>
      expect([...audience.options].map((o) => o.text)).toEqual(["Every student (1,560 active)", "BBA (310 students)", "BCom (0 students)"]),
    );
    expect(within(dialog).getByText("1,560 students are notified as soon as you publish.")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Publish event" }));
    await within(dialog).findByText("Give it a title.");
    expect(within(dialog).getByText("Enter the day of the event.")).toBeTruthy();
    expect(sent("notices.publish")).toEqual([]);

    fireEvent.change(labelled(dialog, "Title"), { target: { value: "Contact class: Principles of Management" } });
    fireEvent.change(labelled(dialog, "Message"), { target: { value: "Bring your study material." } });
    fireEvent.change(labelled(dialog, "Day"), { target: { value: "2026-12-05" } });
    fireEvent.change(labelled(dialog, "Time"), { target: { value: "10:30" } });
    fireEvent.change(labelled(dialog, "Venue"), { target: { value: "Pune study centre, Hall 2" } });
    fireEvent.change(audience, { target: { value: "4" } });
    expect(within(dialog).getByText("310 students are notified as soon as you publish.")).toBeTruthy();
    fireEvent.change(audience, { target: { value: "5" } });
    expect(within(dialog).getByText(/No active student is in this audience yet/)).toBeTruthy();
    fireEvent.change(audience, { target: { value: "4" } });
    fireEvent.change(labelled(dialog, "Priority"), { target: { value: "high" } });
    fireEvent.click(within(dialog).getByLabelText("Also send it by e-mail"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Publish event" }));
    await waitFor(() =>
      expect(published).toEqual({
        kind: "event",
        title: "Contact class: Principles of Management",
        body: "Bring your study material.",
        programmeId: 4,
        priority: "high",
        eventDate: "2026-12-05",
        eventTime: "10:30",
        venue: "Pune study centre, Hall 2",
        email: true,
      }),
    );
    await screen.findByText("Event published: 310 students notified.");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Publish a notice or an event" })).toBeNull());
  });
});
