import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { addDays } from "../../../shared/schemas/common.ts";
import { errorOf, pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { formatDate } from "../../lib/format.ts";
import { instituteToday } from "../../lib/institute-clock.ts";
import { catchDownloads, SITE_INFO, STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "../../studies-pages.ts";

withClientTestRules();

type Programme = RouterOutputs["feePlans"]["list"]["programmes"][number];
type Ledger = RouterOutputs["feeDesk"]["instalments"];
type Concession = RouterOutputs["feePlans"]["concessions"]["concessions"][number];

const BBA: Programme = {
  id: 17,
  name: "BBA",
  archived: false,
  version: "default",
  feePaise: 18_000_00,
  feePeriod: "year",
  instalments: 2,
  terms: 3,
  amounts: [9_000_00, 9_000_00],
  plan: { days: [0, 182], lateFee: 0, graceDays: 0, saved: false, stale: false, updatedAt: null },
  defaultDays: [0, 182],
  students: [{ term: 1, count: 42 }],
};
const PHD: Programme = {
  ...BBA,
  id: 24,
  name: "PhD",
  feePaise: null,
  amounts: null,
  version: "1x7kq2",
  plan: { days: [0, 90], lateFee: 500_00, graceDays: 7, saved: true, stale: false, updatedAt: "2026-11-20T10:00:00.000Z" },
  students: [],
};
const listAnswer = (programmes: Programme[]) => ({ programmes, pagination: pagination(programmes.length) });

/** BBA's raise of one student in `term`: one instalment on the term's first day. */
const onePreview = (term: number, amount: number, lateFee = 0, graceDays = 0) => ({
  programme: "BBA",
  term,
  termUnit: "year" as const,
  students: 1,
  already: 0,
  toRaise: 1,
  instalments: [{ number: 1, amount, day: 0 }],
  lateFee,
  graceDays,
});

describe("fee plans (issue 19)", () => {
  test("each programme's plan; an administrator edits one, checked with the shared rules before it is sent", async () => {
    const { sent } = renderAdmin("/admin/fees?tab=plans", {
      "feePlans.list": () => listAnswer([BBA, PHD]),
      "feePlans.save": () => ({
        message: "The fee plan of BBA is saved. Fees already raised keep their dates.",
        plan: { days: [0, 90], lateFee: 250_00, graceDays: 5, saved: true, stale: false, updatedAt: "2026-11-22T06:30:00.000Z" },
      }),
    });
    const table = await screen.findByRole("table", { name: "Programmes and their fee plans" });
    const bba = (await within(table).findByText("BBA")).closest("tr")!;
    expect(within(bba).getByText("₹18,000 for a year · 2 instalments")).toBeTruthy();
    expect(within(bba).getByText("Default")).toBeTruthy();
    expect(within(bba).getByText("Day 182")).toBeTruthy();
    const phd = within(table).getByText("PhD").closest("tr")!;
    expect(within(phd).getByText("Fee on request")).toBeTruthy();
    expect(within(phd).getByText("₹500 after 7 days' grace")).toBeTruthy();
    expect(within(phd).getByText("Set the fee in Programmes to raise it.")).toBeTruthy();
    expect(within(phd).queryByRole("button", { name: "Raise fees for PhD" })).toBeNull();

    fireEvent.click(within(bba).getByRole("button", { name: "Edit plan for BBA" }));
    const dialog = await screen.findByRole("dialog", { name: "Fee plan: BBA" });
    const second = within(dialog).getByLabelText(/^Instalment 2: days after the start/);
    fireEvent.change(second, { target: { value: "0" } });
    fireEvent.change(within(dialog).getByLabelText(/^Grace days/), { target: { value: "61" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" }));
    expect(await within(dialog).findByText("The due days must go up: each instalment falls due after the one before.")).toBeTruthy();
    expect(errorOf(within(dialog).getByLabelText(/^Grace days/))).toBe("Grace days must be a whole number from 0 to 60.");
    fireEvent.change(second, { target: { value: "400" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" }));
    await waitFor(() => expect(errorOf(second)).toBe("Enter a whole number of days from 0 to 365 after the term starts."));
    expect(sent("feePlans.save")).toEqual([]);

    fireEvent.change(second, { target: { value: "90" } });
    fireEvent.change(within(dialog).getByLabelText(/^Late fee/), { target: { value: "250" } });
    fireEvent.change(within(dialog).getByLabelText(/^Grace days/), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" }));
    await screen.findByText("The fee plan of BBA is saved. Fees already raised keep their dates.");
    // With the version it was opened from (stop 48).
    expect(sent("feePlans.save")).toEqual([{ programmeId: 17, version: "default", days: ["0", "90"], lateFee: "250", graceDays: "5" }]);
  });

  test("an archived programme listed for its students says so (walk 30a)", async () => {
    renderAdmin("/admin/fees?tab=plans", { "feePlans.list": () => listAnswer([{ ...BBA, archived: true }]) });
    const table = await screen.findByRole("table", { name: "Programmes and their fee plans" });
    const bba = (await within(table).findByText("BBA")).closest("tr")!;
    expect(within(bba).getByText("Archived: listed for the students it still has")).toBeTruthy();
    expect(within(bba).getByText("₹18,000 for a year · 2 instalments")).toBeTruthy();
  });

  test("a saved plan's form sends the version it was opened from; a colleague's save since is refused with its words, the typed days kept (stop 48)", async () => {
    const changed =
      "Someone else saved the plan of BBA after you opened the form, so your save would undo their change. Nothing was saved: close the form, open it again to see the plan as it is now, then make your change.";
    const saved: Programme = { ...BBA, version: "k3v9", plan: { ...BBA.plan, days: [0, 90], lateFee: 250_00, graceDays: 5, saved: true } };
    const { sent } = renderAdmin("/admin/fees?tab=plans", {
      "feePlans.list": () => listAnswer([saved]),
      "feePlans.save": () => new TrpcFailure(changed, 409),
    });
    const table = await screen.findByRole("table", { name: "Programmes and their fee plans" });
    fireEvent.click(await within(table).findByRole("button", { name: "Edit plan for BBA" }));
    const dialog = await screen.findByRole("dialog", { name: "Fee plan: BBA" });
    const second = within(dialog).getByLabelText(/^Instalment 2: days after the start/) as HTMLInputElement;
    expect(second.value).toBe("90");
    fireEvent.change(second, { target: { value: "120" } });
    fireEvent.change(within(dialog).getByLabelText(/^Grace days/), { target: { value: "10" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" }));
    expect(await within(dialog).findByText(changed)).toBeTruthy();
    expect(sent("feePlans.save")).toEqual([{ programmeId: 17, version: "k3v9", days: ["0", "120"], lateFee: "250", graceDays: "10" }]);
    expect(second.value).toBe("120");
    expect((within(dialog).getByLabelText(/^Grace days/) as HTMLInputElement).value).toBe("10");
  });

  test("a raise offers today on the institute's calendar as the term's start, not the device's", async () => {
    const day = (timeZone?: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    // Of UTC+14 and UTC−12, at least one is on another day than this device at any moment.
    const zone = ["Pacific/Kiritimati", "Etc/GMT+12"].find((z) => day(z) !== day())!;
    renderAdmin("/admin/fees?tab=plans", {
      "site.info": () => ({ ...SITE_INFO, timeZone: zone as typeof SITE_INFO.timeZone }),
      "feePlans.list": () => listAnswer([BBA]),
      "feePlans.raisePreview": (input) => onePreview(Number(input.term), 9_000_00),
    });
    await screen.findByRole("heading", { name: "Fees" });
    fireEvent.click(await screen.findByRole("button", { name: "Raise fees for BBA" }));
    const dialog = await screen.findByRole("dialog", { name: "Raise fees: BBA" });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^The term starts on/).value).toBe(day(zone));
  });

  test("raising a term: how many it will charge and what each will owe, then the server's answer", async () => {
    const { sent } = renderAdmin("/admin/fees?tab=plans", {
      "feePlans.list": () => listAnswer([BBA]),
      "feePlans.raisePreview": (input) => ({
        programme: "BBA",
        term: Number(input.term),
        termUnit: "year",
        students: 42,
        already: 2,
        toRaise: 40,
        instalments: [
          { number: 1, amount: 9_000_00, day: 0 },
          { number: 2, amount: 9_000_00, day: 182 },
        ],
        lateFee: 0,
        graceDays: 0,
      }),
      "feePlans.raise": () => ({
        message: "Fees raised for 40 students of BBA, Year 1. 2 students already had this term's instalments and were left as they were.",
        raised: 40,
        already: 2,
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Raise fees for BBA" }));
    const dialog = await screen.findByRole("dialog", { name: "Raise fees: BBA" });
    expect(
      within(within(dialog).getByLabelText(/^Term/))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Year 1", "Year 2", "Year 3"]);
    fireEvent.change(within(dialog).getByLabelText(/^The term starts on/), { target: { value: "2026-07-01" } });
    await within(dialog).findByText("42 active students in this term.");
    expect(within(dialog).getByText(/2 already have these instalments/)).toBeTruthy();
    expect(within(dialog).getByText("Instalment 1: ₹9,000, due 1 Jul 2026")).toBeTruthy();
    expect(within(dialog).getByText("Instalment 2: ₹9,000, due 30 Dec 2026")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Raise fees for 40 students" }));
    await screen.findByText(/^Fees raised for 40 students of BBA, Year 1\./);
    expect(sent("feePlans.raise")).toEqual([{ programmeId: 17, term: 1, startOn: "2026-07-01" }]);
  });

  test.each([
    [1, "₹250 after 1 day's grace", "Late fee: ₹250 after 1 day's grace."],
    [0, "₹250 from the day after the due day", "Late fee: ₹250 from the day after the due day."],
  ])("a late fee's grace (%i) reads right in the plan and when raising", async (graceDays, inPlan, whenRaising) => {
    const plan = { ...BBA.plan, lateFee: 250_00, graceDays, saved: true };
    renderAdmin("/admin/fees?tab=plans", {
      "feePlans.list": () => listAnswer([{ ...BBA, plan }]),
      "feePlans.raisePreview": (input) => onePreview(Number(input.term), 18_000_00, 250_00, graceDays),
    });
    const table = await screen.findByRole("table", { name: "Programmes and their fee plans" });
    const bba = (await within(table).findByText("BBA")).closest("tr")!;
    expect(within(bba).getByText(inPlan)).toBeTruthy();
    fireEvent.click(within(bba).getByRole("button", { name: "Raise fees for BBA" }));
    const dialog = await screen.findByRole("dialog", { name: "Raise fees: BBA" });
    fireEvent.change(within(dialog).getByLabelText(/^The term starts on/), { target: { value: "2099-07-01" } });
    expect(await within(dialog).findByText(whenRaising)).toBeTruthy();
    // A term begun before today: what is already due has its grace from today, and the dialog says until when (walk 16c).
    fireEvent.change(within(dialog).getByLabelText(/^The term starts on/), { target: { value: "2026-07-01" } });
    const free = formatDate(addDays(instituteToday(SITE_INFO.timeZone), graceDays + 1));
    expect(
      await within(dialog).findByText(
        `${whenRaising} An instalment due before today counts its grace from today: no late fee is charged before ${free}.`,
      ),
    ).toBeTruthy();
  });

  test("staff read the plans but cannot edit them, and see nothing of the fee settings", async () => {
    const { sent, navigate } = renderAdmin("/admin/fees?tab=plans", { "feePlans.list": () => listAnswer([BBA]) }, STAFF);
    const table = await screen.findByRole("table", { name: "Programmes and their fee plans" });
    await within(table).findByText("BBA");
    expect(within(table).queryByRole("button", { name: "Edit plan for BBA" })).toBeNull();
    expect(within(table).getByRole("button", { name: "Raise fees for BBA" })).toBeTruthy();
    expect(screen.getByText("Only administrators can change a fee plan.")).toBeTruthy();
    // Staff have no Fee settings tab: its address opens the first tab instead.
    expect(screen.queryByRole("tab", { name: "Fee settings" })).toBeNull();
    act(() => navigate("/admin/fees?tab=settings"));
    await screen.findByRole("tab", { name: "To confirm", selected: true });
    expect(screen.queryByLabelText(/UPI ID/)).toBeNull();
    expect(sent("feePlans.settings")).toEqual([]);
  });
});

const LEDGER: Ledger = {
  today: "2026-11-22",
  student: { id: 7, name: "Priya Sharma", studentId: "STU0001", programme: "BBA", active: true },
  instalments: [
    {
      id: 51,
      programme: "BBA",
      termUnit: "year",
      term: 1,
      number: 1,
      dueOn: "2026-07-01",
      amount: 9_000_00,
      concession: 0,
      reducedBy: null,
      lateFee: 0,
      total: 9_000_00,
      paid: 9_000_00,
      outstanding: 0,
      status: "paid",
      pending: 0,
    },
    {
      id: 52,
      programme: "BBA",
      termUnit: "year",
      term: 1,
      number: 2,
      dueOn: "2026-12-30",
      amount: 9_000_00,
      concession: 0,
      reducedBy: null,
      lateFee: 0,
      total: 9_000_00,
      paid: 4_000_00,
      outstanding: 5_000_00,
      status: "partial",
      pending: 0,
    },
  ],
};
const GIVEN: Concession = {
  id: 3,
  kind: "scholarship",
  amount: 2_000_00,
  reason: "Merit scholarship 2026",
  givenAt: "2026-11-22T06:30:00.000Z",
  givenBy: "Admin User",
  student: { id: 7, name: "Priya Sharma", studentId: "STU0001" },
  instalment: { id: 52, programme: "BBA", termUnit: "year", term: 1, number: 2, dueOn: "2026-12-30" },
  withdrawn: null,
};

describe("concessions", () => {
  test("find a student, give a concession on one instalment (no more than what is still to pay, with a reason)", async () => {
    let given: Concession[] = [];
    const { sent } = renderAdmin("/admin/fees?tab=concessions", {
      "feeDesk.students": () => ({
        students: [{ id: 7, name: "Priya Sharma", studentId: "STU0001", programme: "BBA", term: 1, active: true }],
        pagination: pagination(1, 1, 8),
      }),
      "feeDesk.instalments": () => LEDGER,
      "feePlans.concessions": () => ({ concessions: given, pagination: pagination(given.length) }),
      "feePlans.giveConcession": (input) => {
        if (input.amount === "4999")
          return new TrpcFailure("Nothing is left to pay on this instalment, so there is nothing to concede.", 409);
        given = [GIVEN];
        return { message: "Scholarship of ₹2,000 given to Priya Sharma.", concession: { id: 3, amount: 2_000_00, kind: "scholarship" } };
      },
    });
    await screen.findByText("No concessions yet");
    fireEvent.change(screen.getByLabelText(/^Student ID or name/), { target: { value: "stu0001" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    const table = await screen.findByRole("table", { name: "Priya Sharma's instalments" });
    const paid = (await within(table).findByText("BBA · Year 1 · Instalment 1")).closest("tr")!;
    expect(within(paid).getByText("Paid")).toBeTruthy();
    expect(within(paid).queryByRole("button")).toBeNull();
    fireEvent.click(within(table).getByRole("button", { name: "Give concession on BBA · Year 1 · Instalment 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Concession on BBA · Year 1 · Instalment 2" });
    expect(within(dialog).getByText("Still to pay on this instalment: ₹5,000.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: "5000.01" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Give concession" }));
    await waitFor(() =>
      expect(errorOf(within(dialog).getByLabelText(/^Amount/))).toBe(
        "The concession can be at most ₹5,000: what is still to pay on this instalment, not counting a late fee.",
      ),
    );
    expect(errorOf(within(dialog).getByLabelText(/^Reason/))).toBe("Give the reason for the concession (it is kept with the record).");
    expect(sent("feePlans.giveConcession")).toEqual([]);

    // The server's refusal shows in the dialog; what was typed stays.
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: "4999" } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "Merit scholarship 2026" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Give concession" }));
    await within(dialog).findByText("Nothing is left to pay on this instalment, so there is nothing to concede.");
    expect((within(dialog).getByLabelText(/^Reason/) as HTMLTextAreaElement).value).toBe("Merit scholarship 2026");

    fireEvent.change(within(dialog).getByLabelText(/^Kind/), { target: { value: "scholarship" } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: "2000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Give concession" }));
    await screen.findByText("Scholarship of ₹2,000 given to Priya Sharma.");
    expect(sent("feePlans.giveConcession").at(-1)).toEqual({
      instalmentId: 52,
      kind: "scholarship",
      amount: "2000",
      reason: "Merit scholarship 2026",
    });
    const list = await screen.findByRole("table", { name: "Concessions given" });
    const row = (await within(list).findByText("Merit scholarship 2026")).closest("tr")!;
    expect(within(row).getByText("Scholarship")).toBeTruthy();
    expect(within(row).getByText("by Admin User")).toBeTruthy();
  });

  test("withdrawing one asks for the reason, then the list shows who withdrew it and why", async () => {
    let rows: Concession[] = [GIVEN];
    const { sent } = renderAdmin("/admin/fees?tab=concessions", {
      "feePlans.concessions": (input) => ({ concessions: input.status === "active" ? [] : rows, pagination: pagination(rows.length) }),
      "feePlans.withdrawConcession": (input) => {
        rows = [{ ...GIVEN, withdrawn: { at: "2026-11-22T07:00:00.000Z", by: "Admin User", reason: input.reason ?? "" } }];
        return { message: "The concession of ₹2,000 to Priya Sharma is withdrawn." };
      },
    });
    const list = await screen.findByRole("table", { name: "Concessions given" });
    const row = (await within(list).findByText("Priya Sharma")).closest("tr")!;
    fireEvent.click(within(row).getByRole("button", { name: "Withdraw the concession of ₹2,000 to Priya Sharma" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw this concession?" });
    expect(dialog.textContent).toContain("Priya Sharma will owe ₹2,000 more on BBA · Year 1 · Instalment 2.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw concession" }));
    expect(await within(dialog).findByText("Give the reason for withdrawing it (it is kept with the record).")).toBeTruthy();
    expect(sent("feePlans.withdrawConcession")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "Given to the wrong student" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw concession" }));
    await screen.findByText("The concession of ₹2,000 to Priya Sharma is withdrawn.");
    expect(sent("feePlans.withdrawConcession")).toEqual([{ id: 3, reason: "Given to the wrong student" }]);
    await screen.findByText("Withdrawn by Admin User on 22 Nov 2026: Given to the wrong student");
    expect(within(screen.getByRole("table", { name: "Concessions given" })).queryByRole("button", { name: /^Withdraw/ })).toBeNull();
  });

  test("the list as searched and filtered downloads as CSV, and says so", async () => {
    renderAdmin("/admin/fees?tab=concessions&status=withdrawn&search=sharma", {
      "feePlans.concessions": () => ({ concessions: [GIVEN], pagination: pagination(1) }),
    });
    await screen.findByRole("table", { name: "Concessions given" });
    const download = catchDownloads("Given on\r\n", {
      "Content-Type": "text/csv",
      "Content-Disposition": 'attachment; filename="fee-concessions-2026-11-22.csv"',
    });
    try {
      fireEvent.click(screen.getByRole("button", { name: "Download concessions (CSV)" }));
      expect(await screen.findByText("fee-concessions-2026-11-22.csv is downloaded.")).toBeTruthy();
      expect(download.requests).toMatchObject([
        { url: "/api/fees/reports/concessions.csv?search=sharma&status=withdrawn", accept: "text/csv" },
      ]);
    } finally {
      download.restore();
    }
  });
});

describe("fee settings", () => {
  test("opened again, the form shows what is stored now, not the copy kept from the last visit (walk 28b)", async () => {
    let payee = "Institute of Distance Education";
    const { navigate, sent } = renderAdmin("/admin/fees?tab=settings", {
      "feePlans.settings": () => ({
        settings: { upiVpa: "", upiPayeeName: payee, admitCardNeedsFeesClear: false, remindDaysBefore: 3, remindDaysAfter: 7 },
        version: payee,
      }),
      "feePlans.list": () => listAnswer([BBA]),
    });
    expect(((await screen.findByLabelText(/^Payee name/)) as HTMLInputElement).value).toBe("Institute of Distance Education");
    act(() => navigate("/admin/fees?tab=plans"));
    await waitFor(() => expect(screen.queryByLabelText(/^Payee name/)).toBeNull());
    // A colleague saves meanwhile.
    payee = "IDE Pune";
    act(() => navigate("/admin/fees?tab=settings"));
    expect(((await screen.findByLabelText(/^Payee name/)) as HTMLInputElement).value).toBe("IDE Pune");
    expect(sent("feePlans.settings")).toHaveLength(2);
  });

  test("an administrator sets the UPI ID and the admit card rule, checked with the one shared schema", async () => {
    const { sent } = renderAdmin("/admin/fees?tab=settings", {
      "feePlans.settings": () => ({
        settings: { upiVpa: "", upiPayeeName: "", admitCardNeedsFeesClear: false, remindDaysBefore: 3, remindDaysAfter: 7 },
        version: "v1",
      }),
      "feePlans.saveSettings": (input) => ({
        version: "v2",
        message: "The fee settings are saved.",
        settings: {
          upiVpa: input.upiVpa ?? "",
          upiPayeeName: input.upiPayeeName ?? "",
          admitCardNeedsFeesClear: input.admitCardNeedsFeesClear ?? false,
          remindDaysBefore: input.remindDaysBefore ?? 3,
          remindDaysAfter: input.remindDaysAfter ?? 7,
        },
      }),
    });
    const vpa = await screen.findByLabelText(/^UPI ID \(VPA\)/);
    fireEvent.change(vpa, { target: { value: "not a vpa" } });
    fireEvent.change(screen.getByLabelText(/^Days after the due day/), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save fee settings" }));
    await waitFor(() => expect(errorOf(vpa)).toBe("Enter the UPI ID (VPA) like institute@okaxis, or leave it blank."));
    expect(errorOf(screen.getByLabelText(/^Days after the due day/))).toBe("Days must be a whole number from 0 to 60.");
    expect(sent("feePlans.saveSettings")).toEqual([]);

    fireEvent.change(vpa, { target: { value: "institute@okaxis" } });
    fireEvent.change(screen.getByLabelText(/^Payee name/), { target: { value: "Institute of Distance Education" } });
    fireEvent.change(screen.getByLabelText(/^Days after the due day/), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Admit card only when fees are clear" }));
    const payee = screen.getByLabelText(/^Payee name/);
    act(() => payee.focus());
    fireEvent.click(screen.getByRole("button", { name: "Save fee settings" }));
    await screen.findByText("The fee settings are saved.");
    // The same form stays, with the field that had the focus (a new form for the saved values dropped it: seventh walk).
    expect(screen.getByLabelText(/^Payee name/)).toBe(payee);
    expect(document.activeElement).toBe(payee);
    expect(sent("feePlans.saveSettings")).toEqual([
      {
        upiVpa: "institute@okaxis",
        upiPayeeName: "Institute of Distance Education",
        admitCardNeedsFeesClear: true,
        remindDaysBefore: 3,
        remindDaysAfter: 10,
        // the version the form was filled from: a colleague's save since is refused, not undone
        version: "v1",
      },
    ]);
    expect((screen.getByRole("checkbox", { name: "Admit card only when fees are clear" }) as HTMLInputElement).checked).toBe(true);
    // The next save is made from what this one stored.
    fireEvent.change(screen.getByLabelText(/^Days after the due day/), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Save fee settings" }));
    await waitFor(() => expect(sent("feePlans.saveSettings")[1]).toMatchObject({ remindDaysAfter: 12, version: "v2" }));
  });
});
