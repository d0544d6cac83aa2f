import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { errorOf, pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { STAFF, TrpcFailure, wholeText, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "../../studies-pages.ts";

withClientTestRules();

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

type Pending = RouterOutputs["feeDesk"]["pending"]["payments"][number];
type Receipt = RouterOutputs["feeDesk"]["receipts"]["receipts"][number];
type Ledger = RouterOutputs["feeDesk"]["instalments"];

const PENDING: Pending = {
  id: 31,
  student: { id: 7, name: "Ravi Kumar", studentId: "STU0102" },
  instalment: { id: 12, programme: "BBA", termUnit: "year", term: 1, number: 2, dueOn: "2026-12-15" },
  amount: 5_000_00,
  outstanding: 5_000_00,
  reference: "111122223333",
  paidOn: "2026-11-21",
  submittedAt: "2026-11-21T09:00:00.000Z",
  screenshotUrl: "/api/fees/payments/31/screenshot",
};
const TOO_MUCH: Pending = {
  ...PENDING,
  id: 32,
  student: { id: 8, name: "Asha Patil", studentId: "STU0101" },
  amount: 6_000_00,
  outstanding: 2_500_50,
  reference: "444455556666",
  screenshotUrl: null,
};

const pendingAnswer = (payments: Pending[]) => ({ payments, pagination: pagination(payments.length) });

describe("the fee desk: to confirm (issue 19)", () => {
  test("the transfers with what is still due; searched through the URL; confirming shows the receipt and its print link", async () => {
    const confirmed: unknown[] = [];
    let waiting = [PENDING, TOO_MUCH];
    const { sent, path } = renderAdmin(
      "/admin/fees",
      {
        "feeDesk.pending": () => pendingAnswer(waiting),
        "feeDesk.confirm": (input) => {
          confirmed.push(input);
          waiting = [TOO_MUCH];
          return { message: "Payment confirmed: receipt RCP/2026-27/000007.", receipt: { id: 70, number: "RCP/2026-27/000007" } };
        },
      },
      STAFF,
    );
    const table = await screen.findByRole("table", { name: "UPI payments waiting to be confirmed" });
    const ravi = (await within(table).findByText("Ravi Kumar")).closest("tr")!;
    expect(within(ravi).getByText("BBA · Year 1 · Instalment 2")).toBeTruthy();
    expect(within(ravi).getByText("₹5,000")).toBeTruthy();
    expect(within(ravi).getByText("111122223333")).toBeTruthy();
    expect(within(ravi).getByRole("button", { name: "View the screenshot Ravi Kumar sent" })).toBeTruthy();
    const asha = within(table).getByText("Asha Patil").closest("tr")!;
    expect(within(asha).getByText("₹2,500.50 still due")).toBeTruthy();
    expect(within(asha).getByText("More than is due")).toBeTruthy();
    expect(within(asha).queryByRole("button", { name: /^View the screenshot/ }) === null).toBe(true);
    expect(within(asha).getByText("Paid 21 Nov 2026")).toBeTruthy();
    expect(screen.getByText("2 payments waiting")).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Search payments to confirm" }), { target: { value: "1111" } });
    await waitFor(() => expect(sent("feeDesk.pending").at(-1)).toMatchObject({ search: "1111", page: 1 }));
    expect(path()).toBe("/admin/fees?search=1111");

    fireEvent.click(within(ravi).getByRole("button", { name: "Confirm the payment of Ravi Kumar, UTR 111122223333" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm this payment?" });
    expect(dialog.textContent).toContain("₹5,000 from Ravi Kumar (STU0102), UTR 111122223333");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await screen.findByText("Payment confirmed: receipt RCP/2026-27/000007.");
    expect(confirmed).toEqual([{ id: 31 }]);
    const print = screen.getByRole("link", { name: "Print receipt RCP/2026-27/000007" });
    expect(print.getAttribute("href")).toBe("/admin/fees/receipts/70");
    await waitFor(() => expect(screen.queryByText("Ravi Kumar") === null).toBe(true));
  });

  test("someone else decided first: the server's words are shown and the list refreshes", async () => {
    let waiting = [PENDING];
    const { sent } = renderAdmin("/admin/fees?tab=confirm", {
      "feeDesk.pending": () => pendingAnswer(waiting),
      "feeDesk.confirm": () => {
        waiting = [];
        return new TrpcFailure("This payment was already confirmed or rejected by someone else.", 409);
      },
    });
    const table = await screen.findByRole("table", { name: "UPI payments waiting to be confirmed" });
    await within(table).findByText("Ravi Kumar");
    const before = sent("feeDesk.pending").length;
    fireEvent.click(within(table).getByRole("button", { name: /^Confirm the payment of Ravi Kumar/ }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm this payment?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await screen.findByText("This payment was already confirmed or rejected by someone else.");
    await waitFor(() => expect(sent("feeDesk.pending").length).toBeGreaterThan(before));
    expect(await screen.findByText("Nothing to confirm")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("reject asks for the reason first, then sends it", async () => {
    const rejected: unknown[] = [];
    renderAdmin("/admin/fees?tab=confirm", {
      "feeDesk.pending": () => pendingAnswer([PENDING]),
      "feeDesk.reject": (input) => {
        rejected.push(input);
        return { message: "Payment rejected; the student is told why." };
      },
    });
    const table = await screen.findByRole("table", { name: "UPI payments waiting to be confirmed" });
    await within(table).findByText("Ravi Kumar");
    fireEvent.click(within(table).getByRole("button", { name: "Reject the payment of Ravi Kumar, UTR 111122223333" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject this payment?" });
    // Which payment it is describes the dialog, as the Confirm's (walk 30b: the focus on Reason skipped it).
    expect(document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent).toContain("Ravi Kumar");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    const reason = within(dialog).getByLabelText(/^Reason/);
    await waitFor(() => expect(errorOf(reason)).toBe("Give the reason (it is kept with the record)."));
    expect(rejected).toEqual([]);
    fireEvent.change(reason, { target: { value: "  No such UTR in the statement " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await screen.findByText("Payment rejected; the student is told why.");
    expect(rejected).toEqual([{ id: 31, reason: "No such UTR in the statement" }]);
  });

  test("the screenshot opens in a dialog, fetched with the session", async () => {
    const asked: { url: string; auth: string | null }[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), auth: new Headers(init?.headers).get("authorization") });
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        status: 200,
        headers: { "Content-Type": "image/png", "Content-Disposition": "inline; filename*=UTF-8''payment-31-screenshot.png" },
      });
    }) as typeof fetch;
    renderAdmin("/admin/fees?tab=confirm", { "feeDesk.pending": () => pendingAnswer([PENDING]) });
    fireEvent.click(await screen.findByRole("button", { name: "View the screenshot Ravi Kumar sent" }));
    const dialog = await screen.findByRole("dialog", { name: "Screenshot from Ravi Kumar" });
    const picture = await within(dialog).findByRole("img", {
      name: "The screenshot Ravi Kumar sent of the UPI payment with UTR 111122223333",
    });
    expect(picture.getAttribute("src")).toStartWith("blob:");
    expect(asked).toEqual([{ url: "/api/fees/payments/31/screenshot", auth: "Bearer stored-token" }]);
  });
});

const LEDGER: Ledger = {
  today: "2026-11-22",
  student: { id: 8, name: "Asha Patil", studentId: "STU0101", programme: "BBA", active: true },
  instalments: [
    {
      id: 11,
      programme: "BBA",
      termUnit: "year",
      term: 1,
      number: 1,
      dueOn: "2026-08-15",
      amount: 9_000_00,
      concession: 0,
      reducedBy: null,
      lateFee: 250_00,
      total: 9_250_00,
      paid: 9_250_00,
      outstanding: 0,
      status: "paid",
      pending: 0,
    },
    {
      id: 12,
      programme: "BBA",
      termUnit: "year",
      term: 1,
      number: 2,
      dueOn: "2026-12-15",
      amount: 9_000_00,
      concession: 1_000_00,
      reducedBy: "concession",
      lateFee: 0,
      total: 8_000_00,
      paid: 3_000_00,
      outstanding: 5_000_50,
      status: "partial",
      pending: 0,
    },
  ],
};

describe("the fee desk: recording a payment (issue 19)", () => {
  test("find by Student ID, see the instalments, record a cheque (reference required, not above what is due), see the receipt", async () => {
    const recorded: unknown[] = [];
    const { sent, entries } = renderAdmin("/admin/fees?tab=record", {
      "feeDesk.students": () => ({
        students: [{ id: 8, name: "Asha Patil", studentId: "STU0101", programme: "BBA", term: 1, active: true }],
        pagination: pagination(1, 1, 8),
      }),
      "feeDesk.instalments": () => LEDGER,
      "feeDesk.record": (input) => {
        recorded.push(input);
        return { message: "Payment recorded: receipt RCP/2026-27/000009.", receipt: { id: 90, number: "RCP/2026-27/000009" } };
      },
    });
    const find = await screen.findByLabelText(/^Student ID or name/);
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    await waitFor(() => expect(errorOf(find)).toBe("Enter a Student ID or a name to look for."));
    fireEvent.change(find, { target: { value: "stu0101" } });
    const before = entries();
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    const table = await screen.findByRole("table", { name: "Instalments of Asha Patil and where each stands" });
    // The student found is a step in history: Back returns to the finder, not out of the fees area (walk 27b).
    expect(entries()).toBe(before + 1);
    expect(sent("feeDesk.students")).toEqual([{ search: "stu0101", limit: 8 }]);
    expect(sent("feeDesk.instalments")).toEqual([{ userId: 8 }]);
    // The finder that had focus is gone: focus is on the student's heading above their instalments (QA2 3).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Instalments of Asha Patil" })));
    const paid = within(table).getByText("BBA · Year 1 · Instalment 1").closest("tr")!;
    expect(within(paid).getByText("Paid")).toBeTruthy();
    expect(within(paid).getByText("includes a ₹250 late fee")).toBeTruthy();
    expect(within(paid).queryByRole("button")).toBeNull();
    const second = within(table).getByText("BBA · Year 1 · Instalment 2").closest("tr")!;
    expect(within(second).getByText("after a ₹1,000 concession")).toBeTruthy();
    expect(within(second).getByText("Part paid")).toBeTruthy();
    fireEvent.click(within(second).getByRole("button", { name: "Record a payment for BBA · Year 1 · Instalment 2" }));

    const form = await screen.findByRole("region", { name: "Record a payment: BBA · Year 1 · Instalment 2" });
    const amount = within(form).getByLabelText(/^Amount/) as HTMLInputElement;
    expect(amount.value).toBe("5000.50");
    // The Choose button became "Chosen": focus is on the amount, the next thing to type.
    expect(document.activeElement).toBe(amount);
    // Selected whole, so the amount received typed there replaces it (walk 22b: typing added to its digits).
    expect([amount.selectionStart, amount.selectionEnd]).toEqual([0, "5000.50".length]);
    expect((within(form).getByLabelText(/^Paid on/) as HTMLInputElement).value).toBe("2026-11-22");
    expect((within(form).getByLabelText(/^Paid by/) as HTMLSelectElement).value).toBe("cash");
    fireEvent.change(within(form).getByLabelText(/^Paid by/), { target: { value: "cheque" } });
    fireEvent.change(amount, { target: { value: "5001" } });
    fireEvent.change(within(form).getByLabelText(/^Paid on/), { target: { value: "2026-11-23" } });
    fireEvent.click(within(form).getByRole("button", { name: "Record payment" }));
    await waitFor(() =>
      expect(errorOf(within(form).getByLabelText(/^Reference/))).toBe("Enter the transaction reference (UTR, cheque or DD number)."),
    );
    expect(errorOf(amount)).toBe("The amount is more than what is due on this instalment (₹5,000.50).");
    expect(errorOf(within(form).getByLabelText(/^Paid on/))).toBe("Enter the day the money was paid (not in the future).");
    expect(recorded).toEqual([]);

    fireEvent.change(amount, { target: { value: "2,000" } });
    fireEvent.change(within(form).getByLabelText(/^Reference/), { target: { value: "CHQ 004512" } });
    fireEvent.change(within(form).getByLabelText(/^Paid on/), { target: { value: "2026-11-20" } });
    fireEvent.click(within(form).getByRole("button", { name: "Record payment" }));
    await screen.findByText("Payment recorded: receipt RCP/2026-27/000009.");
    expect(recorded).toEqual([
      { instalmentId: 12, amount: "2,000", mode: "cheque", reference: "CHQ 004512", paidOn: "2026-11-20", note: "" },
    ]);
    // The receipt knows the desk's student, for its back link (walk 22b).
    expect(screen.getByRole("link", { name: "Print receipt RCP/2026-27/000009" }).getAttribute("href")).toBe(
      "/admin/fees/receipts/90?student=8",
    );
    expect(screen.queryByRole("region", { name: /^Record a payment:/ })).toBeNull();
    // The form is gone: focus is on the answer, so Tab goes on to its receipt link.
    const answer = screen.getByText("Payment recorded: receipt RCP/2026-27/000009.").closest("[tabindex]");
    expect(answer).not.toBeNull();
    expect(document.activeElement).toBe(answer);
    // Closing the answer puts focus on the student's instalments, not the page.
    fireEvent.click(within(answer as HTMLElement).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Payment recorded: receipt RCP/2026-27/000009.")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: /Asha Patil/ }));
    // Choosing again and cancelling puts focus back on the instalment's button.
    const again = () => screen.getByRole("button", { name: "Record a payment for BBA · Year 1 · Instalment 2" });
    fireEvent.click(again());
    const reopened = await screen.findByRole("region", { name: "Record a payment: BBA · Year 1 · Instalment 2" });
    fireEvent.click(within(reopened).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(again()));
  });

  test("the chosen student is in the address: a reload keeps them, and the receipt printed for them goes back to them (walk 22b)", async () => {
    const printed: RouterOutputs["fees"]["receipt"] = {
      id: 90,
      number: "RCP/2026-27/000009",
      financialYear: "2026-27",
      issuedOn: "2026-11-22",
      issuedAt: "2026-11-22T06:30:00.000Z",
      amount: 2_000_00,
      lateFee: null,
      mode: "cash",
      reference: null,
      paidOn: "2026-11-22",
      student: { name: "Asha Patil", studentId: "STU0101" },
      programme: "BBA",
      termUnit: "year",
      term: 1,
      instalment: 2,
      dueOn: "2026-12-15",
      cancelled: null,
      institute: { name: "Institute of Distance Education", address: "Pune", phones: [], email: "info@institute.local" },
    };
    const { path, entries } = renderAdmin("/admin/fees?tab=record&student=8", {
      "feeDesk.instalments": () => LEDGER,
      "fees.receipt": () => printed,
    });
    await screen.findByRole("table", { name: "Instalments of Asha Patil and where each stands" });
    // Another tab and back: still Asha's instalments. Each tab a step in history, so the browser's Back returns
    // to the last tab, not out of the fees area (walk 27b).
    const before = entries();
    fireEvent.click(screen.getByRole("tab", { name: "Receipts" }));
    expect(path()).toBe("/admin/fees?tab=receipts&student=8");
    expect(entries()).toBe(before + 1);
    fireEvent.click(screen.getByRole("tab", { name: "Record a payment" }));
    await screen.findByRole("table", { name: "Instalments of Asha Patil and where each stands" });
    cleanup();
    renderAdmin("/admin/fees/receipts/90?student=8", { "fees.receipt": () => printed });
    const back = await screen.findByRole("link", { name: "← Back to the desk" });
    expect(back.getAttribute("href")).toBe("/admin/fees?tab=record&student=8");
  });

  test("a UPI payment the student reported and the office has not decided: said on the instalment; at most what is left beside it is recorded", async () => {
    const recorded: unknown[] = [];
    const [, second] = LEDGER.instalments;
    const third = { ...second!, id: 13, number: 3, concession: 0, total: 9_000_00, paid: 0, outstanding: 9_000_00, status: "due" as const };
    renderAdmin("/admin/fees?tab=record", {
      "feeDesk.students": () => ({
        students: [{ id: 8, name: "Asha Patil", studentId: "STU0101", programme: "BBA", term: 1, active: true }],
        pagination: pagination(1, 1, 8),
      }),
      "feeDesk.instalments": () => ({
        ...LEDGER,
        instalments: [
          { ...second!, pending: 2_000_00 },
          { ...third, pending: 9_000_00 },
        ],
      }),
      "feeDesk.record": (input) => {
        recorded.push(input);
        return { message: "Payment recorded: receipt RCP/2026-27/000009.", receipt: { id: 90, number: "RCP/2026-27/000009" } };
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Student ID or name/), { target: { value: "STU0101" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    const table = await screen.findByRole("table", { name: "Instalments of Asha Patil and where each stands" });
    // The transfer covers all that is due on instalment 3: nothing to record until it is confirmed or rejected.
    const covered = within(table).getByText("BBA · Year 1 · Instalment 3").closest("tr")!;
    expect(within(covered).getByText("UPI payment of ₹9,000 reported, waiting for confirmation")).toBeTruthy();
    expect(within(covered).getByText("Confirm or reject that payment first")).toBeTruthy();
    expect(within(covered).queryByRole("button")).toBeNull();
    // Instalment 2: ₹5,000.50 due, ₹2,000 of it reported by UPI — ₹3,000.50 may be recorded.
    const part = within(table).getByText("BBA · Year 1 · Instalment 2").closest("tr")!;
    expect(within(part).getByText("UPI payment of ₹2,000 reported, waiting for confirmation")).toBeTruthy();
    fireEvent.click(within(part).getByRole("button", { name: "Record a payment for BBA · Year 1 · Instalment 2" }));
    const form = await screen.findByRole("region", { name: "Record a payment: BBA · Year 1 · Instalment 2" });
    expect(
      within(form).getByText(
        "A UPI payment of ₹2,000 the student reported for this instalment is waiting on the To confirm tab: up to ₹3,000.50 can be recorded until that payment is confirmed or rejected.",
      ),
    ).toBeTruthy();
    const amount = within(form).getByLabelText(/^Amount/) as HTMLInputElement;
    expect(amount.value).toBe("3000.50");
    fireEvent.change(amount, { target: { value: "5000.50" } });
    fireEvent.click(within(form).getByRole("button", { name: "Record payment" }));
    await waitFor(() =>
      expect(errorOf(amount)).toBe(
        "A UPI payment of ₹2,000 the student reported for this instalment is waiting on the To confirm tab: record at most ₹3,000.50 now, or confirm or reject that payment first.",
      ),
    );
    expect(recorded).toEqual([]);
    fireEvent.change(amount, { target: { value: "3000.50" } });
    fireEvent.click(within(form).getByRole("button", { name: "Record payment" }));
    await screen.findByText("Payment recorded: receipt RCP/2026-27/000009.");
    expect(recorded).toEqual([{ instalmentId: 12, amount: "3000.50", mode: "cash", reference: "", paidOn: "2026-11-22", note: "" }]);
  });

  test("the student's instalments could not load: the failure with a retry, then the table", { timeout: 15_000 }, async () => {
    let fail = true;
    renderAdmin("/admin/fees?tab=record", {
      "feeDesk.students": () => ({
        students: [{ id: 8, name: "Asha Patil", studentId: "STU0101", programme: "BBA", term: 1, active: true }],
        pagination: pagination(1, 1, 8),
      }),
      "feeDesk.instalments": () => (fail ? new TrpcFailure("Something went wrong.", 500) : LEDGER),
    });
    fireEvent.change(await screen.findByLabelText(/^Student ID or name/), { target: { value: "STU0101" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    expect(await screen.findByText("The list could not be loaded. Please try again.", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByRole("table", { name: /Instalments of/ })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Instalments of Asha Patil and where each stands" })).toBeTruthy();
  });

  const TWO_FOUND = [
    { id: 8, name: "Asha Patil", studentId: "STU0101", programme: "BBA", term: 1, active: true },
    { id: 9, name: "Ashok Rao", studentId: "STU0199", programme: null, term: 1, active: false },
  ];

  test("several students found: choose one; the server's refusal lands beside its field", async () => {
    const { sent } = renderAdmin("/admin/fees?tab=record", {
      "feeDesk.students": () => ({ students: TWO_FOUND, pagination: pagination(12, 1, 8) }),
      "feeDesk.instalments": () => LEDGER,
      "feeDesk.record": () =>
        new TrpcFailure("The amount is more than what is due on this instalment (₹4,000).", 400, {
          amount: ["The amount is more than what is due on this instalment (₹4,000)."],
        }),
    });
    // Longer than a search may be: the shared rule's words beside the box, and nothing is sent.
    const find = await screen.findByLabelText(/^Student ID or name/);
    fireEvent.change(find, { target: { value: "a".repeat(101) } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    await waitFor(() => expect(errorOf(find)).toBe("Search must be at most 100 characters"));
    expect(sent("feeDesk.students")).toEqual([]);
    fireEvent.change(find, { target: { value: "ash" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    expect(await screen.findByText(/12 students found\. The first 2 are shown/)).toBeTruthy();
    expect(screen.getByText("STU0199 · Inactive")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Choose Asha Patil (STU0101)" }));
    const table = await screen.findByRole("table", { name: "Instalments of Asha Patil and where each stands" });
    fireEvent.click(within(table).getByRole("button", { name: /Instalment 2$/ }));
    const form = await screen.findByRole("region", { name: /^Record a payment:/ });
    fireEvent.click(within(form).getByRole("button", { name: "Record payment" }));
    const amount = within(form).getByLabelText(/^Amount/);
    await waitFor(() => expect(errorOf(amount)).toBe("The amount is more than what is due on this instalment (₹4,000)."));
    // A refusal of what was typed reads nothing again.
    expect(sent("feeDesk.instalments")).toHaveLength(1);
    // Back to the finder.
    fireEvent.click(screen.getByRole("button", { name: "Choose another student" }));
    expect(await screen.findByLabelText(/^Student ID or name/)).toBeTruthy();
  });

  test("refused because a colleague recorded it first (409): the instalments are read again beside the message (twelfth walk)", async () => {
    let recorded = false;
    const { sent } = renderAdmin("/admin/fees?tab=record", {
      "feeDesk.students": () => ({ students: TWO_FOUND, pagination: pagination(2, 1, 8) }),
      // Read again after the refusal: the colleague's payment has settled instalment 2.
      "feeDesk.instalments": () =>
        recorded
          ? {
              ...LEDGER,
              instalments: LEDGER.instalments.map((i) =>
                i.id === 12 ? { ...i, paid: i.paid + i.outstanding, outstanding: 0, status: "paid" as const } : i,
              ),
            }
          : LEDGER,
      "feeDesk.record": () => {
        recorded = true;
        return new TrpcFailure("Nothing is due on this instalment.", 409);
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Student ID or name/), { target: { value: "ash" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    fireEvent.click(await screen.findByRole("button", { name: "Choose Asha Patil (STU0101)" }));
    const table = await screen.findByRole("table", { name: "Instalments of Asha Patil and where each stands" });
    fireEvent.click(within(table).getByRole("button", { name: /Instalment 2$/ }));
    const form = await screen.findByRole("region", { name: /^Record a payment:/ });
    expect(sent("feeDesk.instalments")).toHaveLength(1);
    fireEvent.click(within(form).getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(sent("feeDesk.instalments").length).toBeGreaterThan(1));
    // Nothing is left to record: the form gives way to a notice that says why, with the focus (walk 12b).
    const notice = await screen.findByText(/^Nothing is left to record on BBA · Year 1 · Instalment 2/);
    expect(screen.queryByRole("region", { name: /^Record a payment:/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.contains(notice)).toBe(true));
  });
});

const RECEIPT: Receipt = {
  id: 70,
  number: "RCP/2026-27/000007",
  financialYear: "2026-27",
  amount: 5_000_00,
  mode: "upi",
  reference: "111122223333",
  paidOn: "2026-11-21",
  issuedOn: "2026-11-22",
  issuedAt: "2026-11-22T06:30:00.000Z",
  student: { id: 7, name: "Ravi Kumar", studentId: "STU0102" },
  instalment: { programme: "BBA", termUnit: "year", term: 1, number: 2 },
  cancelled: null,
};
const CANCELLED: Receipt = {
  ...RECEIPT,
  id: 69,
  number: "RCP/2026-27/000006",
  mode: "cash",
  reference: null,
  cancelled: { at: "2026-11-22T07:00:00.000Z", by: "Meera Staff", reason: "Entered twice" },
};

describe("the fee desk: receipts (issue 19)", () => {
  test("newest first with print links; cancelled ones keep their number with who, when and why; filters in the URL; cancel asks why", async () => {
    const cancelled: unknown[] = [];
    const { sent, path } = renderAdmin("/admin/fees?tab=receipts", {
      "feeDesk.receipts": () => ({
        receipts: [RECEIPT, CANCELLED],
        pagination: pagination(2),
        years: ["2026-27", "2025-26"],
        currentYear: "2026-27",
      }),
      "feeDesk.cancelReceipt": (input) => {
        cancelled.push(input);
        return { message: "Receipt RCP/2026-27/000007 is cancelled; its number stays used." };
      },
    });
    const table = await screen.findByRole("table", { name: "Receipts" });
    const active = (await within(table).findByText(wholeText("RCP/2026-27/000007"))).closest("tr")!;
    expect(within(active).getByText("Valid")).toBeTruthy();
    expect(within(active).getByText("UPI · 111122223333")).toBeTruthy();
    expect(within(active).getByRole("link", { name: "Print receipt RCP/2026-27/000007" }).getAttribute("href")).toBe(
      "/admin/fees/receipts/70",
    );
    const old = within(table).getByText(wholeText("RCP/2026-27/000006")).closest("tr")!;
    expect(within(old).getByText("Cancelled")).toBeTruthy();
    expect(within(old).getByText(/^Cancelled by Meera Staff on .*: Entered twice$/)).toBeTruthy();
    expect(within(old).queryByRole("button", { name: /^Cancel receipt/ })).toBeNull();
    expect(within(old).getByRole("link", { name: "Print receipt RCP/2026-27/000006" })).toBeTruthy();

    fireEvent.change(screen.getByRole("combobox", { name: "Receipts to show" }), { target: { value: "cancelled" } });
    await waitFor(() => expect(sent("feeDesk.receipts").at(-1)).toMatchObject({ status: "cancelled", year: "" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Financial year" }), { target: { value: "2025-26" } });
    await waitFor(() => expect(sent("feeDesk.receipts").at(-1)).toMatchObject({ status: "cancelled", year: "2025-26", page: 1 }));
    expect(path()).toBe("/admin/fees?tab=receipts&status=cancelled&year=2025-26");
    // The years keep their order, the newest first, whichever is chosen (walk 32a).
    const years = screen.getByRole("combobox", { name: "Financial year" }) as HTMLSelectElement;
    expect([...years.options].map((o) => o.value)).toEqual(["", "2026-27", "2025-26"]);

    fireEvent.click(within(active).getByRole("button", { name: "Cancel receipt RCP/2026-27/000007" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel receipt RCP/2026-27/000007?" });
    expect(dialog.textContent).toContain("its number is never used again");
    // A receipt of this financial year: nothing said of a closed year.
    expect(dialog.textContent).not.toContain("a financial year that has ended");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the receipt" }));
    await waitFor(() => expect(errorOf(within(dialog).getByLabelText(/^Reason/))).toBe("Give the reason (it is kept with the record)."));
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "Cheque bounced" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the receipt" }));
    await screen.findByText("Receipt RCP/2026-27/000007 is cancelled; its number stays used.");
    expect(cancelled).toEqual([{ id: 70, reason: "Cheque bounced" }]);
  });

  test("cancelling a receipt of a financial year that has ended says that year's figures fall (walk 32a)", async () => {
    renderAdmin("/admin/fees?tab=receipts", {
      "feeDesk.receipts": () => ({ receipts: [RECEIPT], pagination: pagination(1), years: ["2027-28", "2026-27"], currentYear: "2027-28" }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel receipt RCP/2026-27/000007" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel receipt RCP/2026-27/000007?" });
    expect(dialog.textContent).toMatch(
      /It was issued in 2026-27, a financial year that has ended: that year's collections and reports will show ₹[\d,.]+ less\./,
    );
  });

  test("a refused cancellation stays in the dialog with the reason as typed; asked again, it closes with the server's words", async () => {
    let refuse = true;
    let fetched = 0;
    renderAdmin("/admin/fees?tab=receipts", {
      "feeDesk.receipts": () => {
        fetched++;
        return { receipts: [RECEIPT], pagination: pagination(1), years: ["2026-27"] };
      },
      "feeDesk.cancelReceipt": () =>
        refuse
          ? new TrpcFailure("This receipt was cancelled a moment ago.", 409)
          : { message: "Receipt RCP/2026-27/000007 is cancelled; its number stays used." },
    });
    const table = await screen.findByRole("table", { name: "Receipts" });
    await within(table).findByText(wholeText("RCP/2026-27/000007"));
    fireEvent.click(within(table).getByRole("button", { name: "Cancel receipt RCP/2026-27/000007" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel receipt RCP/2026-27/000007?" });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "Cheque bounced" } });
    const before = fetched;
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the receipt" }));
    expect(await within(dialog).findByText("This receipt was cancelled a moment ago.")).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Reason/) as HTMLTextAreaElement).value).toBe("Cheque bounced");
    // The list is fetched again: the row may have changed meanwhile.
    await waitFor(() => expect(fetched).toBeGreaterThan(before));
    refuse = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the receipt" }));
    await screen.findByText("Receipt RCP/2026-27/000007 is cancelled; its number stays used.");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("nothing yet, and nothing matching with the way back", async () => {
    const { navigate } = renderAdmin("/admin/fees?tab=receipts", {
      "feeDesk.receipts": () => ({ receipts: [], pagination: pagination(0), years: [] }),
    });
    expect(await screen.findByText("No receipts yet")).toBeTruthy();
    await act(async () => navigate("/admin/fees?tab=receipts&search=zzz"));
    expect(await screen.findByText("No receipt matches")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show all receipts" })).toBeTruthy();
  });
});
