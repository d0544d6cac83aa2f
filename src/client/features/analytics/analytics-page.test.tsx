import { afterEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AnalyticsRange } from "../../../shared/schemas/analytics.ts";
import { ANALYTICS_MESSAGES } from "../../../shared/schemas/analytics.ts";
import { renderAdmin } from "../../layouts/admin-testing.tsx";
import type { TypedTrpcHandlers } from "../../lib/testing.tsx";
import { catchDownloads, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";

withClientTestRules();

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const day = (label: string, count: number, i: number) => ({
  label,
  start: `2026-03-0${i + 1}T18:30:00.000Z`,
  end: `2026-03-0${i + 2}T18:30:00.000Z`,
  count,
});

function overview(range: AnalyticsRange): RouterOutputs["analytics"]["overview"] {
  const seven = range === "7d";
  const admissions = seven ? [3, 0, 1, 0, 0, 2, 1] : [5, 4, 6, 2, 0, 1, 7];
  const labels = ["1 Mar", "2 Mar", "3 Mar", "4 Mar", "5 Mar", "6 Mar", "7 Mar"];
  return {
    range: {
      key: range,
      label: seven ? "Last 7 days" : "Last 30 days",
      bucket: "day",
      from: "2026-03-01T18:30:00.000Z",
      to: "2026-03-08T10:00:00.000Z",
      timeZone: "Asia/Kolkata",
    },
    cards: {
      totalStudents: 42,
      newStudents: 6,
      growthPercent: 18,
      totalAdmissions: admissions.reduce((a, b) => a + b, 0),
      contactInquiries: seven ? 2 : 9,
      galleryImages: 6,
      feesCollected: 1_37_500_50,
      feeReceipts: 4,
    },
    admissionsTrend: labels.map((l, i) => day(l, admissions[i]!, i)),
    contactsTrend: labels.map((l, i) => day(l, i === 2 ? 2 : 0, i)),
    // ₹1,25,000 (2 receipts) on 2 Mar and ₹12,500.50 (2) on 6 Mar.
    feesTrend: labels.map((l, i) => ({
      ...day(l, i === 1 || i === 5 ? 2 : 0, i),
      amount: i === 1 ? 1_25_000_00 : i === 5 ? 12_500_50 : 0,
    })),
    topCategories: [
      { category: "Campus", count: 3 },
      { category: "Events", count: 2 },
    ],
    recentActivity: [
      {
        type: "admission",
        id: 1,
        title: "New application from Asha Rao",
        name: "Asha Rao",
        status: "pending",
        at: "2026-03-08T09:00:00.000Z",
      },
      { type: "contact", id: 2, title: "Inquiry from Ravi", name: "Ravi", status: "resolved", at: "2026-03-07T09:00:00.000Z" },
      {
        type: "gallery",
        id: 3,
        title: "Gallery image uploaded: Sports day",
        name: "Sports day",
        status: "active",
        at: "2026-03-06T09:00:00.000Z",
      },
    ],
    generatedAt: "2026-03-08T10:00:00.000Z",
  };
}

const handlers: TypedTrpcHandlers = { "analytics.overview": (input) => overview(input.range ?? "30d") };

describe("Analytics and Reports", () => {
  test("the cards, '+N% in the last 30 days', the trend charts with their hidden tables, categories and recent activity", async () => {
    renderAdmin("/admin/analytics", handlers);
    await screen.findByRole("heading", { level: 1, name: "Analytics & Reports" });
    const students = screen.getByRole("group", { name: "Total Students" });
    await within(students).findByText("42");
    expect(within(students).getByText("+18% in the last 30 days")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Total Admissions" })).getByText("25")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Total Admissions" })).getByText("Last 30 days")).toBeTruthy();

    const admissions = screen.getByRole("region", { name: "Admissions Trend" });
    const table = within(admissions).getByRole("table", { name: "Applications per day, last 30 days" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(["1 Mar5", "2 Mar4", "3 Mar6", "4 Mar2", "5 Mar0", "6 Mar1", "7 Mar7"]);
    expect(
      within(screen.getByRole("region", { name: "Contacts Trend" })).getByRole("table", { name: /Contact inquiries per day/ }),
    ).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Top Gallery Categories" })).getByRole("table").textContent).toContain("Campus3");
    // The fees collected: the range's total, each period's amount short above its bar and in full in the table.
    const fees = screen.getByRole("region", { name: "Fees Collected" });
    expect(within(fees).getByText("₹1,37,500.50 from 4 receipts in the last 30 days.")).toBeTruthy();
    const feeRows = within(within(fees).getByRole("table", { name: "Fees collected per day, last 30 days" }))
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.textContent);
    expect(feeRows).toEqual(["1 Mar₹0", "2 Mar₹1,25,000", "3 Mar₹0", "4 Mar₹0", "5 Mar₹0", "6 Mar₹12,500.50", "7 Mar₹0"]);
    expect([...fees.querySelectorAll(".ac-chart__value")].map((v) => v.textContent)).toEqual([
      "₹0",
      "₹1.3L",
      "₹0",
      "₹0",
      "₹0",
      "₹12.5K",
      "₹0",
    ]);

    const activity = within(screen.getByRole("list", { name: "Recent Activity" }));
    const badge = (text: string) => activity.getByText(text).closest(".ui-badge")!.className;
    expect(badge("Pending")).toContain("ui-badge--pending");
    expect(badge("Active")).toContain("ui-badge--approved");
    expect(badge("Resolved")).toContain("ui-badge--approved"); // a good outcome, not red (issue 14.6)
  });

  test("a trend with nothing in it says so, with no row of empty bars first (walk 30a)", async () => {
    const quiet = overview("30d");
    renderAdmin("/admin/analytics", {
      "analytics.overview": () => ({ ...quiet, contactsTrend: quiet.contactsTrend.map((d) => ({ ...d, count: 0 })) }),
    });
    const note = await screen.findByText("No contact inquiries in the last 30 days.");
    const card = note.closest(".ui-card")!;
    expect(card.querySelector(".ac-chart__bars")).toBeNull();
    // The applications, which did happen, keep their bars.
    expect(document.querySelectorAll(".ac-chart__bars").length).toBeGreaterThan(0);
  });

  test("with no student before the last 30 days the card counts the new students instead of a percent (tenth walk)", async () => {
    const first = overview("30d");
    renderAdmin("/admin/analytics", {
      "analytics.overview": () => ({ ...first, cards: { ...first.cards, totalStudents: 6, newStudents: 6, growthPercent: null } }),
    });
    const students = await screen.findByRole("group", { name: "Total Students" });
    await within(students).findByText("6 new in the last 30 days");
    expect(within(students).queryByText(/%/)).toBeNull();
  });

  test("choosing another range puts it in the URL and asks the server again; every figure follows", async () => {
    const { sent, path } = renderAdmin("/admin/analytics", handlers);
    const admissionsCard = await screen.findByRole("group", { name: "Total Admissions" });
    await within(admissionsCard).findByText("25");
    expect(sent("analytics.overview")).toEqual([{ range: "30d" }]);
    expect(screen.getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Last 7 days" }));
    await waitFor(() => expect(sent("analytics.overview")).toEqual([{ range: "30d" }, { range: "7d" }]));
    expect(path()).toBe("/admin/analytics?range=7d");
    await within(admissionsCard).findByText("7");
    expect(within(screen.getByRole("group", { name: "Contact Inquiries" })).getByText("2")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Last 7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("table", { name: "Applications per day, last 7 days" })).toBeTruthy();
  });

  test("a range in the link is used from the start", async () => {
    const { sent } = renderAdmin("/admin/analytics?range=1y", handlers);
    await screen.findByRole("heading", { level: 1, name: "Analytics & Reports" });
    await waitFor(() => expect(sent("analytics.overview")).toEqual([{ range: "1y" }]));
  });

  test("Export Report downloads the server's CSV under its own name and says where it went", async () => {
    const download = catchDownloads("\uFEFFAnalytics report\r\n", {
      "Content-Type": "text/csv",
      "Content-Disposition": 'attachment; filename="analytics-report-2026-03-08-30d.csv"',
    });
    try {
      renderAdmin("/admin/analytics", handlers);
      const button = await screen.findByRole("button", { name: "Export Report" });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(button);
      expect(await screen.findByText(ANALYTICS_MESSAGES.exported("analytics-report-2026-03-08-30d.csv"))).toBeTruthy();
      expect(screen.getByText(/Downloads folder/)).toBeTruthy();
      expect(download.requests).toMatchObject([{ url: "/api/admin/analytics/export?range=30d", auth: "Bearer stored-token" }]);
      expect(download.saved).toEqual(["analytics-report-2026-03-08-30d.csv"]);
    } finally {
      download.restore();
    }
  });

  test("a failed export says 'Failed to export report. Please try again.'", async () => {
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ success: false, message: "boom" }), { status: 500 })) as unknown as typeof fetch;
    renderAdmin("/admin/analytics", handlers);
    const button = await screen.findByRole("button", { name: "Export Report" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(ANALYTICS_MESSAGES.exportFailed)).toBeTruthy();
  });
});
