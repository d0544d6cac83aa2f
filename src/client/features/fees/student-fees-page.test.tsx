import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import hiFees from "../../../shared/i18n/hi/fees.json";
import mrFees from "../../../shared/i18n/mr/fees.json";
import { rupeesInWords } from "../../../shared/rupees-in-words.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { FakeXhr, STUDENT, TrpcFailure, useFakeXhr, wholeText, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { errorOf, renderStudentAt } from "../student/student-testing.tsx";
import "./student-fees-page.tsx";

withClientTestRules();

type Mine = RouterOutputs["fees"]["mine"];
type Instalment = Mine["instalments"][number];
type Transfers = RouterOutputs["fees"]["transfers"];
type Receipts = RouterOutputs["fees"]["receipts"];
type Upi = RouterOutputs["fees"]["upi"];
type Receipt = RouterOutputs["fees"]["receipt"];

const BASE: Instalment = {
  id: 11,
  programme: "BBA",
  termUnit: "year",
  term: 1,
  number: 1,
  dueOn: "2026-11-15",
  amount: 10_000_00,
  concession: 0,
  reducedBy: null,
  lateFee: 500_00,
  total: 10_500_00,
  paid: 0,
  outstanding: 10_500_00,
  status: "overdue",
  pending: null,
};

const mine = (over: Partial<Mine> = {}): Mine => ({
  today: "2026-11-22",
  upi: true,
  instalments: [
    BASE,
    {
      ...BASE,
      id: 12,
      number: 2,
      dueOn: "2026-12-15",
      concession: 2_000_00,
      reducedBy: "concession",
      lateFee: 0,
      total: 8_000_00,
      paid: 3_000_00,
      outstanding: 5_000_00,
      status: "partial",
    },
    {
      ...BASE,
      id: 13,
      number: 3,
      dueOn: "2027-02-15",
      amount: 5_000_50,
      lateFee: 0,
      total: 5_000_50,
      outstanding: 5_000_50,
      status: "due",
      pending: { id: 70, amount: 5_000_50, reference: "402156789012", paidOn: "2026-11-21", sentAt: "2026-11-21T10:00:00.000Z" },
    },
    { ...BASE, id: 14, number: 4, lateFee: 0, total: 10_000_00, paid: 10_000_00, outstanding: 0, status: "paid" },
  ],
  totalOutstanding: 10_500_00 + 5_000_00 + 5_000_50,
  waiting: 1,
  ...over,
});

const TRANSFERS: Transfers = {
  transfers: [
    {
      id: 70,
      status: "pending",
      amount: 5_000_50,
      reference: "402156789012",
      paidOn: "2026-11-21",
      sentAt: "2026-11-21T10:00:00.000Z",
      decidedAt: null,
      rejectReason: null,
      instalment: { term: 1, number: 3, termUnit: "year" },
    },
    {
      id: 69,
      status: "rejected",
      amount: 10_500_00,
      reference: "402156789000",
      paidOn: "2026-11-18",
      sentAt: "2026-11-18T10:00:00.000Z",
      decidedAt: "2026-11-19T10:00:00.000Z",
      // written as a sentence: its full stop is not doubled before the next one (QA3 9)
      rejectReason: "No such UTR in our statement.",
      instalment: { term: 1, number: 1, termUnit: "year" },
    },
  ],
  pagination: { totalItems: 2, totalPages: 1, currentPage: 1, limit: 5 },
};

const RECEIPTS: Receipts = {
  receipts: [
    {
      id: 5,
      number: "RCP/2026-27/000005",
      amount: 3_000_00,
      mode: "cash",
      issuedOn: "2026-11-20",
      cancelled: null,
      instalment: { term: 1, number: 2, termUnit: "year" },
    },
    {
      id: 4,
      number: "RCP/2026-27/000004",
      amount: 1_000_00,
      mode: "upi",
      issuedOn: "2026-11-10",
      cancelled: { at: "2026-11-11T10:00:00.000Z", reason: "Entered twice" },
      instalment: { term: 1, number: 2, termUnit: "year" },
    },
  ],
  pagination: { totalItems: 2, totalPages: 1, currentPage: 1, limit: 10 },
};

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const LINK =
  "upi://pay?pa=institute@okaxis&pn=Institute%20of%20Distance%20Education&am=10500.00&cu=INR&tn=FEE-STU0001-I11&tr=FEE-STU0001-I11";
const UPI: Upi = {
  status: "ready",
  instalmentId: 11,
  amount: 10_500_00,
  payee: { vpa: "institute@okaxis", name: "Institute of Distance Education" },
  reference: "FEE-STU0001-I11",
  link: LINK,
  qrSvg: QR,
  today: "2026-11-22",
};

const RECEIPT: Receipt = {
  id: 5,
  number: "RCP/2026-27/000005",
  financialYear: "2026-27",
  issuedOn: "2026-11-20",
  issuedAt: "2026-11-20T06:30:00.000Z",
  amount: 1_25_050_50,
  lateFee: null,
  mode: "upi",
  reference: "402156789012",
  paidOn: "2026-11-19",
  student: { name: "Priya Sharma", studentId: "STU0001" },
  programme: "BBA",
  termUnit: "year",
  term: 1,
  instalment: 2,
  dueOn: "2026-12-15",
  cancelled: null,
  institute: {
    name: "Institute of Distance Education",
    address: "2nd Floor, Shivaji Nagar, Pune 411005",
    phones: ["+91 20 2612 3456"],
    email: "info@institute.local",
  },
};

const handlers = (over: Parameters<typeof renderStudentAt>[1] = {}) => ({
  "fees.mine": () => mine(),
  "fees.transfers": () => TRANSFERS,
  "fees.receipts": () => RECEIPTS,
  "fees.upi": () => UPI,
  ...over,
});

const RealXhr = globalThis.XMLHttpRequest;
const originalPrint = window.print;
afterEach(async () => {
  globalThis.XMLHttpRequest = RealXhr;
  window.print = originalPrint;
  // Test files share one process: the receipt's language tests leave it in English for the files after this one.
  await changeLocale("en", { keep: false });
});

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(wholeText(text)).closest("tr")!;

describe("/student/fees", () => {
  test("a scholarship is called one under its instalment, not a concession (walk 33c)", async () => {
    const [first, second, ...rest] = mine().instalments;
    renderStudentAt(
      "/student/fees",
      handlers({ "fees.mine": () => mine({ instalments: [first!, { ...second!, reducedBy: "scholarship" }, ...rest] }) }),
    );
    const table = await screen.findByRole("table", { name: "Your instalments" });
    expect(within(rowOf(table, "Year 1 · Instalment 2")).getByText("Scholarship − ₹2,000")).toBeTruthy();
    expect(within(table).queryByText("Concession − ₹2,000")).toBeNull();
  });

  test("each instalment with due day, amounts, late fee, concession and status; the total and what is next; transfers and receipts", async () => {
    renderStudentAt("/student/fees", handlers());
    await screen.findByRole("heading", { level: 1, name: "Fees" });
    const table = await screen.findByRole("table", { name: "Your instalments" });
    const first = rowOf(table, "Year 1 · Instalment 1");
    expect(within(first).getByText("15 Nov 2026")).toBeTruthy();
    expect(within(first).getByText("₹10,000")).toBeTruthy();
    expect(within(first).getByText("Late fee + ₹500")).toBeTruthy();
    expect(within(first).getByText("₹10,500")).toBeTruthy();
    expect(within(first).getByText("Overdue")).toBeTruthy();
    expect(within(first).getByRole("button", { name: "Pay by UPI: Year 1 · Instalment 1" })).toBeTruthy();
    const second = rowOf(table, "Year 1 · Instalment 2");
    // The amount's changes stand under it, in its column.
    expect(within(second).getByText("Concession − ₹2,000")).toBeTruthy();
    expect(within(second).getByText("Paid ₹3,000")).toBeTruthy();
    expect(within(second).getByText("Partly paid")).toBeTruthy();
    const third = rowOf(table, "Year 1 · Instalment 3");
    expect(within(third).getByText("₹5,000.50", { selector: "strong" })).toBeTruthy();
    expect(within(third).getByText("Waiting for the office")).toBeTruthy();
    expect(within(third).queryByRole("button")).toBeNull();
    const fourth = rowOf(table, "Year 1 · Instalment 4");
    expect(within(fourth).getByText("Paid", { selector: ".ui-badge" })).toBeTruthy();
    expect(within(fourth).queryByRole("button")).toBeNull();
    // Nothing to do on a paid instalment: its last cell is empty, and a phone's card hides it (walk 26: a bare "—").
    expect(fourth.querySelector(".ui-table__cell--actions > .ui-table__value")?.innerHTML).toBe("");

    const total = screen.getByRole("group", { name: "Total still to pay" });
    expect(within(total).getByText("₹20,500.50")).toBeTruthy();
    const next = screen.getByRole("group", { name: "Next to pay" });
    expect(within(next).getByText("₹10,500")).toBeTruthy();
    expect(within(next).getByText("Was due on 15 November 2026")).toBeTruthy();

    const transfers = await screen.findByRole("region", { name: "UPI payments you reported" });
    const items = within(transfers).getAllByRole("listitem");
    expect(items[0]!.textContent).toContain("UTR 402156789012");
    expect(within(items[0]!).getByText("Waiting for the office")).toBeTruthy();
    expect(within(items[1]!).getByText("Not confirmed")).toBeTruthy();
    expect(items[1]!.textContent).toContain("The office's reason: No such UTR in our statement. Check the UTR");

    const receipts = await screen.findByRole("table", { name: "Your receipts" });
    const valid = rowOf(receipts, "RCP/2026-27/000005");
    expect(within(valid).getByText("Cash")).toBeTruthy();
    expect(within(valid).getByText("Valid")).toBeTruthy();
    expect(within(valid).getByRole("link", { name: "RCP/2026-27/000005" }).getAttribute("href")).toBe("/student/fees/receipts/5");
    // A narrow column breaks the number after a slash, never at the year's hyphen (walk 26).
    expect(within(valid).getByRole("link", { name: "RCP/2026-27/000005" }).innerHTML).toBe(
      'RCP/<wbr><span class="fees-receipt-year">2026-27/</span><wbr>000005',
    );
    const cancelled = rowOf(receipts, "RCP/2026-27/000004");
    expect(within(cancelled).getByText("Cancelled")).toBeTruthy();
    expect(within(cancelled).getByText("Entered twice")).toBeTruthy();
  });

  test("nothing raised yet: an empty state instead of a blank page", async () => {
    renderStudentAt("/student/fees", handlers({ "fees.mine": () => mine({ instalments: [], totalOutstanding: 0, waiting: 0 }) }));
    expect(await screen.findByText("No fees raised yet")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  test("no UPI address set: the institute says so and nothing offers to pay", async () => {
    renderStudentAt("/student/fees", handlers({ "fees.mine": () => mine({ upi: false }) }));
    await screen.findByRole("table", { name: "Your instalments" });
    expect(screen.getByText("The institute has not set up UPI payments yet. Please pay at the office.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Pay by UPI/ })).toBeNull();
    expect(screen.getAllByText("Pay at the office").length).toBe(2);
  });

  test("a load failure says so and offers to try again", async () => {
    let calls = 0;
    renderStudentAt(
      "/student/fees",
      handlers({
        "fees.mine": () => {
          calls++;
          return calls === 1 ? new TrpcFailure("Too many requests", 429) : mine();
        },
      }),
    );
    expect(await screen.findByText("Your fees could not be loaded.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Your instalments" })).toBeTruthy();
  });
});

describe("paying by UPI", () => {
  async function openPay() {
    const app = renderStudentAt("/student/fees", handlers());
    fireEvent.click(await screen.findByRole("button", { name: "Pay by UPI: Year 1 · Instalment 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Pay by UPI" });
    await within(dialog).findByText("₹10,500");
    return { app, dialog };
  }

  test("the exact amount, the QR code and the upi:// link; the payee and the reference", async () => {
    const { app, dialog } = await openPay();
    expect(app.sent("fees.upi")).toEqual([{ instalmentId: 11 }]);
    const qr = within(dialog).getByRole("img", { name: "QR code to pay ₹10,500 by UPI" });
    expect(decodeURIComponent(qr.getAttribute("src")!)).toBe(`data:image/svg+xml;charset=utf-8,${QR}`);
    expect(within(dialog).getByRole("link", { name: "Open in a UPI app" }).getAttribute("href")).toBe(LINK);
    expect(within(dialog).getByText("institute@okaxis")).toBeTruthy();
    expect(within(dialog).getByText("FEE-STU0001-I11")).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Day you paid/) as HTMLInputElement).value).toBe("2026-11-22");
  });

  test("the rules before anything is sent: twelve digits, not a future day, a JPEG or PNG of at most 5 MB", async () => {
    useFakeXhr();
    const { dialog } = await openPay();
    const utr = within(dialog).getByLabelText(/^UTR/) as HTMLInputElement;
    fireEvent.change(utr, { target: { value: "12345" } });
    fireEvent.change(within(dialog).getByLabelText(/^Day you paid/), { target: { value: "2026-11-23" } });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(within(dialog).getByLabelText(/^Screenshot/), { target: { files: [big] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send to the office" }));
    await waitFor(() => expect(errorOf(utr)).toBe("Enter the 12-digit UTR (UPI reference) your app shows after paying."));
    expect(errorOf(within(dialog).getByLabelText(/^Day you paid/))).toBe("The day paid cannot be in the future.");
    expect(errorOf(within(dialog).getByLabelText(/^Screenshot/))).toBe(
      "The screenshot is larger than 5 MB. Please choose a smaller image.",
    );
    expect(document.activeElement).toBe(utr);
    expect(FakeXhr.sent).toEqual([]);
  });

  test("I have paid: the UTR, the day and the screenshot go with upload progress; then the page shows it waiting", async () => {
    useFakeXhr();
    let loads = 0;
    const app = renderStudentAt(
      "/student/fees",
      handlers({
        "fees.mine": () => {
          loads++;
          // Once the transfer is reported the server shows instalment 11 waiting for the office.
          if (!FakeXhr.sent[0]?.status) return mine();
          const pending = {
            id: 71,
            amount: 10_500_00,
            reference: "402156789012",
            paidOn: "2026-11-21",
            sentAt: "2026-11-22T10:00:00.000Z",
          };
          return mine({ instalments: mine().instalments.map((i) => (i.id === 11 ? { ...i, pending } : i)) });
        },
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Pay by UPI: Year 1 · Instalment 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Pay by UPI" });
    await within(dialog).findByText("₹10,500");
    fireEvent.change(within(dialog).getByLabelText(/^UTR/), { target: { value: "4021 5678 9012" } });
    fireEvent.change(within(dialog).getByLabelText(/^Day you paid/), { target: { value: "2026-11-21" } });
    const shot = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "paid.png", { type: "image/png" });
    fireEvent.change(within(dialog).getByLabelText(/^Screenshot/), { target: { files: [shot] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send to the office" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(["POST", "/api/fees/instalments/11/upi"]);
    expect(xhr.body!.get("utr")).toBe("4021 5678 9012");
    expect(xhr.body!.get("paidOn")).toBe("2026-11-21");
    expect(xhr.body!.get("amount")).toBe("1050000");
    expect((xhr.body!.get("screenshot") as File).name).toBe("paid.png");
    act(() => xhr.progress(40, 100));
    const bar = await within(dialog).findByRole("progressbar", { name: "Sending to the office…" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    const before = loads;
    await act(async () =>
      xhr.respond(201, {
        success: true,
        data: { message: "Thank you: the office will check your payment against the bank statement and send your receipt." },
      }),
    );
    expect(await screen.findByText(/the office will check your payment/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Pay by UPI" })).toBeNull());
    await waitFor(() => expect(loads).toBeGreaterThan(before));
    expect(app.sent("fees.transfers").length).toBeGreaterThan(1);
    // Its Pay button (the dialog's opener) is gone: focus is on the instalment's new state, not the body (QA2 3).
    const row = screen.getByText("Year 1 · Instalment 1").closest("tr")!;
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByText("Waiting for the office").closest("[tabindex]")));
  });

  test("the server's verdict lands beside its field (a UTR already reported)", async () => {
    useFakeXhr();
    const { dialog } = await openPay();
    const utr = within(dialog).getByLabelText(/^UTR/) as HTMLInputElement;
    fireEvent.change(utr, { target: { value: "402156789012" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send to the office" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const used = "This UTR has already been reported for a fee payment. Check the number your UPI app shows.";
    await act(async () => FakeXhr.sent[0]!.respond(409, { success: false, message: used, errors: { utr: [used] } }));
    await waitFor(() => expect(errorOf(utr)).toBe(used));
    expect(screen.getByRole("dialog", { name: "Pay by UPI" })).toBeTruthy();
  });

  test("the institute took its UPI address away meanwhile: the dialog says so", async () => {
    renderStudentAt(
      "/student/fees",
      handlers({
        "fees.upi": () => ({ status: "noUpi", message: "The institute has not set up UPI payments yet. Please pay at the office." }),
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Pay by UPI: Year 1 · Instalment 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Pay by UPI" });
    expect(await within(dialog).findByText(/has not set up UPI payments/)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Send to the office" })).toBeNull();
  });
});

describe("a receipt", () => {
  test("the institute, number, day, student, programme, instalment, amount in figures and in words, mode and reference; Print prints", async () => {
    let printed = 0;
    window.print = () => {
      printed += 1;
    };
    const app = renderStudentAt("/student/fees/receipts/5", handlers({ "fees.receipt": () => RECEIPT }));
    const sheet = (await screen.findByRole("heading", { level: 2, name: "Fee receipt" })).closest("article")!;
    expect(app.sent("fees.receipt")).toEqual([{ id: 5 }]);
    const title = screen.getByRole("heading", { level: 1, name: "Receipt RCP/2026-27/000005" });
    // The heading's number breaks only after a slash, its year kept whole (a 360 px phone broke it at the hyphen).
    expect(title.textContent).toBe("Receipt RCP/2026-27/000005");
    expect(title.querySelectorAll("wbr")).toHaveLength(2);
    expect(title.querySelector(".fees-receipt-year")?.textContent).toBe("2026-27/");
    expect(document.title).toStartWith("Receipt RCP/2026-27/000005");
    expect(within(sheet).getByText("Institute of Distance Education")).toBeTruthy();
    expect(within(sheet).getByText("2nd Floor, Shivaji Nagar, Pune 411005")).toBeTruthy();
    expect(within(sheet).getByText(wholeText("RCP/2026-27/000005"))).toBeTruthy();
    expect(within(sheet).getByText("20 November 2026")).toBeTruthy();
    expect(within(sheet).getByText("Priya Sharma")).toBeTruthy();
    expect(within(sheet).getByText("STU0001")).toBeTruthy();
    expect(within(sheet).getByText("BBA")).toBeTruthy();
    expect(within(sheet).getByText("Year 1 · Instalment 2")).toBeTruthy();
    expect(within(sheet).getByText("UPI")).toBeTruthy();
    expect(within(sheet).getByText("402156789012")).toBeTruthy();
    expect(within(sheet).getByText("₹1,25,050.50")).toBeTruthy();
    expect(within(sheet).getByText("Rupees One Lakh Twenty-Five Thousand Fifty and Fifty Paise Only")).toBeTruthy();
    expect(within(sheet).queryByText("CANCELLED")).toBeNull();
    expect(screen.getByRole("link", { name: "← Back to fees" }).getAttribute("href")).toBe("/student/fees/");
    fireEvent.click(screen.getByRole("button", { name: "Print receipt" }));
    expect(printed).toBe(1);
  });

  test("a receipt that paid a late fee shows it apart from the fee; one without (or issued before that was kept) shows none", async () => {
    renderStudentAt("/student/fees/receipts/5", handlers({ "fees.receipt": () => ({ ...RECEIPT, amount: 10_500_00, lateFee: 500_00 }) }));
    const sheet = (await screen.findByRole("heading", { level: 2, name: "Fee receipt" })).closest("article")!;
    const part = (label: string) => within(sheet).getByText(label).closest("div")!.querySelector("dd")!.textContent;
    expect(within(sheet).getByText("₹10,500")).toBeTruthy();
    expect(part("Of which fee")).toBe("₹10,000");
    expect(part("Of which late fee")).toBe("₹500");
    cleanup();
    for (const lateFee of [0, null]) {
      renderStudentAt("/student/fees/receipts/5", handlers({ "fees.receipt": () => ({ ...RECEIPT, lateFee }) }));
      const plain = (await screen.findByRole("heading", { level: 2, name: "Fee receipt" })).closest("article")!;
      expect(within(plain).queryByText("Of which late fee")).toBeNull();
      cleanup();
    }
  });

  test("a cancelled receipt keeps its number and says CANCELLED, when and why, also on paper (walk 29a)", async () => {
    const cancelled = { ...RECEIPT, cancelled: { at: "2026-11-21T06:30:00.000Z", reason: "Entered against the wrong instalment" } };
    renderStudentAt("/student/fees/receipts/5", handlers({ "fees.receipt": () => cancelled }));
    const sheet = (await screen.findByRole("heading", { level: 2, name: "Fee receipt" })).closest("article")!;
    expect(within(sheet).getByText("CANCELLED")).toBeTruthy();
    // The sheet is what prints (the banner above it does not): it says when too.
    expect(
      within(sheet).getByText(/^Cancelled on 21 Nov 2026, \d{1,2}:\d{2} [ap]m\. Reason: Entered against the wrong instalment$/),
    ).toBeTruthy();
    expect(within(sheet).getByText(wholeText("RCP/2026-27/000005"))).toBeTruthy();
    expect(screen.getByText("This receipt is cancelled")).toBeTruthy();
  });

  test("opened again, a receipt is read again: one cancelled in between is never shown as valid (twelfth walk)", async () => {
    let cancelledSince = false;
    const cancelled = { ...RECEIPT, cancelled: { at: "2026-11-21T06:30:00.000Z", reason: "Entered against the wrong instalment" } };
    const app = renderStudentAt("/student/fees/receipts/5", handlers({ "fees.receipt": () => (cancelledSince ? cancelled : RECEIPT) }));
    await screen.findByRole("heading", { level: 2, name: "Fee receipt" });
    act(() => app.navigate("/student/fees"));
    await screen.findByRole("heading", { level: 1, name: "Fees" });
    await waitFor(() => expect(app.sent("fees.receipts")).toHaveLength(1));
    cancelledSince = true;
    act(() => app.navigate("/student/fees/receipts/5"));
    // Until the receipt is read again nothing is shown; then it is the cancelled one.
    expect(screen.queryByRole("heading", { level: 2, name: "Fee receipt" })).toBeNull();
    const sheet = (await screen.findByRole("heading", { level: 2, name: "Fee receipt" })).closest("article")!;
    expect(within(sheet).getByText("CANCELLED")).toBeTruthy();
    expect(app.sent("fees.receipt")).toHaveLength(2);
    // The list it came from is read again, not shown as remembered with the receipt valid (walk 12b).
    const lists = app.sent("fees.receipts").length;
    act(() => app.navigate("/student/fees"));
    await waitFor(() => expect(app.sent("fees.receipts").length).toBeGreaterThan(lists));
  });

  test("another student's (or a missing) receipt: not found, nothing to print", async () => {
    renderStudentAt("/student/fees/receipts/9", handlers({ "fees.receipt": () => new TrpcFailure("This receipt no longer exists.", 404) }));
    expect(await screen.findByText("Receipt not found")).toBeTruthy();
    // Not "no longer exists" of one that was never theirs, and no Print button over nothing (walk 33c).
    expect(
      screen.getByText("There is no receipt at this address for your account. Your receipts are listed on your Fees page."),
    ).toBeTruthy();
    expect(screen.queryByText("This receipt no longer exists.")).toBeNull();
    expect(screen.queryByRole("button", { name: "Print receipt" })).toBeNull();
    expect(screen.queryByText(/fits one A4 page/)).toBeNull();
  });

  test("an address no receipt can have (a number past any id) is not found, not a load to try again (walk 33d)", async () => {
    renderStudentAt(
      "/student/fees/receipts/99999999999",
      handlers({ "fees.receipt": () => new TrpcFailure("This receipt no longer exists.", 400) }),
    );
    expect(await screen.findByText("Receipt not found")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Print receipt" })).toBeNull();
  });
});

const sheetOf = async (title: string) => (await screen.findByRole("heading", { level: 2, name: title })).closest("article")!;

describe("the receipt's amount in words follows the page's language (issue 16)", () => {
  test("a receipt printed in Hindi writes the amount in Hindi words", async () => {
    await changeLocale("hi");
    renderStudentAt("/student/fees/receipts/5", { "fees.receipt": () => RECEIPT }, { user: { ...STUDENT, language: "hi" } });
    const sheet = await sheetOf(hiFees["receipt.sheetTitle"]);
    expect(within(sheet).getByText(hiFees["receipt.inWords"])).toBeTruthy();
    expect(within(sheet).getByText("एक लाख पच्चीस हज़ार पचास रुपये और पचास पैसे मात्र")).toBeTruthy();
    expect(within(sheet).getByText("₹1,25,050.50")).toBeTruthy();
    expect(within(sheet).queryByText(/Rupees/)).toBeNull();
  });

  test("switching to Marathi rewrites the words on the open receipt", async () => {
    renderStudentAt("/student/fees/receipts/5", { "fees.receipt": () => RECEIPT });
    const english = await sheetOf("Fee receipt");
    expect(within(english).getByText("Rupees One Lakh Twenty-Five Thousand Fifty and Fifty Paise Only")).toBeTruthy();
    await act(() => changeLocale("mr"));
    const sheet = await sheetOf(mrFees["receipt.sheetTitle"]);
    expect(within(sheet).getByText("एक लाख पंचवीस हजार पन्नास रुपये आणि पन्नास पैसे फक्त")).toBeTruthy();
    expect(within(sheet).queryByText(/Rupees/)).toBeNull();
  });

  test("without a language given, the words follow the language chosen in the browser", async () => {
    expect(rupeesInWords(1_250_50)).toBe("Rupees One Thousand Two Hundred Fifty and Fifty Paise Only");
    await changeLocale("hi");
    expect(rupeesInWords(1_250_50)).toBe("एक हज़ार दो सौ पचास रुपये और पचास पैसे मात्र");
    await changeLocale("mr");
    expect(rupeesInWords(1_250_00)).toBe("एक हजार दोनशे पन्नास रुपये फक्त");
  });
});
