import { describe, expect, test } from "bun:test";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import { renderAdmin } from "../../layouts/admin-testing.tsx";
import { STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";

withClientTestRules();

const STATS: RouterOutputs["dashboard"]["stats"] = {
  totalStudents: 128,
  pendingAdmissions: 9,
  approvedThisMonth: 14,
  totalContacts: 31,
  changes: {
    totalStudents: {
      value: 23,
      unit: "percent",
      label: "+23%",
      comparedWith: "new students so far this month vs the same days of last month",
    },
    pendingAdmissions: { value: -2, unit: "count", label: "-2", comparedWith: "pending now vs 30 days ago" },
    approvedThisMonth: {
      value: null,
      unit: "percent",
      label: "+4",
      comparedWith: "approvals so far this month vs the same days of last month",
    },
    totalContacts: { value: 6, unit: "count", label: "+6", comparedWith: "total now vs 30 days ago" },
  },
  totalCourses: 0,
  totalBooks: 0,
  totalExams: 0,
  totalTickets: 4,
  managementCenters: 9,
  galleryImages: 12,
  recentActivity: [
    {
      type: "admission",
      id: 3,
      title: "New application from Anita Desai",
      description: "Commerce · APP-2026-000003",
      time: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      status: "pending",
    },
    {
      type: "contact",
      id: 5,
      title: "Inquiry from Kavita Rao",
      description: "About fees",
      time: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      status: "in-progress",
    },
  ],
  fees: {
    collectedThisMonth: 12_500_000,
    collectedChange: {
      value: 8,
      unit: "percent",
      label: "+8%",
      comparedWith: "collected so far this month vs the same days of last month",
    },
    outstanding: 34_050_000,
    overdue: 9_000_000,
    overdueStudents: 6,
    toConfirm: 3,
  },
};

describe("admin dashboard", () => {
  test("each headline figure carries the change label the server computed", async () => {
    renderAdmin("/admin/dashboard", { "dashboard.stats": () => STATS });
    const students = await screen.findByRole("group", { name: "Total Students" });
    await within(students).findByText("128");
    expect(within(students).getByText("+23%")).toBeTruthy();
    expect(within(students).getByText(/vs the same days of last month/)).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Pending Applications" })).getByText("-2")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Approved This Month" })).getByText("+4")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Contact Inquiries" })).getByText("+6")).toBeTruthy();
    // never the spec's hard-coded figures
    expect(screen.queryByText("+12%")).toBeNull();
    expect(screen.queryByText("+18%")).toBeNull();
  });

  test("nine management-centre cards link to their screens; analytics shows '12+ Report Types'", async () => {
    renderAdmin("/admin/dashboard", { "dashboard.stats": () => STATS });
    const centre = await screen.findByRole("region", { name: "Management centre" });
    const links = within(centre).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/admin/admissions",
      "/admin/students",
      "/admin/courses",
      "/admin/library",
      "/admin/exams",
      "/admin/help",
      "/admin/gallery",
      "/admin/contacts",
      "/admin/analytics",
    ]);
    await within(centre).findByText("9 pending");
    expect(within(centre).getByText("12+ Report Types")).toBeTruthy();
    expect(within(centre).getByText("12 images")).toBeTruthy();
  });

  test("Recent Activity lists the entries with their status and time, and its link names where it leads: the activity log (sixth walk)", async () => {
    renderAdmin("/admin/dashboard", { "dashboard.stats": () => STATS });
    const recent = await screen.findByRole("region", { name: "Recent Activity" });
    await within(recent).findByText("New application from Anita Desai");
    expect(within(recent).getByText("2 hours ago")).toBeTruthy();
    expect(within(recent).getByText("3 days ago")).toBeTruthy();
    expect(within(recent).getByText("In Progress")).toBeTruthy();
    expect(within(recent).getByRole("link", { name: "Activity log" }).getAttribute("href")).toBe("/admin/activity");
    // Each entry opens its own application or inquiry, not the list (seventh walk).
    expect(within(recent).getByRole("link", { name: "New application from Anita Desai" }).getAttribute("href")).toBe(
      "/admin/admissions?open=3",
    );
    expect(within(recent).getByRole("link", { name: "Inquiry from Kavita Rao" }).getAttribute("href")).toBe("/admin/contacts?open=5");
  });

  test("the fees at a glance: collected this month with its change, outstanding with what is overdue, payments to confirm; each opens its tab (stop 48)", async () => {
    renderAdmin("/admin/dashboard", { "dashboard.stats": () => STATS });
    const fees = await screen.findByRole("region", { name: "Fees" });
    const collected = await within(fees).findByRole("group", { name: "Collected this month" });
    expect(within(collected).getByText("₹1,25,000")).toBeTruthy();
    expect(within(collected).getByText("+8%")).toBeTruthy();
    const outstanding = within(fees).getByRole("group", { name: "Outstanding" });
    expect(within(outstanding).getByText("₹3,40,500")).toBeTruthy();
    expect(within(outstanding).getByText("₹90,000 overdue, from 6 students")).toBeTruthy();
    expect(within(within(fees).getByRole("group", { name: "Payments to confirm" })).getByText("3")).toBeTruthy();
    expect(
      within(fees)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/admin/fees", "/admin/fees?tab=collections", "/admin/fees?tab=dues", "/admin/fees?tab=confirm"]);
  });

  test("an administrator is told what sample content the public site still shows, each with where to replace it (walk 23a)", async () => {
    const { sent } = renderAdmin("/admin/dashboard", {
      "dashboard.stats": () => STATS,
      "dashboard.sampleContent": () => ({ programmes: 24, news: 3, pictures: 1, contact: true }),
    });
    const alert = (await screen.findByText("Your public site still shows sample content")).closest(".ui-alert") as HTMLElement;
    expect(within(alert).getByText(/24 sample programmes/)).toBeTruthy();
    expect(within(alert).getByText(/1 sample picture in the gallery/)).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/admin/programmes", "/admin/content?tab=news", "/admin/gallery", "/admin/content"]);
    expect(sent("dashboard.sampleContent")).toHaveLength(1);
  });

  test("while maintenance mode closes the public site, the administrator's dashboard says so, with where to open it (walk 30a)", async () => {
    const settings = (maintenanceMode: boolean) => () => ({
      settings: { ...DEFAULT_SETTINGS, system: { ...DEFAULT_SETTINGS.system, maintenanceMode } },
    });
    renderAdmin("/admin/dashboard", { "dashboard.stats": () => STATS, "settings.get": settings(true) });
    const alert = (await screen.findByText("The public site is closed for maintenance")).closest(".ui-alert") as HTMLElement;
    expect(within(alert).getByRole("link", { name: "Settings → System" }).getAttribute("href")).toBe("/admin/settings?section=system");
    cleanup();
    const { sent } = renderAdmin("/admin/dashboard", { "dashboard.stats": () => STATS, "settings.get": settings(false) });
    await waitFor(() => expect(sent("settings.get")).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByText("The public site is closed for maintenance")).toBeNull();
  });

  test("none left, or a member of staff: no such list", async () => {
    const { sent } = renderAdmin("/admin/dashboard", {
      "dashboard.stats": () => STATS,
      "dashboard.sampleContent": () => ({ programmes: 0, news: 0, pictures: 0, contact: false }),
    });
    await waitFor(() => expect(sent("dashboard.sampleContent")).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByText("Your public site still shows sample content")).toBeNull();
  });

  test("a member of staff is not asked about it", async () => {
    const { sent } = renderAdmin("/admin/dashboard", { "dashboard.stats": () => STATS }, STAFF);
    await screen.findByText("Recent Activity");
    expect(sent("dashboard.sampleContent")).toEqual([]);
  });

  test("nothing overdue says so", async () => {
    renderAdmin("/admin/dashboard", { "dashboard.stats": () => ({ ...STATS, fees: { ...STATS.fees, overdue: 0, overdueStudents: 0 } }) });
    const fees = await screen.findByRole("region", { name: "Fees" });
    expect(await within(fees).findByText("Nothing overdue")).toBeTruthy();
  });

  test("if the figures cannot be loaded, counts read 0, the lists are empty, and an alert says so", async () => {
    renderAdmin("/admin/dashboard", { "dashboard.stats": () => new TrpcFailure("Forbidden", 403) });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not load the dashboard figures.");
    for (const name of ["Total Students", "Pending Applications", "Approved This Month", "Contact Inquiries", "Payments to confirm"]) {
      expect(within(screen.getByRole("group", { name })).getByText("0")).toBeTruthy();
    }
    expect(screen.getByText("No recent activity yet")).toBeTruthy();
  });
});
