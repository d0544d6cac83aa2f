import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { student } from "../../../shared/i18n/student.ts";
import { STUDENT, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { renderStudentAt } from "./student-testing.tsx";

withClientTestRules();

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
    },
    { id: 8, type: "system", title: "Password changed", description: "", priority: "low", read: true, time: daysAgo(2) },
  ],
  upcomingEvents: [],
  courseProgress: null,
  exams: null,
  library: null,
  assignments: null,
  performance: null,
  notYetAvailable: ["courseProgress", "exams", "library", "assignments", "performance"],
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

    // A missing detail is named, with the way to fix it.
    expect(screen.getByText(/Still missing: Photo/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Complete your profile" }).getAttribute("href")).toBe("/student/profile");
  });

  test("blocks without data (null) are honest empty states with no numbers; no upcoming events says so", async () => {
    renderStudentAt("/student/dashboard", { "student.dashboard": () => DASHBOARD });
    await screen.findByRole("group", { name: "Profile complete" });
    for (const block of DASHBOARD.notYetAvailable) {
      const card = region(student.t(`pending.${block}.title`));
      expect(within(card).getByText(student.t(`pending.${block}.text`))).toBeTruthy();
      // Never a made-up figure: no digit and no progress bar anywhere in the block.
      expect(card.textContent).not.toMatch(/\d/);
      expect(within(card).queryByRole("progressbar")).toBeNull();
    }
    expect(within(region("Course progress")).getByText("Your course progress will appear here once your classes begin.")).toBeTruthy();
    expect(within(region("Upcoming events")).getByText("No upcoming events")).toBeTruthy();
  });

  test("quick actions lead to the profile, ID card, settings, courses, library and exams", async () => {
    renderStudentAt("/student/dashboard", { "student.dashboard": () => DASHBOARD });
    const actions = await screen.findByRole("region", { name: "Quick actions" });
    expect(
      within(actions)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/student/profile", "/student/id-card", "/student/settings", "/student/courses", "/student/library", "/student/exams"]);
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
