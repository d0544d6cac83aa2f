import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Handlers, renderAdmin } from "../../layouts/admin-testing.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { HELP_TEXT } from "./ticket-text.ts";

withClientTestRules();

const DESCRIPTION = "I paid the examination fee online but the portal still shows it as unpaid after three days.";

type Ticket = RouterOutputs["tickets"]["list"]["tickets"][number];
const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  _id: "3",
  id: 3,
  lastReplyBy: "author",
  ticketNumber: "TKT-2026-00003",
  studentName: "Meera Joshi",
  studentEmail: "meera@example.com",
  subject: "Fee not updated",
  description: DESCRIPTION,
  category: "payment",
  priority: "high",
  status: "in_progress",
  assignedTo: null,
  assignedToName: null,
  createdAt: "2026-03-02T08:00:00.000Z",
  updatedAt: "2026-03-02T08:00:00.000Z",
  ...overrides,
});

const STATS = { total: 4, open: 1, inProgress: 2, resolved: 1, closed: 0 };
const page = (n: number) => ({ totalItems: n, totalPages: n ? 1 : 0, currentPage: 1, limit: 10 });

function handlers(extra: Handlers = {}): Handlers {
  let current = ticket();
  const responses: { id: number; message: string; authorName: string; fromStaff: boolean; createdAt: string }[] = [];
  const full = () => ({ ticket: { ...current, responses } });
  return {
    "tickets.summary": () => STATS,
    "tickets.list": () => ({
      tickets: [current, ticket({ id: 5, ticketNumber: "TKT-2026-00005", lastReplyBy: "office" })],
      stats: STATS,
      pagination: page(2),
    }),
    "staff.members": () => ({
      members: [
        { id: 1, name: "Asha Admin", email: "admin@example.com", role: "admin" },
        { id: 9, name: "Ravi Staff", email: "ravi@example.com", role: "staff" },
      ],
    }),
    "tickets.get": () => full(),
    "tickets.respond": (input) => {
      responses.push({
        id: responses.length + 1,
        message: (input as { message: string }).message,
        authorName: "Asha Admin",
        fromStaff: true,
        createdAt: "2026-03-03T08:00:00.000Z",
      });
      return full();
    },
    "tickets.setStatus": (input) => {
      current = ticket({ status: input.status });
      return full();
    },
    "tickets.assign": (input) => {
      const id = input.assignedTo === null ? null : Number(input.assignedTo);
      current = ticket({ assignedTo: id, assignedToName: id === 9 ? "Ravi Staff" : null });
      return full();
    },
    ...extra,
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const labelled = (root: HTMLElement, label: string) =>
  within(root).getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`)) as HTMLInputElement & HTMLSelectElement;

describe("Help and Support", () => {
  test("the tickets table: number, student with e-mail, subject with a cut description, category, priority, status with spaces, date", async () => {
    renderAdmin("/admin/help", handlers());
    await screen.findByRole("heading", { level: 1, name: "Help & Support" });
    expect(screen.getByRole("tab", { name: "Support Tickets" }).getAttribute("aria-selected")).toBe("true");
    const table = await screen.findByRole("table", { name: "Support tickets" });
    const row = (await within(table).findByText("TKT-2026-00003")).closest("tr")!;
    const cells = within(row);
    expect(cells.getByText("Meera Joshi")).toBeTruthy();
    expect(cells.getByText("meera@example.com")).toBeTruthy();
    expect(cells.getByText("Fee not updated")).toBeTruthy();
    expect(cells.getByText(`${DESCRIPTION.slice(0, 60).trimEnd()}…`)).toBeTruthy();
    expect(cells.getByText("Payment")).toBeTruthy();
    expect(cells.getByText("High")).toBeTruthy();
    expect(cells.getByText("In progress")).toBeTruthy();
    // The student wrote after the office's answer (walk 17).
    expect(cells.getByText("New reply")).toBeTruthy();
    const answered = within(within(table).getByText("TKT-2026-00005").closest("tr")!);
    expect(answered.queryByText("New reply")).toBeNull();
    expect(within(screen.getByRole("group", { name: "In Progress" })).getByText("2")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Total Tickets" })).getByText("4")).toBeTruthy();
  });

  test("'Loading tickets...' while the list loads; 'No support tickets' when there are none", async () => {
    let answer: ((v: RouterOutputs["tickets"]["list"]) => void) | null = null;
    renderAdmin("/admin/help", {
      ...handlers(),
      "tickets.list": () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    expect(await screen.findByText(HELP_TEXT.loading)).toBeTruthy();
    await waitFor(() => expect(answer).not.toBeNull());
    answer!({ tickets: [], stats: { total: 0, open: 0, inProgress: 0, resolved: 0, closed: 0 }, pagination: page(0) });
    expect(await screen.findByText(HELP_TEXT.empty)).toBeTruthy();
    expect(screen.queryByText(HELP_TEXT.loading)).toBeNull();
  });

  test("Create New Ticket: defaults, the required-field messages, Cancel clears the form, then a ticket is created", async () => {
    const created: unknown[] = [];
    const { sent } = renderAdmin("/admin/help", {
      ...handlers(),
      "tickets.create": (input) => {
        created.push(input);
        return { ticket: ticket({ id: 4, ticketNumber: "TKT-2026-00004", status: "open" }) };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "New Ticket" }));
    let dialog = await screen.findByRole("dialog", { name: "Create New Ticket" });
    expect(labelled(dialog, "Category").value).toBe("general");
    expect(labelled(dialog, "Priority").value).toBe("medium");
    expect(labelled(dialog, "Description").getAttribute("rows")).toBe("6");

    fireEvent.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    expect(within(dialog).getByText("Subject is required")).toBeTruthy();
    expect(within(dialog).getByText("Description is required")).toBeTruthy();
    expect(sent("tickets.create")).toEqual([]);

    fireEvent.change(labelled(dialog, "Subject"), { target: { value: "Hall ticket missing" } });
    fireEvent.change(labelled(dialog, "Priority"), { target: { value: "urgent" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create New Ticket" })).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "New Ticket" }));
    dialog = await screen.findByRole("dialog", { name: "Create New Ticket" });
    expect(labelled(dialog, "Subject").value).toBe("");
    expect(labelled(dialog, "Priority").value).toBe("medium");
    expect(within(dialog).queryByText("Subject is required")).toBeNull();

    fireEvent.change(labelled(dialog, "Subject"), { target: { value: "Hall ticket missing" } });
    fireEvent.change(labelled(dialog, "Category"), { target: { value: "academic" } });
    fireEvent.change(labelled(dialog, "Description"), { target: { value: "My hall ticket for June is not in the portal." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    expect(await screen.findByText(/Ticket created successfully!/)).toBeTruthy();
    expect(created).toEqual([
      {
        subject: "Hall ticket missing",
        category: "academic",
        priority: "medium",
        description: "My hall ticket for June is not in the portal.",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create New Ticket" })).toBeNull());
  });

  test("a failed create says 'Error creating ticket. Please try again.' and keeps what was typed", async () => {
    renderAdmin("/admin/help", {
      ...handlers(),
      "tickets.create": () => {
        throw new TrpcFailure("boom", 500);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "New Ticket" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Ticket" });
    fireEvent.change(labelled(dialog, "Subject"), { target: { value: "Login trouble" } });
    fireEvent.change(labelled(dialog, "Description"), { target: { value: "I cannot sign in." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain(HELP_TEXT.createFailed);
    expect(labelled(dialog, "Subject").value).toBe("Login trouble");
  });

  test("the details: answer, resolve and assign the ticket", async () => {
    const { sent } = renderAdmin("/admin/help", handlers());
    fireEvent.click(await screen.findByRole("button", { name: "Add response to TKT-2026-00003" }));
    const dialog = await screen.findByRole("dialog", { name: "Ticket TKT-2026-00003" });
    await within(dialog).findByText(DESCRIPTION);
    await waitFor(() => expect(document.activeElement).toBe(labelled(dialog, "Your response")));

    fireEvent.click(within(dialog).getByRole("button", { name: "Send Response" }));
    expect(within(dialog).getByText("Please write a response")).toBeTruthy();
    fireEvent.change(labelled(dialog, "Your response"), { target: { value: "We have updated the fee record." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Response" }));
    await within(dialog).findByText("We have updated the fee record.");
    expect(sent("tickets.respond")).toEqual([{ id: 3, message: "We have updated the fee record." }]);

    // The status says it is saved as soon as it is chosen, apart from an answer (walk 17).
    const status = labelled(dialog, "Status");
    expect(document.getElementById(status.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Saved as soon as you choose it; send an answer first if it needs one.",
    );
    fireEvent.change(status, { target: { value: "resolved" } });
    await waitFor(() => expect(sent("tickets.setStatus")).toEqual([{ id: 3, status: "resolved" }]));
    await waitFor(() => expect(within(dialog).getAllByText("Resolved").length).toBeGreaterThan(0));

    await waitFor(() => expect(within(labelled(dialog, "Assigned to")).getByText("Ravi Staff")).toBeTruthy());
    fireEvent.change(labelled(dialog, "Assigned to"), { target: { value: "9" } });
    await waitFor(() => expect(sent("tickets.assign")).toEqual([{ id: 3, assignedTo: 9 }]));
  });

  test("a list that fails to load says so with a retry; a later refresh that fails keeps the tickets on screen", async () => {
    let failing = true;
    let lists = 0;
    renderAdmin("/admin/help", {
      ...handlers(),
      "tickets.list": () => {
        lists += 1;
        if (failing) throw new TrpcFailure("boom", 500);
        return { tickets: [ticket()], stats: STATS, pagination: page(1) };
      },
    });
    await screen.findByText(HELP_TEXT.loadFailed);
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Fee not updated");
    expect(screen.queryByText(HELP_TEXT.loadFailed)).toBeNull();

    // The status change refreshes the list, and that refresh fails.
    failing = true;
    const before = lists;
    fireEvent.click(screen.getByRole("button", { name: "Add response to TKT-2026-00003" }));
    const dialog = await screen.findByRole("dialog", { name: "Ticket TKT-2026-00003" });
    await within(dialog).findByText(DESCRIPTION);
    fireEvent.change(labelled(dialog, "Status"), { target: { value: "resolved" } });
    await waitFor(() => expect(lists).toBeGreaterThan(before));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(within(screen.getByRole("table", { hidden: true })).getByText("Fee not updated")).toBeTruthy();
    expect(screen.queryByText(HELP_TEXT.loadFailed)).toBeNull();
  });

  test("a response refused because a colleague closed the ticket: the message takes the focus, and the ticket is shown closed (twelfth walk)", async () => {
    let closedMeanwhile = false;
    const CLOSED = "This ticket is closed. Reopen it (set the status to Open) to add a response.";
    renderAdmin(
      "/admin/help",
      handlers({
        "tickets.get": () => ({ ticket: { ...ticket(closedMeanwhile ? { status: "closed" } : {}), responses: [] } }),
        "tickets.respond": () => {
          closedMeanwhile = true;
          return new TrpcFailure(CLOSED, 409);
        },
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Add response to TKT-2026-00003" }));
    const dialog = await screen.findByRole("dialog", { name: "Ticket TKT-2026-00003" });
    await within(dialog).findByText(DESCRIPTION);
    fireEvent.change(labelled(dialog, "Your response"), { target: { value: "We have updated the fee record." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Response" }));
    const refused = await within(dialog).findByRole("alert");
    expect(refused.textContent).toContain(CLOSED);
    await waitFor(() => expect(document.activeElement?.contains(refused)).toBe(true));
    // Read again: the ticket is closed now, so the response box has gone.
    await waitFor(() => expect(within(dialog).queryByRole("button", { name: "Send Response" })).toBeNull());
  });

  test("a double click on Send Response sends one response while the first is on its way", async () => {
    const { sent } = renderAdmin("/admin/help", handlers({ "tickets.respond": neverAnswers }));
    fireEvent.click(await screen.findByRole("button", { name: "Add response to TKT-2026-00003" }));
    const dialog = await screen.findByRole("dialog", { name: "Ticket TKT-2026-00003" });
    await within(dialog).findByText(DESCRIPTION);
    fireEvent.change(labelled(dialog, "Your response"), { target: { value: "We have updated the fee record." } });
    const send = within(dialog).getByRole("button", { name: "Send Response" });
    await doubleClickSendsOnce(send, () => sent("tickets.respond"));
  });

  test("a notification's link (?open=3) opens that ticket; closing it leaves the list's address", async () => {
    const { sent, path } = renderAdmin("/admin/help?status=in_progress&open=3", handlers());
    const dialog = await screen.findByRole("dialog", { name: "Ticket TKT-2026-00003" });
    await within(dialog).findByText(DESCRIPTION);
    expect(sent("tickets.get")).toEqual([{ id: 3 }]);
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(path()).toBe("/admin/help?status=in_progress");
  });

  test("FAQs: the published questions as students read them; administrators get Add FAQ (to Site content), staff a list to read", async () => {
    const faqs = {
      faqs: [
        { id: 1, question: "When are the exams?", answer: "In May and December.", category: "Exams" },
        { id: 2, question: "How do I pay fees?", answer: "By UPI or at the office.", category: null },
      ],
    };
    const { path } = renderAdmin("/admin/help", handlers({ "content.publicFaqs": () => faqs }));
    fireEvent.click(await screen.findByRole("tab", { name: "FAQs and Documentation" }));
    expect(path()).toBe("/admin/help?tab=faqs");
    const table = await screen.findByRole("table", { name: "Frequently asked questions" });
    const row = await within(table).findByRole("row", { name: /When are the exams\?/ });
    expect(within(row).getByText("In May and December.")).toBeTruthy();
    expect(within(row).getByText("Exams")).toBeTruthy();
    expect(within(within(table).getByRole("row", { name: /How do I pay fees\?/ })).getByText("General")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New Ticket" })).toBeNull();
    expect(screen.getByRole("link", { name: "Add FAQ" }).getAttribute("href")).toBe("/admin/content?tab=faqs");

    fireEvent.click(screen.getByRole("tab", { name: "Analytics" }));
    expect(await screen.findByText(HELP_TEXT.analyticsSoon)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Add FAQ" })).toBeNull();
  });

  test("FAQs for staff: the list without Add FAQ; none published says where they are written", async () => {
    renderAdmin("/admin/help?tab=faqs", handlers({ "content.publicFaqs": () => ({ faqs: [] }) }), STAFF);
    expect(await screen.findByText("No FAQs published yet")).toBeTruthy();
    expect(screen.getAllByText(/Administrators write them under Site content → FAQs/).length).toBeGreaterThan(0);
    expect(screen.queryByRole("link", { name: "Add FAQ" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Edit FAQs" })).toBeNull();
  });
});
