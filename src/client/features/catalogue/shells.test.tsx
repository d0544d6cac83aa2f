import { describe, expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { renderAdmin } from "../../layouts/admin-testing.tsx";
import { withClientTestRules } from "../../lib/testing.tsx";

withClientTestRules();

/** A disabled button whose "Coming soon" note is read with it. */
function expectComingSoon(name: string) {
  const button = screen.getByRole("button", { name }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  expect(document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/Coming soon/);
}

describe("the course, library and exam shells (no data yet, nothing pretended)", () => {
  test("Course Management: zero counters, the table's columns and 'No courses yet' with Create First Course", async () => {
    const { calls } = renderAdmin("/admin/courses");
    await screen.findByRole("heading", { level: 1, name: "Course Management" });
    for (const label of ["Total Courses", "Active Courses", "Total Students", "Draft Courses"]) {
      expect(within(screen.getByRole("group", { name: label })).getByText("0")).toBeTruthy();
    }
    const table = screen.getByRole("table", { name: "Courses" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Course", "Category", "Students", "Status", "Actions"]);
    expect(within(table).getByText("No courses yet")).toBeTruthy();
    expect(within(table).getByText("Start by creating your first course")).toBeTruthy();
    expectComingSoon("Add New Course");
    expectComingSoon("Create First Course");
    // Only the layout's own calls: the shell loads no invented data.
    expect(calls.map((c) => c.path).filter((p) => !["site.info", "notifications.unreadCount"].includes(p))).toEqual([]);
  });

  test("Library Management: counters, disabled search and filters with a reason, 'No books in library'", async () => {
    renderAdmin("/admin/library");
    await screen.findByRole("heading", { level: 1, name: "Library Management" });
    for (const label of ["Total Books", "Available", "Borrowed", "Overdue"])
      expect(screen.getByRole("group", { name: label })).toBeTruthy();
    const search = screen.getByRole("searchbox", { name: "Search books" }) as HTMLInputElement;
    expect(search.disabled).toBe(true);
    expect(document.getElementById(search.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/once books are added/);
    expect((screen.getByRole("combobox", { name: "Category" }) as HTMLSelectElement).disabled).toBe(true);
    expect(
      within(screen.getByRole("combobox", { name: "Status" }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All Status", "Available", "Borrowed", "Reserved"]);
    expect(screen.getByText("No books in library")).toBeTruthy();
    expectComingSoon("Add New Book");
  });

  test("Exam Management: the five tabs each show 'No exams scheduled'", async () => {
    renderAdmin("/admin/exams");
    await screen.findByRole("heading", { level: 1, name: "Exam Management" });
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["All Exams", "Upcoming", "In Progress", "Completed", "Draft"]);
    expect(screen.getByText("No exams scheduled")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Draft" }));
    expect(within(screen.getByRole("tabpanel", { name: "Draft" })).getByText("No exams scheduled")).toBeTruthy();
    expectComingSoon("Create New Exam");
  });
});
