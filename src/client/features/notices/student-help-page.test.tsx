import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { leavingAsks, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "../student/portal-pages.ts";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { renderStudentAt } from "../student/student-testing.tsx";

withClientTestRules();

type Ticket = RouterOutputs["tickets"]["get"]["ticket"];
type Response = Ticket["responses"][number];

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  _id: "3",
  id: 3,
  lastReplyBy: null,
  ticketNumber: "TKT-2026-00003",
  studentName: "Priya Sharma",
  studentEmail: "priya@example.com",
  subject: "Fee receipt not received",
  description: "I paid the first instalment on 2 November but have no receipt yet.",
  category: "payment",
  priority: "medium",
  status: "open",
  assignedTo: null,
  assignedToName: null,
  createdAt: "2026-11-20T06:00:00.000Z",
  updatedAt: "2026-11-21T06:00:00.000Z",
  responses: [],
  ...overrides,
});
const listItem = ({ responses: _, ...rest }: Ticket) => rest;
const STATS = { total: 2, open: 1, inProgress: 0, resolved: 1, closed: 0 };
const page = (n: number, totalPages = n ? 1 : 0) => ({ totalItems: n, totalPages, currentPage: 1, limit: 10 });

const FAQS = [
  { id: 1, question: "When are the fees due?", answer: "Each instalment is due on the 10th of the month.", category: "Fees" },
  { id: 2, question: "How do I download my ID card?", answer: "Open ID Card in the portal and press Download.", category: "Portal" },
  { id: 3, question: "Can I change my study centre?", answer: "Write to us from the Help page.", category: "Portal" },
];

const base = {
  "notifications.unreadCount": () => ({ count: 0 }),
  "content.publicFaqs": () => ({ faqs: FAQS }),
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A field by its label (required ones end with " *"). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`)) as HTMLInputElement;

describe("student Help (issue 18)", () => {
  test("the student's questions a page at a time with their status, filtered on the server; the FAQs searched in place", async () => {
    const answered = ticket({
      id: 4,
      ticketNumber: "TKT-2026-00004",
      subject: "Exam centre change",
      status: "resolved",
      category: "academic",
    });
    const { sent } = renderStudentAt("/student/help", {
      ...base,
      "tickets.mine": (input) => ({
        tickets: input.status === "resolved" ? [listItem(answered)] : [listItem(ticket()), listItem(answered)],
        stats: STATS,
        pagination: page(input.status === "resolved" ? 1 : 12, input.status === "resolved" ? 1 : 2),
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Help and support" });
    const list = await screen.findByRole("list", { name: "Your questions" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByRole("link", { name: "Fee receipt not received" }).getAttribute("href")).toBe("/student/help/3");
    expect(within(first!).getByText("Open")).toBeTruthy();
    expect(within(first!).getByText(/TKT-2026-00003 · Payment/)).toBeTruthy();
    expect(within(second!).getByText("Resolved")).toBeTruthy();
    expect(sent("tickets.mine")[0]).toEqual({ page: 1, limit: 10, status: "all" });
    // The list's pages come from the server.
    fireEvent.click(screen.getByRole("button", { name: /page 2/i }));
    await waitFor(() => expect(sent("tickets.mine").at(-1)).toEqual({ page: 2, limit: 10, status: "all" }));
    // The filter shows each status with its count and asks the server again.
    const filter = field("Show") as unknown as HTMLSelectElement;
    expect([...filter.options].map((o) => o.text)).toEqual([
      "All questions (2)",
      "Open (1)",
      "In progress (0)",
      "Resolved (1)",
      "Closed (0)",
    ]);
    fireEvent.change(filter, { target: { value: "resolved" } });
    await waitFor(() => expect(sent("tickets.mine").at(-1)).toEqual({ page: 1, limit: 10, status: "resolved" }));
    expect(screen.getByText(/answer also reaches you by e-mail/)).toBeTruthy();

    // FAQs: grouped by topic, searched as one types, the count announced.
    const faqs = screen.getByRole("region", { name: "Frequently asked questions" });
    expect(within(faqs).getByText("3 questions and their answers.")).toBeTruthy();
    expect(within(faqs).getByRole("heading", { name: "Fees" })).toBeTruthy();
    fireEvent.change(within(faqs).getByLabelText("Search the questions"), { target: { value: "id card" } });
    await within(faqs).findByText("1 question matches your search.");
    expect(within(faqs).queryByText("When are the fees due?")).toBeNull();
    const question = within(faqs).getByText("How do I download my ID card?");
    expect(question.closest("details")?.open).toBe(false);
    fireEvent.click(question);
    await waitFor(() => expect(question.closest("details")?.open).toBe(true));
    fireEvent.change(within(faqs).getByLabelText("Search the questions"), { target: { value: "nothing like this" } });
    await within(faqs).findByText("0 questions match your search.");
  });

  test("nothing asked yet: an empty state that offers to ask", async () => {
    renderStudentAt("/student/help", {
      ...base,
      "tickets.mine": () => ({ tickets: [], stats: { total: 0, open: 0, inProgress: 0, resolved: 0, closed: 0 }, pagination: page(0) }),
    });
    await screen.findByText("You have not asked anything yet");
    expect(screen.getAllByRole("link", { name: "Ask a question" }).length).toBe(2);
  });

  test("asking a question: the shared rules beside the fields, then the question's own page", async () => {
    const { sent, path, entries } = renderStudentAt("/student/help/new", {
      ...base,
      "tickets.create": (input) => ({ ticket: listItem(ticket({ id: 7, ticketNumber: "TKT-2026-00007", subject: input.subject })) }),
      "tickets.get": () => ({ ticket: ticket({ id: 7, ticketNumber: "TKT-2026-00007", subject: "Cannot open the study material" }) }),
      "tickets.mine": () => ({ tickets: [], stats: STATS, pagination: page(0) }),
    });
    await screen.findByRole("heading", { level: 1, name: "Ask a question" });
    // The page's one heading of that name (walk 30b: an h2 said it again).
    expect(screen.getAllByRole("heading", { name: "Ask a question" })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Send question" }));
    await screen.findByText("Subject is required");
    expect(screen.getByText("Description is required")).toBeTruthy();
    expect(document.activeElement).toBe(field("Subject"));
    expect(sent("tickets.create")).toEqual([]);

    fireEvent.change(field("Subject"), { target: { value: "Cannot open the study material" } });
    fireEvent.change(field("Category"), { target: { value: "technical" } });
    fireEvent.change(field("Priority"), { target: { value: "high" } });
    fireEvent.change(field("Description"), { target: { value: "The PDF of unit 2 says it is damaged." } });
    fireEvent.click(screen.getByRole("button", { name: "Send question" }));
    await waitFor(() =>
      expect(sent("tickets.create")).toEqual([
        {
          subject: "Cannot open the study material",
          category: "technical",
          priority: "high",
          description: "The PDF of unit 2 says it is damaged.",
        },
      ]),
    );
    await screen.findByRole("heading", { level: 1, name: "Cannot open the study material" });
    expect(path()).toBe("/student/help/7");
    // The question's page takes the form's place in history: Back does not lead to an empty form, as if the
    // question had not gone (walk 27b).
    expect(entries()).toBe(1);
    expect(await screen.findByText("Your question was sent (TKT-2026-00007).")).toBeTruthy();
  });

  test("a description of a letter or two asks for a few words before anything is sent (walk 33a)", async () => {
    const { sent } = renderStudentAt("/student/help/new", base);
    await screen.findByRole("heading", { level: 1, name: "Ask a question" });
    fireEvent.change(field("Subject"), { target: { value: "Fees" } });
    fireEvent.change(field("Description"), { target: { value: " x " } });
    fireEvent.click(screen.getByRole("button", { name: "Send question" }));
    expect(
      await screen.findByText("Please describe the question in a few words (at least 10 characters), so the office can help."),
    ).toBeTruthy();
    expect(document.activeElement).toBe(field("Description"));
    expect(sent("tickets.create")).toEqual([]);
  });

  test("the server's verdict on a field shows beside it, and what was typed stays", async () => {
    renderStudentAt("/student/help/new", {
      ...base,
      "tickets.create": () => new TrpcFailure("Invalid input", 400, { subject: ["Please use at most 200 characters"] }),
    });
    await screen.findByRole("heading", { level: 1, name: "Ask a question" });
    fireEvent.change(field("Subject"), { target: { value: "A very long subject" } });
    fireEvent.change(field("Description"), { target: { value: "Details here." } });
    fireEvent.click(screen.getByRole("button", { name: "Send question" }));
    await screen.findByText("Please use at most 200 characters");
    expect(document.activeElement).toBe(field("Subject"));
    expect(field("Description").value).toBe("Details here.");
  });

  test("one question: the conversation with the institute's answer, and the student's reply", async () => {
    const responses: Response[] = [
      {
        id: 1,
        message: "We have sent the receipt to your e-mail.",
        authorName: "Asha Admin",
        fromStaff: true,
        createdAt: "2026-11-21T06:00:00.000Z",
      },
    ];
    const { sent } = renderStudentAt("/student/help/3", {
      ...base,
      "tickets.get": () => ({ ticket: ticket({ status: "in_progress", responses: [...responses] }) }),
      "tickets.respond": (input) => {
        responses.push({
          id: 2,
          message: String(input.message),
          authorName: "Priya Sharma",
          fromStaff: false,
          createdAt: "2026-11-22T06:00:00.000Z",
        });
        return { ticket: ticket({ status: "in_progress", responses: [...responses] }) };
      },
      "tickets.mine": () => ({ tickets: [], stats: STATS, pagination: page(0) }),
    });
    await screen.findByRole("heading", { level: 1, name: "Fee receipt not received" });
    // Opened, its notifications are read on the server: the bell asks again at once (walk 33a).
    await waitFor(() => expect(sent("notifications.unreadCount").length).toBe(2));
    expect(screen.getByText(/TKT-2026-00003 · asked/)).toBeTruthy();
    expect(screen.getByText("In progress")).toBeTruthy();
    const conversation = screen.getByRole("region", { name: "Conversation" });
    const [asked, answer] = within(conversation).getAllByRole("listitem");
    expect(within(asked!).getByText("You")).toBeTruthy();
    expect(within(answer!).getByText("Asha Admin")).toBeTruthy();
    expect(within(answer!).getByText(/the institute/)).toBeTruthy();
    expect(within(answer!).getByText("We have sent the receipt to your e-mail.")).toBeTruthy();
    expect(screen.getByText(/answers also reach you by e-mail/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await screen.findByText("Please write a response");
    fireEvent.change(field("Your reply"), { target: { value: "Received it, thank you." } });
    // A reply typed and not sent: leaving asks first (stop 45).
    expect(leavingAsks()).toBe(true);
    const send = screen.getByRole("button", { name: "Send reply" });
    // The reply lands above the box: the focused Send is brought back into sight (tenth walk).
    const scrolled: Element[] = [];
    send.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    send.focus();
    fireEvent.click(send);
    await waitFor(() => expect(sent("tickets.respond")).toEqual([{ id: 3, message: "Received it, thank you." }]));
    expect(await within(conversation).findByText("Received it, thank you.")).toBeTruthy();
    expect(field("Your reply").value).toBe("");
    expect(leavingAsks()).toBe(false);
    await waitFor(() => expect(scrolled.length === 1 && scrolled[0] === send).toBe(true));
  });

  test("a double click on Send reply sends one reply while the first is on its way", async () => {
    const { sent } = renderStudentAt("/student/help/3", {
      ...base,
      "tickets.get": () => ({ ticket: ticket({ status: "in_progress", responses: [] }) }),
      "tickets.respond": neverAnswers,
    });
    await screen.findByRole("heading", { level: 1, name: "Fee receipt not received" });
    fireEvent.change(field("Your reply"), { target: { value: "Received it, thank you." } });
    const send = screen.getByRole("button", { name: "Send reply" });
    await doubleClickSendsOnce(send, () => sent("tickets.respond"));
  });

  test("a closed question cannot be answered: the way to ask a new one instead", async () => {
    renderStudentAt("/student/help/3", { ...base, "tickets.get": () => ({ ticket: ticket({ status: "closed" }) }) });
    await screen.findByText(/This question is closed/);
    expect(screen.queryByRole("button", { name: "Send reply" })).toBeNull();
    expect(screen.getByRole("link", { name: "Ask a question" }).getAttribute("href")).toBe("/student/help/new");
  });

  test("another student's question answers 404: not found, with the way back", async () => {
    renderStudentAt("/student/help/99", { ...base, "tickets.get": () => new TrpcFailure("Ticket not found", 404) });
    await screen.findByText("We could not find this question");
    expect(screen.getAllByRole("link", { name: "All your questions" })[0]!.getAttribute("href")).toBe("/student/help");
  });
});
