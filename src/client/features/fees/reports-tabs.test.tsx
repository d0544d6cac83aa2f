import { afterEach, describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { formatTime } from "../../lib/format.ts";
import { doubleClickSendsOnce } from "../../lib/one-at-a-time-testing.ts";
import { catchDownloads, STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "../../studies-pages.ts";

withClientTestRules();

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

type Dues = RouterOutputs["feeReports"]["dues"];
type Due = Dues["dues"][number];
type Collections = RouterOutputs["feeReports"]["collections"];

const ASHA: Due = {
  student: { id: 11, name: "Asha Patil", studentId: "STU0101", active: true },
  programme: "BBA",
  terms: [{ programme: "BBA", termUnit: "year", term: 1 }],
  instalments: 2,
  outstanding: 18_500_00,
  overdue: 9_500_00,
  oldestDue: "2026-11-01",
  standing: "overdue",
  lastReminder: null,
  remindedToday: false,
  items: [
    { id: 1, programme: "BBA", termUnit: "year", term: 1, number: 1, dueOn: "2026-11-01", outstanding: 9_500_00, overdue: true },
    { id: 2, programme: "BBA", termUnit: "year", term: 1, number: 2, dueOn: "2027-02-01", outstanding: 9_000_00, overdue: false },
  ],
};
const MEERA: Due = {
  student: { id: 12, name: "Meera Joshi", studentId: "STU0103", active: false },
  programme: "B.Com",
  terms: [{ programme: "B.Com", termUnit: "semester", term: 2 }],
  instalments: 1,
  outstanding: 4_000_50,
  overdue: 0,
  oldestDue: "2026-11-27",
  standing: "soon",
  lastReminder: "2026-11-20T05:00:00.000Z",
  remindedToday: false,
  items: [
    { id: 3, programme: "B.Com", termUnit: "semester", term: 2, number: 1, dueOn: "2026-11-27", outstanding: 4_000_50, overdue: false },
  ],
};

const dues = (rows: Due[], totals: Partial<Dues["totals"]> = {}): Dues => ({
  today: "2026-11-22",
  totals: { students: rows.length, overdueStudents: 1, outstanding: 22_500_50, overdue: 9_500_00, ...totals },
  dues: rows,
  pagination: pagination(rows.length, 1, 20),
});
const PROGRAMMES = {
  programmes: [
    { id: 4, name: "BBA" },
    { id: 5, name: "B.Com" },
  ],
};

describe("the dues tab (issue 19)", () => {
  test("totals, the students owing with what they owe, overdue first; search and filters go to the server through the address", async () => {
    const { sent, path } = renderAdmin(
      "/admin/fees?tab=dues",
      { "feeReports.dues": () => dues([ASHA, MEERA]), "feeReports.programmes": () => PROGRAMMES },
      STAFF,
    );
    const table = await screen.findByRole("table", { name: "Students who owe fees, overdue first" });
    for (const [label, value] of [
      ["Students owing", "2"],
      ["Total outstanding", "₹22,500.50"],
      ["Of which overdue", "₹9,500"],
    ] as const) {
      await waitFor(() => expect(within(screen.getByRole("group", { name: label })).getByText(value)).toBeTruthy());
    }
    expect(within(screen.getByRole("group", { name: "Students owing" })).getByText("1 student overdue")).toBeTruthy();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["Asha PatilSTU0101", "Meera JoshiSTU0103Inactive"]);
    const asha = rows[0]!;
    // The term as the programme's fee period names it, as the student's own fees page does (QA3 9).
    expect(within(asha).getByText("Year 1")).toBeTruthy();
    expect(within(asha).getByText("2 instalments")).toBeTruthy();
    expect(within(asha).getByText("₹18,500")).toBeTruthy();
    expect(within(asha).getByText("₹9,500 overdue")).toBeTruthy();
    expect(within(asha).getByText("1 Nov 2026")).toBeTruthy();
    expect(within(asha).getByText("Overdue")).toBeTruthy();
    expect(within(asha).getByText("Never")).toBeTruthy();
    expect(
      within(within(asha).getByRole("list", { name: "What is owed" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Year 1 · Instalment 1: ₹9,500, due 1 Nov 2026", "Year 1 · Instalment 2: ₹9,000, due 1 Feb 2027"]);
    const meera = rows[1]!;
    expect(within(meera).getByText("Semester 2")).toBeTruthy();
    expect(within(within(meera).getByRole("list", { name: "What is owed" })).getByRole("listitem").textContent).toBe(
      "Semester 2 · Instalment 1: ₹4,000.50, due 27 Nov 2026",
    );
    expect(within(meera).getByText("Due soon")).toBeTruthy();
    expect((within(meera).getByRole("button", { name: "Remind Meera Joshi" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("2 students owe fees");
    expect(sent("feeReports.dues")[0]).toEqual({ page: 1, limit: 20, search: "", status: "all", programme: "" });

    fireEvent.change(screen.getByRole("searchbox", { name: "Search students who owe fees" }), { target: { value: "asha" } });
    await waitFor(() => expect(sent("feeReports.dues").at(-1)).toMatchObject({ search: "asha", page: 1 }));
    fireEvent.change(screen.getByRole("combobox", { name: "Which dues" }), { target: { value: "overdue" } });
    await waitFor(() => expect(sent("feeReports.dues").at(-1)).toMatchObject({ search: "asha", status: "overdue" }));
    await waitFor(() => expect(screen.getByRole("option", { name: "B.Com" })).toBeTruthy());
    fireEvent.change(screen.getByRole("combobox", { name: "Programme" }), { target: { value: "5" } });
    await waitFor(() => expect(sent("feeReports.dues").at(-1)).toMatchObject({ search: "asha", status: "overdue", programme: "5" }));
    expect(path()).toBe("/admin/fees?tab=dues&search=asha&status=overdue&programme=5");
  });

  test("Remind sends one student's reminder and says so; a refusal is shown", async () => {
    const reminded: unknown[] = [];
    let refuse = false;
    renderAdmin("/admin/fees?tab=dues", {
      "feeReports.dues": () => dues([ASHA]),
      "feeReports.programmes": () => PROGRAMMES,
      "feeReports.remind": (input) => {
        reminded.push(input);
        return refuse
          ? new TrpcFailure("Asha Patil owes nothing now.", 409)
          : { message: "A reminder of ₹18,500 went to Asha Patil by e-mail and in the portal." };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Remind Asha Patil" }));
    expect(await screen.findByText("A reminder of ₹18,500 went to Asha Patil by e-mail and in the portal.")).toBeTruthy();
    expect(reminded).toEqual([{ userId: 11 }]);
    refuse = true;
    fireEvent.click(screen.getByRole("button", { name: "Remind Asha Patil" }));
    expect(await screen.findByText("Asha Patil owes nothing now.")).toBeTruthy();
  });

  test("a double click on Remind sends one reminder; one already sent today is asked about before another (seventh walk)", async () => {
    const reminded: unknown[] = [];
    let remindedToday = false;
    renderAdmin("/admin/fees?tab=dues", {
      "feeReports.dues": () => dues([{ ...ASHA, lastReminder: remindedToday ? "2026-11-22T05:12:00.000Z" : null, remindedToday }]),
      "feeReports.programmes": () => PROGRAMMES,
      "feeReports.remind": (input) => {
        reminded.push(input);
        remindedToday = true;
        return { message: "A reminder of ₹18,500 went to Asha Patil by e-mail and in the portal." };
      },
    });
    await doubleClickSendsOnce(await screen.findByRole("button", { name: "Remind Asha Patil" }), () => reminded);
    // Now reminded today: the next Remind asks, with the time it went on the institute's clock.
    await screen.findByText("A reminder of ₹18,500 went to Asha Patil by e-mail and in the portal.");
    await waitFor(() => expect(screen.queryByText("Never")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Remind Asha Patil" }));
    const dialog = await screen.findByRole("dialog", { name: "Remind Asha Patil again?" });
    expect(dialog.textContent).toContain(`A reminder went today at ${formatTime("2026-11-22T05:12:00.000Z")}.`);
    expect(reminded).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send again" }));
    await waitFor(() => expect(reminded).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The first asks nothing of the server; "Send again" says it was asked (walk 16b: the server refuses a second without it).
    expect(reminded).toEqual([{ userId: 11 }, { userId: 11, again: true }]);
  });

  test("a colleague's reminder went first: the refusal is said, the list read again, and the next Remind asks (walk 16b)", async () => {
    let remindedToday = false;
    const { sent } = renderAdmin("/admin/fees?tab=dues", {
      "feeReports.dues": () => dues([{ ...ASHA, lastReminder: remindedToday ? "2026-11-22T05:12:00.000Z" : null, remindedToday }]),
      "feeReports.programmes": () => PROGRAMMES,
      "feeReports.remind": () => {
        remindedToday = true;
        return new TrpcFailure("Asha Patil was already sent a fee reminder today.", 409);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Remind Asha Patil" }));
    expect(await screen.findByText("Asha Patil was already sent a fee reminder today.")).toBeTruthy();
    await waitFor(() => expect(sent("feeReports.dues").length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.queryByText("Never")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Remind Asha Patil" }));
    expect(await screen.findByRole("dialog", { name: "Remind Asha Patil again?" })).toBeTruthy();
  });

  test("the dues as filtered download as CSV with the session's token (walk 32a)", async () => {
    const download = catchDownloads("Student ID\r\n", {
      "Content-Type": "text/csv",
      "Content-Disposition": 'attachment; filename="fee-dues-2026-11-22.csv"',
    });
    try {
      renderAdmin("/admin/fees?tab=dues&status=overdue&search=pat&programme=4", {
        "feeReports.dues": () => dues([ASHA], { overdueStudents: 1 }),
        "feeReports.programmes": () => PROGRAMMES,
      });
      const button = (await screen.findByRole("button", { name: "Download dues (CSV)" })) as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(false));
      fireEvent.click(button);
      expect(await screen.findByText("fee-dues-2026-11-22.csv is downloaded.")).toBeTruthy();
      expect(download.requests).toMatchObject([
        { url: "/api/fees/reports/dues.csv?status=overdue&search=pat&programme=4", auth: "Bearer stored-token" },
      ]);
    } finally {
      download.restore();
    }
  });

  test("Remind all overdue asks first, for the list as filtered, and reports how many", async () => {
    const asked: unknown[] = [];
    const { sent } = renderAdmin("/admin/fees?tab=dues&search=pat&programme=4", {
      "feeReports.dues": () => dues([ASHA], { overdueStudents: 3 }),
      "feeReports.programmes": () => PROGRAMMES,
      "feeReports.remindOverdue": (input) => {
        asked.push(input);
        return {
          reminded: 2,
          skipped: 1,
          message: "Reminders went to 2 students with overdue fees; 1 skipped (reminded today already, or inactive).",
        };
      },
    });
    const remindAll = (await screen.findByRole("button", { name: "Remind all overdue" })) as HTMLButtonElement;
    await waitFor(() => expect(remindAll.disabled).toBe(false));
    fireEvent.click(remindAll);
    const dialog = await screen.findByRole("dialog", { name: "Remind every student with overdue fees?" });
    expect(within(dialog).getByText(/Each of the 3 students in this list with something overdue/)).toBeTruthy();
    expect(asked).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send reminders" }));
    expect(
      await screen.findByText("Reminders went to 2 students with overdue fees; 1 skipped (reminded today already, or inactive)."),
    ).toBeTruthy();
    expect(asked).toEqual([{ search: "pat", programme: "4" }]);
    await waitFor(() => expect(sent("feeReports.dues").length).toBeGreaterThan(1));
  });

  test("no fees raised at all yet: the empty list says where fees are raised, not that all is paid (walk 33a)", async () => {
    renderAdmin("/admin/fees?tab=dues", {
      "feeReports.dues": () => dues([], { students: 0, overdueStudents: 0, outstanding: 0, overdue: 0 }),
      "feeReports.programmes": () => ({ programmes: [] }),
    });
    expect(await screen.findByText("No fees raised yet")).toBeTruthy();
    expect(screen.getByText(/Fees are raised for a programme's term on the Fee plans tab/)).toBeTruthy();
    expect(screen.queryByText("Nobody owes anything")).toBeNull();
  });

  test("nothing owed, nothing matching, and a list that could not load", { timeout: 15_000 }, async () => {
    let fail = false;
    const { navigate } = renderAdmin("/admin/fees?tab=dues", {
      "feeReports.dues": () =>
        fail ? new TrpcFailure("boom", 500) : dues([], { students: 0, overdueStudents: 0, outstanding: 0, overdue: 0 }),
      "feeReports.programmes": () => PROGRAMMES,
    });
    expect(await screen.findByText("Nobody owes anything")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Remind all overdue" }) as HTMLButtonElement).disabled).toBe(true);
    act(() => navigate("/admin/fees?tab=dues&programme=4"));
    expect(await screen.findByText("No students match")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show everything owed" }));
    expect(await screen.findByText("Nobody owes anything")).toBeTruthy();
    fail = true;
    act(() => navigate("/admin/fees?tab=dues&search=zz"));
    // (a server error is tried twice more first)
    expect(await screen.findByText("The dues could not be loaded.", {}, { timeout: 8000 })).toBeTruthy();
  });
});

const COLLECTIONS: Collections = {
  today: "2026-11-22",
  range: { from: "2026-11-01", to: "2026-11-22" },
  by: "issued",
  presets: {
    today: { from: "2026-11-22", to: "2026-11-22" },
    month: { from: "2026-11-01", to: "2026-11-22" },
    year: { from: "2026-04-01", to: "2026-11-22" },
    lastYear: { from: "2025-04-01", to: "2026-03-31" },
  },
  total: 14_000_50,
  lateFees: 250_00,
  receipts: 3,
  byDay: [
    { day: "2026-11-20", receipts: 1, amount: 4_000_00 },
    { day: "2026-11-21", receipts: 2, amount: 10_000_50 },
  ],
  byProgramme: [
    { id: 4, name: "BBA", receipts: 2, amount: 9_000_00 },
    { id: 5, name: "B.Com", receipts: 1, amount: 5_000_50 },
  ],
  byMode: [
    { mode: "upi", receipts: 1, amount: 5_000_50 },
    { mode: "cash", receipts: 2, amount: 9_000_00 },
  ],
  csvUrl: "/api/fees/reports/receipts.csv?from=2026-11-01&to=2026-11-22",
};

describe("the collections tab (issue 19)", () => {
  test("this month by default: the total, by day, programme and mode; presets and a chosen range go to the server", async () => {
    const { sent, path } = renderAdmin("/admin/fees?tab=collections", {
      "feeReports.collections": (input) => ({
        ...COLLECTIONS,
        range: input.from ? { from: input.from, to: input.to ?? "" } : COLLECTIONS.range,
      }),
    });
    await waitFor(() => expect(within(screen.getByRole("group", { name: "Collected" })).getByText("₹14,000.50")).toBeTruthy());
    expect(within(screen.getByRole("group", { name: "Collected" })).getByText("1 Nov 2026 to 22 Nov 2026")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Receipts" })).getByText("3")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Of which late fees" })).getByText("₹250")).toBeTruthy();
    const byDay = screen.getByRole("table", { name: "By day" });
    expect(
      within(byDay)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["DayReceiptsAmount", "20 Nov 20261₹4,000", "21 Nov 20262₹10,000.50"]);
    const byMode = screen.getByRole("table", { name: "By mode" });
    expect(
      within(byMode)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["ModeReceiptsAmount", "UPI1₹5,000.50", "Cash2₹9,000"]);
    expect(within(screen.getByRole("table", { name: "By programme" })).getByText("B.Com")).toBeTruthy();
    expect(sent("feeReports.collections")[0]).toEqual({ by: "issued" });
    expect(screen.getByRole("button", { name: "This month" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("₹14,000.50 collected from 1 Nov 2026 to 22 Nov 2026");

    fireEvent.click(screen.getByRole("button", { name: "This financial year" }));
    await waitFor(() => expect(sent("feeReports.collections").at(-1)).toEqual({ from: "2026-04-01", to: "2026-11-22", by: "issued" }));
    expect(path()).toBe("/admin/fees?tab=collections&from=2026-04-01&to=2026-11-22");
    await waitFor(() => expect(screen.getByRole("button", { name: "This financial year" }).getAttribute("aria-pressed")).toBe("true"));
    // The last financial year, whole (walk 32a).
    fireEvent.click(screen.getByRole("button", { name: "Last financial year" }));
    await waitFor(() => expect(sent("feeReports.collections").at(-1)).toEqual({ from: "2025-04-01", to: "2026-03-31", by: "issued" }));

    // A range in the wrong order is refused beside the field, before asking the server.
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-30" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("The last day must be on or after the first day.")).toBeTruthy();
    const asked = sent("feeReports.collections").length;
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-12-15" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(sent("feeReports.collections").at(-1)).toEqual({ from: "2026-11-30", to: "2026-12-15", by: "issued" }));
    expect(sent("feeReports.collections").length).toBeGreaterThan(asked);
  });

  test("counted by the day the money was paid (walk 32a): in the address, asked of the server, its CSV and its empty words", async () => {
    const { sent, path } = renderAdmin("/admin/fees?tab=collections&from=2025-04-01&to=2026-03-31", {
      "feeReports.collections": (input) => ({
        ...COLLECTIONS,
        range: { from: input.from ?? "", to: input.to ?? "" },
        by: input.by ?? "issued",
        total: 0,
        receipts: 0,
        byDay: [],
        byProgramme: [],
        byMode: [],
      }),
    });
    const basis = (await screen.findByLabelText("Count each receipt on")) as HTMLSelectElement;
    expect(basis.value).toBe("issued");
    expect(screen.getByText(/counts in March by the day paid, and in April by the day issued/)).toBeTruthy();
    fireEvent.change(basis, { target: { value: "paid" } });
    await waitFor(() => expect(path()).toBe("/admin/fees?tab=collections&from=2025-04-01&to=2026-03-31&by=paid"));
    await waitFor(() => expect(sent("feeReports.collections").at(-1)).toEqual({ from: "2025-04-01", to: "2026-03-31", by: "paid" }));
    expect(
      await screen.findByText("Receipts (not cancelled) for money paid between 1 Apr 2025 and 31 Mar 2026 are counted here."),
    ).toBeTruthy();
  });

  test("the CSV of the range downloads with the session's token, under the server's name", async () => {
    const download = catchDownloads("Receipt number\r\n", {
      "Content-Type": "text/csv",
      "Content-Disposition": 'attachment; filename="fee-receipts-2026-11-01-to-2026-11-22.csv"',
    });
    try {
      renderAdmin("/admin/fees?tab=collections", { "feeReports.collections": () => COLLECTIONS });
      const button = await screen.findByRole("button", { name: "Download receipts (CSV)" });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(button);
      expect(await screen.findByText("fee-receipts-2026-11-01-to-2026-11-22.csv is downloaded.")).toBeTruthy();
      expect(download.requests).toMatchObject([{ url: COLLECTIONS.csvUrl, auth: "Bearer stored-token" }]);
      expect(download.saved).toEqual(["fee-receipts-2026-11-01-to-2026-11-22.csv"]);
    } finally {
      download.restore();
    }
  });

  test("nothing collected says so; a failure offers another try", { timeout: 15_000 }, async () => {
    let fail = true;
    renderAdmin("/admin/fees?tab=collections", {
      "feeReports.collections": () =>
        fail ? new TrpcFailure("boom", 500) : { ...COLLECTIONS, total: 0, receipts: 0, byDay: [], byProgramme: [], byMode: [] },
    });
    expect(await screen.findByText("The collections could not be loaded.", {}, { timeout: 8000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Nothing collected in these days")).toBeTruthy();
    expect(screen.getByText("Receipts issued between 1 Nov 2026 and 22 Nov 2026 (and not cancelled) are counted here.")).toBeTruthy();
  });
});
