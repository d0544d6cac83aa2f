import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { student } from "../../../shared/i18n/student.ts";
import { onDeviceTimeZone, STUDENT, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { renderStudentAt } from "./student-testing.tsx";

withClientTestRules();

// A device outside India: the page still shows the institute's clock.
onDeviceTimeZone("UTC");

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

const DASHBOARD: RouterOutputs["student"]["dashboard"] = {
  student: { name: "Priya Sharma", student_id: "STU0001", photo: null },
  course: "Business Administration",
  admission: { applicationNumber: "APP-2026-000007", appliedAt: daysAgo(14), approvedAt: daysAgo(12) },
  account: {
    lastLogin: minutesAgo(3),
    activeSessions: 2,
    memberSince: daysAgo(12),
    profileCompleteness: 92,
    missingProfileFields: ["Photo"],
  },
  unreadNotifications: 3,
  recentActivity: [
    {
      id: 9,
      type: "admission",
      title: "Welcome to the institute",
      description: "Your admission is approved.",
      priority: "high",
      read: false,
      time: minutesAgo(5),
      link: "/student/fees/receipts/3",
    },
    { id: 8, type: "system", title: "Password changed", description: "", priority: "low", read: true, time: daysAgo(2), link: null },
  ],
  upcomingEvents: [],
  courseProgress: [],
  exams: [],
  library: { onLoan: 0, dueSoon: [], overdue: 0 },
  assignments: { completed: 0, total: 0 },
  performance: {
    overall: null,
    assignmentPercent: null,
    examPercent: null,
    resultsPublished: 0,
    completed_assignments: 0,
    total_assignments: 0,
    study_streak: 0,
  },
  achievements: [],
  nextDue: null,
};

/** A student in the middle of a term (issue 18). */
const STUDYING: typeof DASHBOARD = {
  ...DASHBOARD,
  upcomingEvents: [
    { id: 4, title: "Contact session: Marketing", date: "2026-12-05", time: "10:00", venue: "Pune office", priority: "high" },
  ],
  courseProgress: [
    { id: 1, code: "BBA-101", name: "Principles of Management", progress: 100 },
    { id: 2, code: "BBA-102", name: "Business Communication", progress: 33 },
  ],
  exams: [
    {
      id: 7,
      title: "Term-end exam",
      subject: "Principles of Management",
      subjectCode: "BBA-101",
      startsAt: "2026-12-10T04:30:00.000Z",
      startsLocal: "2026-12-10T10:00",
      centre: "Pune office",
    },
  ],
  library: { onLoan: 2, dueSoon: [{ title: "Business Communication Today", dueOn: "2026-11-27" }], overdue: 1 },
  assignments: { completed: 3, total: 4 },
  performance: {
    overall: 84,
    assignmentPercent: 92,
    examPercent: 76,
    resultsPublished: 1,
    completed_assignments: 3,
    total_assignments: 4,
    study_streak: 5,
  },
  achievements: [
    { kind: "subjectDone", subject: "BBA-101 Principles of Management" },
    { kind: "streak", days: 5 },
    { kind: "highMarks", percent: 92 },
  ],
  nextDue: { amount: 9_000_00, dueOn: "2026-12-15", overdue: false, instalmentId: 3, pending: null },
};

const region = (name: string) => screen.getByRole("region", { name });
const figure = (label: string) => screen.getByRole("group", { name: label });

describe("student dashboard", () => {
  test("the first sign-in says Welcome, later ones Welcome back, by first name without titles (issue 14.6)", async () => {
    renderStudentAt(
      "/student/dashboard",
      { "student.dashboard": () => ({ ...DASHBOARD, student: { ...DASHBOARD.student, name: "Dr. Meera Iyer" } }) },
      {
        user: { ...STUDENT, name: "Dr. Meera Iyer", signedInBefore: false },
      },
    );
    expect(await screen.findByText("Welcome, Meera!")).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  test("the banner, four real figures, the course and the latest notifications with relative times", async () => {
    renderStudentAt("/student/dashboard", { "student.dashboard": () => DASHBOARD });
    await screen.findByText("Welcome back, Priya!");
    await screen.findByRole("group", { name: "Profile complete" });
    expect(screen.getByText(/Student ID: STU0001/)).toBeTruthy();

    expect(within(figure("Profile complete")).getByText("92%")).toBeTruthy();
    expect(within(figure("Profile complete")).getByText("1 detail to add")).toBeTruthy();
    expect(within(figure("Unread notifications")).getByText("3")).toBeTruthy();
    expect(within(figure("Days since admission")).getByText("12")).toBeTruthy();
    expect(within(figure("Signed-in devices")).getByText("2")).toBeTruthy();
    expect(within(figure("Signed-in devices")).getByText("Last sign-in 3 minutes ago")).toBeTruthy();

    const course = region("Your course");
    expect(within(course).getByText("Business Administration")).toBeTruthy();
    expect(within(course).getByText("APP-2026-000007")).toBeTruthy();

    const activity = region("Recent activity");
    const items = within(activity).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".student-activity__title")?.textContent)).toEqual([
      "Welcome to the institute (unread)",
      "Password changed",
    ]);
    expect(within(items[0]!).getByText("5 minutes ago")).toBeTruthy();
    expect(within(items[1]!).getByText("2 days ago")).toBeTruthy();
    // One about a page of its own leads there; one without is plain text.
    expect(within(items[0]!).getByRole("link", { name: "Welcome to the institute" }).getAttribute("href")).toBe("/student/fees/receipts/3");
    expect(within(items[1]!).queryByRole("link")).toBeNull();

    // A missing detail is named, with the way to fix it.
    expect(screen.getByText(/Still missing: Photo/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Complete your profile" }).getAttribute("href")).toBe("/student/profile");
  });

  test("nothing to study yet: honest empty states with no made-up numbers; no upcoming events says so", async () => {
    renderStudentAt("/student/dashboard", { "student.dashboard": () => DASHBOARD });
    await screen.findByRole("group", { name: "Profile complete" });
    for (const [title, empty] of [
      ["Course progress", "No subjects yet"],
      ["Upcoming exams", "No exams scheduled"],
      ["Library", "No books on loan"],
    ] as const) {
      const card = region(title);
      expect(within(card).getByText(empty)).toBeTruthy();
      expect(card.textContent).not.toMatch(/\d/);
      expect(within(card).queryByRole("progressbar")).toBeNull();
    }
    const performance = region("Performance");
    expect(within(performance).getByText("No marks yet")).toBeTruthy();
    expect(within(performance).getByText("0 of 0")).toBeTruthy();
    expect(within(region("Upcoming events")).getByText("No upcoming events")).toBeTruthy();
    expect(within(region("Fees")).getByText("Nothing to pay now.")).toBeTruthy();
  });

  test("a term under way: progress per subject, performance, achievements, exams, loans and events (issue 18)", async () => {
    renderStudentAt("/student/dashboard", { "student.dashboard": () => STUDYING });
    await screen.findByRole("group", { name: "Profile complete" });
    const progress = region("Course progress");
    expect(within(progress).getByRole("progressbar", { name: "BBA-102 Business Communication" }).getAttribute("aria-valuenow")).toBe("33");
    const performance = region("Performance");
    expect(within(performance).getByText("84%")).toBeTruthy();
    expect(within(performance).getByText("3 of 4")).toBeTruthy();
    expect(within(performance).getByText("76% in 1 result")).toBeTruthy();
    expect(within(performance).getByText("5 days")).toBeTruthy();
    expect(within(performance).getByText("Finished every unit of BBA-101 Principles of Management")).toBeTruthy();
    expect(within(performance).getByText("Studied 5 days in a row")).toBeTruthy();
    expect(within(region("Upcoming exams")).getByText("BBA-101 Principles of Management: Term-end exam")).toBeTruthy();
    // On the institute's clock (10:00 in India), not the device's (04:30 in UTC).
    expect(within(region("Upcoming exams")).getByText("10 December 2026 at 10:00 am")).toBeTruthy();
    const library = region("Library");
    expect(within(library).getByText("1 overdue")).toBeTruthy();
    expect(within(library).getByText("Business Communication Today")).toBeTruthy();
    expect(within(region("Upcoming events")).getByText(/Contact session: Marketing/)).toBeTruthy();
    // The event's time as every other time reads ("10:00 am"), not as stored ("10:00").
    expect(within(region("Upcoming events")).getByText(/10:00 am · Pune office/)).toBeTruthy();
    // Issue 19: the next instalment to pay.
    expect(within(region("Fees")).getByText("₹9,000")).toBeTruthy();
    expect(within(region("Fees")).getByText("due 15 Dec 2026")).toBeTruthy();
  });

  test("an instalment past its day is said to be overdue, as the Fees page says it", async () => {
    const overdue = { ...DASHBOARD, nextDue: { amount: 9_500_00, dueOn: "2026-06-01", overdue: true, instalmentId: 3, pending: null } };
    renderStudentAt("/student/dashboard", { "student.dashboard": () => overdue });
    const fees = await screen.findByRole("region", { name: "Fees" });
    const said = await within(fees).findByText("overdue: was due 1 Jun 2026");
    expect(said.className).toContain("text-danger");
    expect(within(fees).queryByText(/^due /)).toBeNull();
  });

  test("an instalment paid by UPI and waiting for the office is said to wait, not to be overdue (walk 26)", async () => {
    const sent = { amount: 9_500_00, sentAt: "2026-11-20T06:30:00.000Z" };
    const waiting = { ...DASHBOARD, nextDue: { amount: 9_500_00, dueOn: "2026-06-01", overdue: true, instalmentId: 3, pending: sent } };
    renderStudentAt("/student/dashboard", { "student.dashboard": () => waiting });
    const fees = await screen.findByRole("region", { name: "Fees" });
    const said = await within(fees).findByText("₹9,500 sent by UPI on 20 Nov 2026, waiting for the office to confirm it");
    expect(said.className).not.toContain("text-danger");
    expect(within(fees).queryByText(/overdue/)).toBeNull();
  });

  test("quick actions lead to the profile, ID card, settings, courses, library and exams, with no note that they are coming", async () => {
    renderStudentAt("/student/dashboard", { "student.dashboard": () => DASHBOARD });
    const actions = await screen.findByRole("region", { name: "Quick actions" });
    expect(
      within(actions)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/student/profile", "/student/id-card", "/student/settings", "/student/courses", "/student/library", "/student/exams"]);
    // Those pages are real (issue 18): no note calls them "coming soon".
    expect(within(actions).queryByText(/coming soon/i)).toBeNull();
    expect(actions.querySelector("p")).toBeNull();
  });

  test("an account without admission record or activity: no invented values, empty states instead", async () => {
    renderStudentAt("/student/dashboard", {
      "student.dashboard": () => ({
        ...DASHBOARD,
        course: null,
        admission: null,
        unreadNotifications: 0,
        recentActivity: [],
        account: { ...DASHBOARD.account, profileCompleteness: 100, missingProfileFields: [] },
      }),
    });
    await screen.findByRole("group", { name: "Profile complete" });
    expect(within(figure("Days since you joined")).getByText("12")).toBeTruthy();
    expect(within(figure("Unread notifications")).getByText("You are all caught up")).toBeTruthy();
    expect(within(region("Your course")).getByText("Not assigned yet")).toBeTruthy();
    expect(within(region("Recent activity")).getByText("No activity yet")).toBeTruthy();
    expect(screen.queryByText(/Still missing/)).toBeNull();
  });

  test("while loading: skeletons; on failure: an alert with Try again, and still the welcome line", async () => {
    let release!: () => void;
    let fail = true;
    renderStudentAt("/student/dashboard", {
      "student.dashboard": async () => {
        if (!fail) return DASHBOARD;
        await new Promise<void>((resolve) => (release = resolve));
        throw new TrpcFailure("Not allowed", 403);
      },
    });
    expect(await screen.findByText("Welcome back, Priya!")).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText("Loading your figures").getAttribute("aria-busy")).toBe("true"));
    expect(screen.queryByRole("group", { name: "Profile complete" })).toBeNull();
    release();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(student.t("dashboard.failed"));
    expect(screen.queryByLabelText("Loading your figures")).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("group", { name: "Profile complete" });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
