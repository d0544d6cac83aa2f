import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import hiAdmin from "../../../shared/i18n/hi/admin.json";
import hiContact from "../../../shared/i18n/hi/contact.json";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { changeLocale } from "../../lib/i18n.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { TrpcFailure, type TypedTrpcHandlers, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";

withClientTestRules();

const LONG = "I would like to know the fee structure for the MBA programme, and whether I can pay in instalments.";

type Inquiry = RouterOutputs["contacts"]["list"]["contacts"][number];
const inquiry = (overrides: Partial<Inquiry> = {}): Inquiry => ({
  _id: "5",
  id: 5,
  name: "Kavita Rao",
  email: "kavita@example.com",
  phone: "+91 99887 76655",
  subject: "fees",
  message: LONG,
  status: "new",
  assignedTo: null,
  createdAt: "2026-02-01T09:30:00.000Z",
  updatedAt: "2026-02-01T09:30:00.000Z",
  ...overrides,
});

const STATS = { total: 3, new: 1, inProgress: 1, resolved: 1, closed: 0 };

function handlers(replies: { _id: string; id: number; message: string; respondedBy: string; createdAt: string }[] = []): TypedTrpcHandlers {
  let status: Inquiry["status"] = "new";
  return {
    "contacts.list": () => ({ contacts: [inquiry({ status })], pagination: pagination(1), stats: STATS }),
    "contacts.get": () => ({ ...inquiry({ status }), assignedToName: null, replies }),
    "contacts.respond": (input: unknown) => {
      const { message, respondedBy } = input as { message: string; respondedBy: string };
      replies.push({ _id: "1", id: 1, message, respondedBy, createdAt: "2026-02-02T10:00:00.000Z" });
      status = "resolved";
      return { message: "Reply sent successfully!", contact: { ...inquiry({ status }), assignedToName: null, replies } };
    },
    "contacts.updateStatus": (input: unknown) => {
      status = (input as { status: Inquiry["status"] }).status;
      return { message: "Contact status updated successfully!", contact: { ...inquiry({ status }), assignedToName: null, replies } };
    },
  };
}

describe("Contact Management", () => {
  test("the table shows the first 50 characters of the message; the counters come from the server", async () => {
    renderAdmin("/admin/contacts", handlers());
    const table = await screen.findByRole("table", { name: "Contact inquiries" });
    await within(table).findByText("Kavita Rao");
    expect(within(table).getByText(`${LONG.slice(0, 50)}…`)).toBeTruthy();
    expect(within(table).queryByText(LONG)).toBeNull();
    expect(within(table).getByText("Fees and payments")).toBeTruthy();
    expect(within(table).getByText("New")).toBeTruthy();
    // The counters are their own query: wait for it rather than assume it answered with the table.
    expect(await within(screen.getByRole("group", { name: "In Progress" })).findByText("1")).toBeTruthy();
  });

  test("the details show the whole message; a blank reply is refused; a reply is sent and appears in the history", async () => {
    const { sent } = renderAdmin("/admin/contacts", handlers());
    fireEvent.click(await screen.findByRole("button", { name: "View inquiry from Kavita Rao" }));
    const details = await screen.findByRole("dialog", { name: "Inquiry from Kavita Rao" });
    await within(details).findByText(LONG);
    expect(within(details).getByText(/No replies yet/)).toBeTruthy();

    fireEvent.click(within(details).getByRole("button", { name: "Reply" }));
    const reply = await screen.findByRole("dialog", { name: "Reply to Kavita Rao" });
    // The e-mail's subject as the server writes it, the inquiry's subject by its name (not its stored code).
    expect(within(reply).getByText(/^E-mailed to /).textContent).toBe(
      `E-mailed to ${inquiry().email} as “Re: Your inquiry: Fees and payments”, with their message quoted.`,
    );
    fireEvent.change(within(reply).getByLabelText("Your reply", { exact: false }), { target: { value: "   " } });
    fireEvent.click(within(reply).getByRole("button", { name: "Send Reply" }));
    expect(within(reply).getByText("Please enter a reply message")).toBeTruthy();
    expect(sent("contacts.respond")).toEqual([]);

    fireEvent.change(within(reply).getByLabelText("Your reply", { exact: false }), {
      target: { value: "Yes, the fee can be paid in three instalments." },
    });
    fireEvent.click(within(reply).getByRole("button", { name: "Send Reply" }));
    await screen.findByText("Reply sent successfully!");
    expect(sent("contacts.respond")).toEqual([
      { id: 5, message: "Yes, the fee can be paid in three instalments.", respondedBy: "Asha Admin" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reply to Kavita Rao" })).toBeNull());
    const history = within(screen.getByRole("dialog", { name: "Inquiry from Kavita Rao" }));
    await history.findByText("Yes, the fee can be paid in three instalments.");
    expect(history.getByText("Asha Admin")).toBeTruthy();
  });

  test("a reply belongs to its inquiry: when Back closes the inquiry, the next one opened starts without it (walk 28a)", async () => {
    const second = inquiry({ _id: "6", id: 6, name: "Ravi Kumar", email: "ravi@example.com" });
    const { navigate } = renderAdmin("/admin/contacts", {
      ...handlers(),
      "contacts.list": () => ({ contacts: [inquiry(), second], pagination: pagination(2), stats: STATS }),
      "contacts.get": (input) => ({ ...((input as { id: number }).id === 6 ? second : inquiry()), assignedToName: null, replies: [] }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "View inquiry from Kavita Rao" }));
    const details = await screen.findByRole("dialog", { name: "Inquiry from Kavita Rao" });
    fireEvent.click(within(details).getByRole("button", { name: "Reply" }));
    const reply = await screen.findByRole("dialog", { name: "Reply to Kavita Rao" });
    fireEvent.change(within(reply).getByRole("textbox"), { target: { value: "The MBA fee can be paid in four instalments." } });
    // The browser's Back: the inquiry leaves the address.
    act(() => navigate("/admin/contacts"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "View inquiry from Ravi Kumar" }));
    const next = await screen.findByRole("dialog", { name: "Inquiry from Ravi Kumar" });
    // No reply opens by itself over it, and the one asked for starts empty.
    expect(screen.queryByRole("dialog", { name: "Reply to Ravi Kumar" })).toBeNull();
    fireEvent.click(within(next).getByRole("button", { name: "Reply" }));
    const fresh = await screen.findByRole("dialog", { name: "Reply to Ravi Kumar" });
    expect((within(fresh).getByRole("textbox") as HTMLTextAreaElement).value).toBe("");
  });

  test("a double click on Send Reply e-mails one reply while the first is on its way", async () => {
    const { sent } = renderAdmin("/admin/contacts", { ...handlers(), "contacts.respond": neverAnswers });
    fireEvent.click(await screen.findByRole("button", { name: "View inquiry from Kavita Rao" }));
    const details = await screen.findByRole("dialog", { name: "Inquiry from Kavita Rao" });
    await within(details).findByText(LONG);
    fireEvent.click(within(details).getByRole("button", { name: "Reply" }));
    const reply = await screen.findByRole("dialog", { name: "Reply to Kavita Rao" });
    fireEvent.change(within(reply).getByLabelText("Your reply", { exact: false }), { target: { value: "Yes, in three instalments." } });
    const send = within(reply).getByRole("button", { name: "Send Reply" });
    await doubleClickSendsOnce(send, () => sent("contacts.respond"));
  });

  test("Mark as Resolved from the table says 'Contact status updated successfully!'", async () => {
    const { sent } = renderAdmin("/admin/contacts", handlers());
    fireEvent.click(await screen.findByRole("button", { name: "Mark inquiry from Kavita Rao as resolved" }));
    await screen.findByText("Contact status updated successfully!");
    expect(sent("contacts.updateStatus")).toEqual([{ id: 5, status: "resolved" }]);
  });

  test("a list that cannot be loaded says so in the spec's words", async () => {
    renderAdmin("/admin/contacts", { "contacts.list": () => new TrpcFailure("Forbidden", 403) });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Failed to load contacts. Please check your internet connection and try again.",
    );
  });

  test("delete asks first and then says 'Contact deleted successfully!'", async () => {
    const { sent } = renderAdmin("/admin/contacts", {
      ...handlers(),
      "contacts.remove": () => ({ message: "Contact deleted successfully!" }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete inquiry from Kavita Rao" }));
    const confirm = screen.getByRole("dialog", { name: "Delete this inquiry?" });
    expect(within(confirm).getByText(/This action cannot be undone\./).textContent).toBe(
      "Are you sure you want to delete the inquiry from Kavita Rao and its replies? This action cannot be undone.",
    );
    expect(within(confirm).getByText("Kavita Rao").tagName).toBe("STRONG");
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await screen.findByText("Contact deleted successfully!");
    expect(sent("contacts.remove")).toEqual([{ id: 5 }]);
  });

  test("in Hindi the subject reads in Hindi and the delete confirmation asks in Hindi, the name still in bold", async () => {
    await changeLocale("hi");
    renderAdmin("/admin/contacts", handlers());
    expect(await within(await screen.findByRole("table")).findByText(hiContact["subject.fees"])).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: hiAdmin["con.delete"].replace("{name}", "Kavita Rao") }));
    const confirm = screen.getByRole("dialog", { name: hiAdmin["con.deleteTitle"] });
    const name = within(confirm).getByText("Kavita Rao");
    expect(name.tagName).toBe("STRONG");
    expect(name.parentElement?.textContent).toBe(hiAdmin["con.deleteText"].replace("{name}", "Kavita Rao"));
  });
});
