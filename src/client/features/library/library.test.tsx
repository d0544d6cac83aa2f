import { afterEach, describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { catchDownloads, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "../../studies-pages.ts";
import "../student/portal-pages.ts";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { renderStudentAt } from "../student/student-testing.tsx";

withClientTestRules();

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

type OfficeItem = RouterOutputs["library"]["items"]["items"][number];
type CatalogueItem = RouterOutputs["library"]["catalogue"]["items"][number];

const BOOK: OfficeItem = {
  id: 1,
  kind: "book",
  title: "Principles of Accounting",
  author: "R. L. Gupta",
  isbn: "9780306406157",
  publisher: "Sultan Chand",
  year: 2019,
  category: "Commerce",
  shelf: "C-12",
  copies: 3,
  onLoan: 1,
  available: 2,
  programmeId: null,
  programmeName: null,
  source: null,
  url: null,
  fileName: null,
  sizeBytes: null,
  archived: false,
  updatedAt: "2026-11-20T10:00:00.000Z",
  version: "v1",
};
const PDF: OfficeItem = {
  ...BOOK,
  id: 2,
  kind: "eresource",
  title: "Cost Accounting Notes",
  author: null,
  isbn: null,
  shelf: null,
  copies: null,
  onLoan: null,
  available: null,
  programmeId: 4,
  programmeName: "BBA",
  source: "file",
  url: "/api/library/eresources/2/file",
  fileName: "cost-notes.pdf",
  sizeBytes: 1200,
};

const OVERVIEW: RouterOutputs["library"]["overview"] = {
  counts: { titles: 2, copiesAvailable: 2, onLoan: 1, overdue: 1 },
  categories: ["Commerce"],
  programmes: [{ id: 4, name: "BBA" }],
  today: "2026-11-22",
  defaultDueOn: "2026-12-06",
  latestDueOn: "2027-11-22",
};

describe("the office's library (issue 18)", () => {
  test("counters, the catalogue from the server, searched and filtered through the URL", async () => {
    const { sent, path } = renderAdmin("/admin/library", {
      "library.overview": () => OVERVIEW,
      "library.items": () => ({ items: [BOOK, PDF], pagination: pagination(2) }),
    });
    await screen.findByRole("heading", { level: 1, name: "Library" });
    for (const [label, value] of [
      ["Titles", "2"],
      ["Copies on the shelf", "2"],
      ["On loan", "1"],
      ["Overdue", "1"],
    ] as const) {
      await waitFor(() => expect(within(screen.getByRole("group", { name: label })).getByText(value)).toBeTruthy());
    }
    const table = await screen.findByRole("table", { name: "The library's catalogue" });
    const book = within(table).getByText("Principles of Accounting").closest("tr")!;
    expect(within(book).getByText("2 of 3 on the shelf")).toBeTruthy();
    expect(within(book).getByText("Shelf C-12")).toBeTruthy();
    expect(within(book).getByRole("button", { name: "Lend: Principles of Accounting" })).toBeTruthy();
    const pdf = within(table).getByText("Cost Accounting Notes").closest("tr")!;
    expect(within(pdf).getByText("E-resource · PDF")).toBeTruthy();
    expect(within(pdf).getByText("BBA")).toBeTruthy();
    expect(within(pdf).queryByRole("button", { name: /^Lend/ })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("2 entries found");

    fireEvent.change(screen.getByRole("searchbox", { name: "Search the catalogue" }), { target: { value: "gupta" } });
    await waitFor(() => expect(sent("library.items").at(-1)).toMatchObject({ search: "gupta", page: 1 }));
    fireEvent.change(screen.getByRole("combobox", { name: "Availability" }), { target: { value: "out" } });
    await waitFor(() => expect(sent("library.items").at(-1)).toMatchObject({ search: "gupta", availability: "out", kind: "all" }));
    expect(path()).toBe("/admin/library?search=gupta&availability=out");
    fireEvent.change(screen.getByRole("combobox", { name: "Kind" }), { target: { value: "eresource" } });
    await waitFor(() => expect(sent("library.items").at(-1)).toMatchObject({ kind: "eresource", availability: "out" }));
  });

  test("a new book: the schema's messages beside the fields (a wrong ISBN), then saved and announced", async () => {
    const created: unknown[] = [];
    renderAdmin("/admin/library", {
      "library.overview": () => OVERVIEW,
      "library.items": () => ({ items: [], pagination: pagination(0) }),
      "library.create": (input) => {
        created.push(input);
        return { message: "Business Law was added to the library.", item: { ...BOOK, title: "Business Law" } };
      },
    });
    expect(await screen.findByText("The library is empty")).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Add a book" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add a book" });
    fireEvent.change(within(dialog).getByLabelText(/^ISBN/), { target: { value: "978-0-306-40615-8" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Title is required.")).toBeTruthy();
    expect(within(dialog).getByText("This ISBN's check digit does not match: please check it for a typing mistake.")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Title/));
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: "Business Law" } });
    fireEvent.change(within(dialog).getByLabelText(/^ISBN/), { target: { value: "978-0-306-40615-7" } });
    fireEvent.change(within(dialog).getByLabelText(/^Copies/), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Business Law was added to the library.")).toBeTruthy();
    expect(created).toEqual([expect.objectContaining({ kind: "book", title: "Business Law", isbn: "978-0-306-40615-7", copies: "2" })]);
  });

  test("an edit says what it was filled from; a colleague's save since is refused with the server's words, the form kept (walk 16b)", async () => {
    const { sent } = renderAdmin("/admin/library", {
      "library.overview": () => OVERVIEW,
      "library.items": () => ({ items: [BOOK], pagination: pagination(1) }),
      "library.update": () => new TrpcFailure("Someone else changed this entry after you opened the form.", 409),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit: Principles of Accounting" }));
    const dialog = await screen.findByRole("dialog", { name: /Principles of Accounting/ });
    fireEvent.change(within(dialog).getByLabelText(/^Copies/), { target: { value: "4" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await within(dialog).findByText("Someone else changed this entry after you opened the form.");
    expect(sent("library.update")).toEqual([expect.objectContaining({ id: 1, kind: "book", version: "v1", copies: "4" })]);
    expect((within(dialog).getByLabelText(/^Copies/) as HTMLInputElement).value).toBe("4");
  });

  test("lending: the Student ID and the default due date are sent; the server's refusal shows beside the field", async () => {
    const issued: unknown[] = [];
    renderAdmin("/admin/library", {
      "library.overview": () => OVERVIEW,
      "library.items": () => ({ items: [BOOK], pagination: pagination(1) }),
      "library.issue": (input) => {
        issued.push(input);
        return input.studentId === "STU0009"
          ? new TrpcFailure("No student has the Student ID STU0009.", 400, { studentId: ["No student has the Student ID STU0009."] })
          : {
              message: "Principles of Accounting was lent to Priya (STU0001), due back on 6 Dec 2026.",
              loan: { id: 9, dueOn: "2026-12-06" },
            };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Lend: Principles of Accounting" }));
    const dialog = await screen.findByRole("dialog", { name: "Lend Principles of Accounting" });
    expect(within(dialog).getByText("2 of 3 copies are on the shelf.")).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Due back on/) as HTMLInputElement).value).toBe("2026-12-06");
    fireEvent.change(within(dialog).getByLabelText(/^Student ID/), { target: { value: "STU0009" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Lend" }));
    expect(await within(dialog).findByText("No student has the Student ID STU0009.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Student ID/), { target: { value: "STU0001" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Lend" }));
    expect(await screen.findByText("Principles of Accounting was lent to Priya (STU0001), due back on 6 Dec 2026.")).toBeTruthy();
    expect(issued).toEqual([
      { bookId: 1, studentId: "STU0009", dueOn: "2026-12-06" },
      { bookId: 1, studentId: "STU0001", dueOn: "2026-12-06" },
    ]);
  });

  test("lending refused because a colleague lent the copy meanwhile: the catalogue is read again and the dialog drops its count (twelfth walk)", async () => {
    let lentMeanwhile = false;
    const { sent } = renderAdmin("/admin/library", {
      "library.overview": () => OVERVIEW,
      "library.items": () => ({ items: [lentMeanwhile ? { ...BOOK, available: 0 } : BOOK], pagination: pagination(1) }),
      "library.issue": () => {
        lentMeanwhile = true;
        return new TrpcFailure("The only copy of Principles of Accounting is on loan.", 409);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Lend: Principles of Accounting" }));
    const dialog = await screen.findByRole("dialog", { name: "Lend Principles of Accounting" });
    expect(within(dialog).getByText("2 of 3 copies are on the shelf.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Student ID/), { target: { value: "STU0002" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Lend" }));
    expect(await within(dialog).findByText("The only copy of Principles of Accounting is on loan.")).toBeTruthy();
    expect(within(dialog).queryByText("2 of 3 copies are on the shelf.")).toBeNull();
    await waitFor(() => expect(sent("library.items").length).toBeGreaterThan(1));
  });

  test("a double click on Save or Lend sends once while the first call is on its way", async () => {
    const { sent } = renderAdmin("/admin/library", {
      "library.overview": () => OVERVIEW,
      "library.items": () => ({ items: [BOOK], pagination: pagination(1) }),
      "library.create": neverAnswers,
      "library.issue": neverAnswers,
    });
    fireEvent.click((await screen.findAllByRole("button", { name: "Add a book" }))[0]!);
    let dialog = await screen.findByRole("dialog", { name: "Add a book" });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: "Business Law" } });
    fireEvent.change(within(dialog).getByLabelText(/^Copies/), { target: { value: "2" } });
    const save = within(dialog).getByRole("button", { name: "Save" });
    await doubleClickSendsOnce(save, () => sent("library.create"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    fireEvent.click(await screen.findByRole("button", { name: "Lend: Principles of Accounting" }));
    dialog = await screen.findByRole("dialog", { name: "Lend Principles of Accounting" });
    fireEvent.change(within(dialog).getByLabelText(/^Student ID/), { target: { value: "STU0001" } });
    const lend = within(dialog).getByRole("button", { name: "Lend" });
    await doubleClickSendsOnce(lend, () => sent("library.issue"));
    expect(sent("library.create")).toHaveLength(1);
  });

  test("the loans: out now by default, overdue marked; Return asks first and then marks it returned", async () => {
    const returned: unknown[] = [];
    const loan: RouterOutputs["library"]["loans"]["loans"][number] = {
      id: 5,
      bookId: 1,
      title: "Principles of Accounting",
      author: "R. L. Gupta",
      student: { id: 2, name: "Priya Sharma", studentId: "STU0001" },
      // 01:30 on 2 November in India, still 1 November in UTC (this test's device).
      issuedAt: "2026-11-01T20:00:00.000Z",
      issuedLocal: "2026-11-02T01:30",
      dueOn: "2026-11-15",
      returnedAt: null,
      returnedLocal: null,
      daysLate: null,
      standing: "overdue",
      renewals: 0,
      renewable: false,
    };
    // Another, returned three days after its due day (walk 17: nothing said it was late).
    const late = {
      ...loan,
      id: 6,
      student: { id: 3, name: "Ravi Kumar", studentId: "STU0002" },
      returnedAt: "2026-11-18T06:00:00.000Z",
      returnedLocal: "2026-11-18T11:30",
      daysLate: 3,
      standing: null,
    };
    // One due soon, renewed once already: it can be renewed again.
    const renewable = {
      ...loan,
      id: 9,
      student: { id: 4, name: "Meena Iyer", studentId: "STU0004" },
      dueOn: "2026-11-24",
      standing: "dueSoon" as const,
      renewals: 1,
      renewable: true,
    };
    const { sent } = renderAdmin("/admin/library/loans", {
      "library.overview": () => OVERVIEW,
      "library.loans": () => ({ loans: [loan, late, renewable], pagination: pagination(3), today: "2026-11-22" }),
      "library.returnLoan": (input) => {
        returned.push(input);
        return { message: "Principles of Accounting was received back from Priya Sharma." };
      },
      "library.renew": () => ({ message: "Principles of Accounting is now due back on 6 Dec 2026.", loan: { id: 9, dueOn: "2026-12-06" } }),
    });
    const table = await screen.findByRole("table", { name: "Books lent to students" });
    const row = (await within(table).findByText("Priya Sharma")).closest("tr")!;
    expect(within(row).getByText("Overdue")).toBeTruthy();
    expect(within(row).getByText("STU0001")).toBeTruthy();
    // Lent on the institute's calendar day (decision 023, third round).
    expect(within(row).getByText("2 Nov 2026")).toBeTruthy();
    const lateRow = within(table).getByText("Ravi Kumar").closest("tr")!;
    expect(within(lateRow).getByText("3 days late")).toBeTruthy();
    expect(within(row).queryByText(/days? late/)).toBeNull();
    expect(sent("library.loans")[0]).toMatchObject({ status: "out", page: 1 });
    expect(screen.getByRole("link", { name: "Loans" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(row).getByRole("button", { name: "Mark returned: Principles of Accounting from Priya Sharma" }));
    const confirm = await screen.findByRole("dialog", { name: "Receive the book back?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Mark returned" }));
    expect(await screen.findByText("Principles of Accounting was received back from Priya Sharma.")).toBeTruthy();
    expect(returned).toEqual([{ id: 5 }]);

    // Renew: only where the rules allow (not the overdue loan), asked first with the new due day.
    expect(within(row).queryByRole("button", { name: /^Renew/ })).toBeNull();
    const renewRow = within(table).getByText("Meena Iyer").closest("tr")!;
    expect(within(renewRow).getByText("Renewed once")).toBeTruthy();
    fireEvent.click(within(renewRow).getByRole("button", { name: "Renew: Principles of Accounting for Meena Iyer" }));
    const ask = await screen.findByRole("dialog", { name: "Renew the loan?" });
    expect(ask.textContent).toContain("will be due back on 6 December 2026: 14 days from today.");
    fireEvent.click(within(ask).getByRole("button", { name: "Renew" }));
    expect(await screen.findByText("Principles of Accounting is now due back on 6 Dec 2026.")).toBeTruthy();
    expect(sent("library.renew")).toEqual([{ id: 9 }]);
    await waitFor(() => expect(document.activeElement?.id).toBe("library-return-9"));
  });
});

const ITEMS: CatalogueItem[] = [
  {
    id: 1,
    kind: "book",
    title: "Principles of Accounting",
    author: "R. L. Gupta",
    isbn: "9780306406157",
    publisher: null,
    year: 2019,
    category: "Commerce",
    shelf: "C-12",
    copies: 3,
    onLoan: 3,
    available: 0,
    programmeId: null,
    programmeName: null,
    source: null,
    url: null,
    fileName: null,
    sizeBytes: null,
  },
  {
    id: 2,
    kind: "eresource",
    title: "Cost Accounting Notes",
    author: null,
    isbn: null,
    publisher: null,
    year: null,
    category: null,
    shelf: null,
    copies: null,
    onLoan: null,
    available: null,
    programmeId: 4,
    programmeName: "BBA",
    source: "file",
    url: "/api/library/eresources/2/file",
    fileName: "cost-notes.pdf",
    sizeBytes: 1200,
  },
  {
    id: 3,
    kind: "eresource",
    title: "Open Economics",
    author: null,
    isbn: null,
    publisher: null,
    year: null,
    category: null,
    shelf: null,
    copies: null,
    onLoan: null,
    available: null,
    programmeId: null,
    programmeName: null,
    source: "link",
    url: "https://example.org/economics",
    fileName: null,
    sizeBytes: null,
  },
];

const STUDENT_HANDLERS = {
  "library.mine": () => ({
    today: "2026-11-22",
    loans: [
      {
        id: 1,
        title: "Business Law",
        author: "N. D. Kapoor",
        shelf: null,
        issuedAt: "2026-11-01T06:00:00.000Z",
        dueOn: "2026-11-20",
        standing: "overdue" as const,
        renewals: 0,
        renewable: false,
      },
      {
        id: 2,
        title: "Marketing",
        author: null,
        shelf: null,
        issuedAt: "2026-11-10T06:00:00.000Z",
        dueOn: "2026-11-24",
        standing: "dueSoon" as const,
        renewals: 1,
        renewable: true,
      },
      {
        id: 3,
        title: "Statistics",
        author: null,
        shelf: null,
        issuedAt: "2026-11-20T06:00:00.000Z",
        dueOn: "2026-12-04",
        standing: "onTime" as const,
        renewals: 2,
        renewable: false,
      },
    ],
  }),
  "library.history": () => ({
    loans: [
      {
        id: 7,
        title: "Economics",
        author: null,
        // On the institute's clock 1 and 12 October, 30 September and 11 October in UTC (this test's device).
        issuedAt: "2026-09-30T20:00:00.000Z",
        issuedLocal: "2026-10-01T01:30",
        dueOn: "2026-10-15",
        returnedAt: "2026-10-11T19:00:00.000Z",
        returnedLocal: "2026-10-12T00:30",
        daysLate: 0,
      },
      {
        id: 8,
        title: "Business Law",
        author: null,
        issuedAt: "2026-09-01T05:00:00.000Z",
        issuedLocal: "2026-09-01T10:30",
        dueOn: "2026-09-15",
        returnedAt: "2026-09-26T05:00:00.000Z",
        returnedLocal: "2026-09-26T10:30",
        daysLate: 11,
      },
    ],
    pagination: pagination(2, 1, 5),
  }),
  "library.catalogue": () => ({ items: ITEMS, pagination: pagination(3) }),
};

describe("the student's library (issue 18)", () => {
  test("loans with their due dates and badges, the catalogue with availability, and returned books", async () => {
    renderStudentAt("/student/library", STUDENT_HANDLERS);
    await screen.findByRole("heading", { level: 1, name: "Library" });
    const loans = await screen.findByRole("list", { name: "Books on loan" });
    const [overdue, soon, onTime] = within(loans).getAllByRole("listitem");
    expect(within(overdue!).getByText("Business Law")).toBeTruthy();
    expect(within(overdue!).getByText("Overdue")).toBeTruthy();
    expect(within(overdue!).getByText("20 November 2026")).toBeTruthy();
    expect(within(soon!).getByText("Due soon")).toBeTruthy();
    expect(within(onTime!).queryByText(/Overdue|Due soon/)).toBeNull();
    expect(screen.getByText("3 books on loan · 1 due soon · 1 overdue")).toBeTruthy();
    expect(screen.getByText(/past its due date/)).toBeTruthy();

    const results = await screen.findByRole("list", { name: "Catalogue entries" });
    const [book, pdf, link] = within(results).getAllByRole("listitem");
    expect(within(book!).getByText("All copies on loan")).toBeTruthy();
    expect(within(pdf!).getByText("For BBA students")).toBeTruthy();
    expect(within(pdf!).getByRole("button", { name: "Download Cost Accounting Notes" })).toBeTruthy();
    const open = within(link!).getByRole("link", { name: "Open Open Economics (opens a new tab)" });
    expect(open.getAttribute("href")).toBe("https://example.org/economics");
    expect(open.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByText("3 entries found")).toBeTruthy();

    const returned = screen.getByRole("list", { name: "Books you returned" });
    expect(within(returned).getByText("Economics")).toBeTruthy();
    expect(within(returned).getByText("Borrowed 1 Oct 2026 · returned 12 Oct 2026")).toBeTruthy();
    expect(within(returned).getByText("Borrowed 1 Sept 2026 · returned 26 Sept 2026 · 11 days late")).toBeTruthy();
  });

  test("Renew shows where the rules allow, asks with the new due day, and the server's answer shows", async () => {
    const { sent } = renderStudentAt("/student/library", {
      ...STUDENT_HANDLERS,
      "library.renewMine": () => ({ message: "Marketing is now due back on 6 Dec 2026.", loan: { id: 2, dueOn: "2026-12-06" } }),
    });
    const loans = await screen.findByRole("list", { name: "Books on loan" });
    const [overdue, soon, renewedTwice] = within(loans).getAllByRole("listitem");
    // Overdue goes back to the counter; renewed twice has reached the limit.
    expect(within(overdue!).queryByRole("button", { name: /^Renew/ })).toBeNull();
    expect(within(renewedTwice!).queryByRole("button", { name: /^Renew/ })).toBeNull();
    expect(within(renewedTwice!).getByText("Renewed 2 times")).toBeTruthy();
    expect(screen.getByText(/each loan can be renewed 2 times, if it is not overdue/)).toBeTruthy();
    fireEvent.click(within(soon!).getByRole("button", { name: "Renew Marketing" }));
    const ask = await screen.findByRole("dialog", { name: "Renew this book?" });
    expect(ask.textContent).toContain("Marketing will be due back on 6 December 2026: 14 days from today.");
    fireEvent.click(within(ask).getByRole("button", { name: "Renew" }));
    expect(await screen.findByText("Marketing is now due back on 6 Dec 2026.")).toBeTruthy();
    expect(sent("library.renewMine")).toEqual([{ id: 2 }]);
    // Its Renew goes once read again: the focus is on the loan, with its new day (walk 22c).
    await waitFor(() => expect(document.activeElement?.id).toBe("library-loan-2"));
  });

  test("the search and filters go to the server; an e-resource's PDF downloads with the session's token", async () => {
    const download = catchDownloads("%PDF-1.4", {
      "Content-Type": "application/pdf",
      "Content-Disposition": "attachment; filename*=UTF-8''cost-notes.pdf",
    });
    try {
      const { sent, path } = renderStudentAt("/student/library", STUDENT_HANDLERS);
      fireEvent.change(await screen.findByRole("searchbox", { name: "Search the catalogue" }), { target: { value: "cost" } });
      await waitFor(() => expect(sent("library.catalogue").at(-1)).toMatchObject({ search: "cost", page: 1 }));
      fireEvent.change(screen.getByRole("combobox", { name: "Show" }), { target: { value: "eresource" } });
      await waitFor(() => expect(sent("library.catalogue").at(-1)).toMatchObject({ search: "cost", kind: "eresource" }));
      // In the address, as the office's library keeps them: a reload or Back shows the same results (walk 27b).
      expect(path()).toBe("/student/library?search=cost&kind=eresource");
      // Longer than a search may be: said beside the box, and nothing is sent, typed or submitted.
      const box = screen.getByRole("searchbox", { name: "Search the catalogue" });
      const calls = sent("library.catalogue").length;
      fireEvent.change(box, { target: { value: "c".repeat(101) } });
      fireEvent.submit(box.closest("form")!);
      await new Promise((r) => setTimeout(r, 400));
      expect(sent("library.catalogue")).toHaveLength(calls);
      expect(document.getElementById("library-catalogue-search-error")?.textContent).toBe("Must be at most 100 characters");
      fireEvent.change(box, { target: { value: "cost" } });
      fireEvent.click(await screen.findByRole("button", { name: "Download Cost Accounting Notes" }));
      expect(await screen.findByText("cost-notes.pdf was saved to your Downloads folder.")).toBeTruthy();
      expect(download.requests).toMatchObject([{ url: "/api/library/eresources/2/file", auth: "Bearer stored-token" }]);
      expect(download.saved).toEqual(["cost-notes.pdf"]);
    } finally {
      download.restore();
    }
  });

  test("an address with a search, filters and a page opens the catalogue so (a reload, Back from another page: walk 27b)", async () => {
    const { sent } = renderStudentAt("/student/library?search=cost&kind=book&availability=available&page=2", STUDENT_HANDLERS);
    await waitFor(() =>
      expect(sent("library.catalogue").at(-1)).toMatchObject({ search: "cost", kind: "book", availability: "available", page: 2 }),
    );
    expect((screen.getByRole("searchbox", { name: "Search the catalogue" }) as HTMLInputElement).value).toBe("cost");
  });

  test("Back to an earlier search: the box follows the address, and does not send what it held over it", async () => {
    const { sent, path, navigate } = renderStudentAt("/student/library?search=cost&kind=book", STUDENT_HANDLERS);
    const box = (await screen.findByRole("searchbox", { name: "Search the catalogue" })) as HTMLInputElement;
    fireEvent.change(box, { target: { value: "marketing" } });
    await waitFor(() => expect(sent("library.catalogue").at(-1)).toMatchObject({ search: "marketing" }));
    const before = sent("library.catalogue").length;
    act(() => navigate("/student/library?search=cost&kind=book"));
    await waitFor(() => expect(box.value).toBe("cost"));
    await new Promise((r) => setTimeout(r, 400));
    expect(path()).toBe("/student/library?search=cost&kind=book");
    expect(sent("library.catalogue").slice(before)).not.toContainEqual(expect.objectContaining({ search: "marketing" }));
  });

  test("nothing on loan and nothing returned: says so, and how to borrow", async () => {
    renderStudentAt("/student/library", {
      "library.mine": () => ({ today: "2026-11-22", loans: [] }),
      "library.history": () => ({ loans: [], pagination: pagination(0, 1, 5) }),
      "library.catalogue": () => ({ items: [], pagination: pagination(0) }),
    });
    expect(await screen.findByText("No books on loan")).toBeTruthy();
    expect(screen.getByText(/Borrow a printed book at the library counter/)).toBeTruthy();
    expect(await screen.findByText("The catalogue is empty for now")).toBeTruthy();
    expect(await screen.findByText("Books you return are listed here.")).toBeTruthy();
  });
});
