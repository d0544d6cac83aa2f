import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { studies } from "../../../shared/i18n/studies.ts";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { leavingAsks, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "./courses-admin-page.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";

withClientTestRules();

type Row = RouterOutputs["studies"]["list"]["subjects"][number];
const ROW: Row = {
  id: 7,
  code: "BBA-101",
  name: "Principles of Management",
  description: null,
  term: 1,
  sortOrder: 10,
  archived: false,
  programmeId: 3,
  programmeName: "BBA",
  units: 4,
  students: 42,
  materials: 2,
  assignments: 1,
};
const PROGRAMMES: RouterOutputs["studies"]["programmes"] = {
  programmes: [
    {
      id: 3,
      name: "BBA",
      archived: false,
      terms: 6,
      termUnit: "semester",
      students: [{ term: 1, count: 42 }],
      ahead: [{ term: 1, exams: 2, assignments: 1 }],
    },
  ],
};
const SUBJECT: RouterOutputs["studies"]["get"]["subject"] = {
  version: "v7",
  id: 7,
  programmeId: 3,
  programmeName: "BBA",
  term: 1,
  code: "BBA-101",
  name: "Principles of Management",
  description: "Planning and organising.",
  sortOrder: 10,
  archived: false,
  units: [
    { id: 1, position: 1, title: "Planning" },
    { id: 2, position: 2, title: "Organising" },
  ],
};

/** The subject's one assignment, "Case study", with so much handed in and graded. */
const caseStudy = (counts: { submitted: number; graded: number }) => ({
  id: 4,
  subjectId: 7,
  title: "Case study",
  instructions: null,
  dueAt: "2026-12-01T04:30:00.000Z",
  dueLocal: "2026-12-01T10:00",
  maxMarks: 20,
  createdAt: "2026-11-22T06:30:00.000Z",
  ...counts,
});

describe("the office's courses (issue 18)", () => {
  test('no subjects at all, as a new institute opens the page: it says so and offers to add one (walk 23a: "Nothing matches")', async () => {
    renderAdmin("/admin/courses", {
      "studies.list": () => ({ subjects: [], pagination: pagination(0) }),
      "studies.programmes": () => PROGRAMMES,
    });
    expect(await screen.findByText(studies.t("admin.none.title"))).toBeTruthy();
    expect(screen.queryByText(studies.t("admin.noMatch.title"))).toBeNull();
  });

  test("no programme listed yet: Add subject's programme field says where they come from (walk 30a)", async () => {
    renderAdmin("/admin/courses", {
      "studies.list": () => ({ subjects: [], pagination: pagination(0) }),
      "studies.programmes": () => ({ programmes: [] }),
    });
    await screen.findByText(studies.t("admin.none.title"));
    fireEvent.click(screen.getAllByRole("button", { name: studies.t("admin.add") })[0]!);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("No programme is listed yet: add one in Programmes first.")).toBeTruthy();
  });

  test("subjects with their figures; adding one is checked with the shared rules before it is sent", async () => {
    const { sent } = renderAdmin("/admin/courses", {
      "studies.list": () => ({ subjects: [ROW], pagination: pagination(1) }),
      "studies.programmes": () => PROGRAMMES,
      "studies.create": () => ({
        message: "BBA-102 Business Communication was added; its students are enrolled.",
        subject: { ...SUBJECT, id: 8 },
      }),
    });
    const table = await screen.findByRole("table", { name: "Subjects" });
    // Screen readers hear how many were found from the list's status region (ListBody's, there from the start).
    expect((await screen.findByText("1 subject found")).getAttribute("role")).toBe("status");
    const row = (await within(table).findByRole("link", { name: "BBA-101 Principles of Management" })).closest("tr")!;
    expect(within(row).getByText("BBA · Semester 1")).toBeTruthy();
    expect(within(row).getByText("42")).toBeTruthy();

    await waitFor(() => expect((screen.getByRole("button", { name: "Add subject" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Add subject" }));
    const dialog = screen.getByRole("dialog");
    // Six semesters to choose from for a three-year programme.
    expect(within(within(dialog).getByLabelText(/^Term/)).getAllByRole("option")).toHaveLength(6);
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Subject code is required (for example BCOM-101).")).toBeTruthy();
    expect(sent("studies.create")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Subject code/), { target: { value: "bba-102" } });
    fireEvent.change(within(dialog).getByLabelText(/^Subject name/), { target: { value: "Business Communication" } });
    fireEvent.change(within(dialog).getByLabelText(/^Units/), { target: { value: "Basics\n\nLetters" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent("studies.create")).toHaveLength(1));
    expect(sent("studies.create")[0]).toMatchObject({ programmeId: "3", term: "1", code: "bba-102", units: ["Basics", "", "Letters"] });
    await screen.findByText("BBA-102 Business Communication was added; its students are enrolled.");
  });

  test("editing sends the version it was opened from; a colleague's save since is refused with its words, the typed name kept (stop 48)", async () => {
    const changed =
      "Someone else changed this subject after you opened the form, so your save would undo their change. Nothing was saved: close the form, open it again to see the subject as it is now, then make your change.";
    const { sent } = renderAdmin("/admin/courses", {
      "studies.list": () => ({ subjects: [ROW], pagination: pagination(1) }),
      "studies.programmes": () => PROGRAMMES,
      "studies.get": () => ({ subject: SUBJECT }),
      "studies.update": () => new TrpcFailure(changed, 409),
    });
    const table = await screen.findByRole("table", { name: "Subjects" });
    fireEvent.click(await within(table).findByRole("button", { name: "Edit BBA-101" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit BBA-101" });
    fireEvent.change(within(dialog).getByLabelText(/^Subject name/), { target: { value: "Principles of Management I" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(changed)).toBeTruthy();
    expect(sent("studies.update")[0]).toMatchObject({ id: 7, version: "v7", name: "Principles of Management I" });
    expect((within(dialog).getByLabelText(/^Subject name/) as HTMLInputElement).value).toBe("Principles of Management I");
  });

  test("moving a programme's students on: how many move, what else it touches (exams to come, open assignments), then the server's answer", async () => {
    const { sent } = renderAdmin("/admin/courses", {
      "studies.list": () => ({ subjects: [ROW], pagination: pagination(1) }),
      "studies.programmes": () => PROGRAMMES,
      "studies.moveTerm": () => ({ message: "42 students moved from term 1 to term 2.", moved: 42 }),
    });
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Move students to next term" }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole("button", { name: "Move students to next term" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText("42 students will move.")).toBeTruthy();
    // Said before the office confirms (QA3 2: the move took an announced exam away silently).
    expect(
      within(dialog).getByText("2 exams of Semester 1's subjects are still to come: they stay theirs (admit card, marks and results)."),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        "1 assignment of Semester 1's subjects is still open: it closes for these students, and work not handed in can no longer be handed in.",
      ),
    ).toBeTruthy();
    // The same six named semesters as the subject form offers.
    const to = within(within(dialog).getByLabelText("Move them to")).getAllByRole("option");
    expect(to.map((o) => o.textContent)).toEqual(["Semester 1", "Semester 2", "Semester 3", "Semester 4", "Semester 5", "Semester 6"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Move 42 students" }));
    await screen.findByText("42 students moved from term 1 to term 2.");
    expect(sent("studies.moveTerm")).toEqual([{ programmeId: 3, fromTerm: 1, toTerm: 2 }]);
  });

  test("moving students back a term: the old term's exams to come are no longer theirs, and each of them is told which", async () => {
    const programme = { ...PROGRAMMES.programmes[0]!, students: [{ term: 2, count: 5 }], ahead: [{ term: 2, exams: 1, assignments: 0 }] };
    renderAdmin("/admin/courses", {
      "studies.list": () => ({ subjects: [ROW], pagination: pagination(1) }),
      "studies.programmes": () => ({ programmes: [programme] }),
    });
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Move students to next term" }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole("button", { name: "Move students to next term" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Move them to"), { target: { value: "1" } });
    expect(
      within(dialog).getByText(
        "1 exam of Semester 2's subjects is still to come: these students will no longer take it; each of them is told which.",
      ),
    ).toBeTruthy();
  });

  test("a double click on Move sends one move while the first call is on its way", async () => {
    const { sent } = renderAdmin("/admin/courses", {
      "studies.list": () => ({ subjects: [ROW], pagination: pagination(1) }),
      "studies.programmes": () => PROGRAMMES,
      "studies.moveTerm": neverAnswers,
    });
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Move students to next term" }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole("button", { name: "Move students to next term" }));
    const move = within(screen.getByRole("dialog")).getByRole("button", { name: "Move 42 students" });
    await doubleClickSendsOnce(move, () => sent("studies.moveTerm"));
  });

  test("a subject's page: its units, materials (a link must be https) and assignments", async () => {
    const { sent } = renderAdmin("/admin/courses/7", {
      "studies.get": () => ({ subject: SUBJECT }),
      "studies.programmes": () => PROGRAMMES,
      "studies.materials": () => ({ materials: [] }),
      "studies.assignments": () => ({
        assignments: [caseStudy({ submitted: 3, graded: 1 })],
        students: 42,
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "BBA-101 Principles of Management" });
    expect(screen.getByText("Organising")).toBeTruthy();
    expect(await screen.findByText("No materials yet.")).toBeTruthy();
    const assignments = await screen.findByRole("table", { name: "Assignments" });
    expect(within(assignments).getByRole("link", { name: "Case study" }).getAttribute("href")).toBe("/admin/courses/7/assignments/4");
    expect(within(assignments).getByText("3 of 42 · 1 graded")).toBeTruthy();
    // Due as the institute's clock shows it (10:00 in Pune), whatever this device's own time zone.
    expect(within(assignments).getByText("1 Dec 2026, 10:00 am")).toBeTruthy();
    // Work was handed in: it cannot be deleted.
    expect(within(assignments).queryByRole("button", { name: /Delete/ })).toBeNull();

    fireEvent.click(screen.getByLabelText("Web link"));
    expect(leavingAsks()).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Lecture" } });
    // A material begun and not added: leaving asks first (stop 45).
    expect(leavingAsks()).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Web address/), { target: { value: "http://example.org/lecture" } });
    fireEvent.click(screen.getByRole("button", { name: "Add material" }));
    expect(await screen.findByText("Only secure https:// addresses can be shared with students.")).toBeTruthy();
    expect(sent("studies.addLink")).toEqual([]);
  });

  test("a double click on Add material adds one while the first call is on its way", async () => {
    const { sent } = renderAdmin("/admin/courses/7", {
      "studies.get": () => ({ subject: SUBJECT }),
      "studies.programmes": () => PROGRAMMES,
      "studies.materials": () => ({ materials: [] }),
      "studies.assignments": () => ({ assignments: [], students: 42 }),
      "studies.addLink": neverAnswers,
    });
    expect(await screen.findByText("No materials yet.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Web link"));
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Lecture" } });
    fireEvent.change(screen.getByLabelText(/^Web address/), { target: { value: "https://example.org/lecture" } });
    const add = screen.getByRole("button", { name: "Add material" });
    await doubleClickSendsOnce(add, () => sent("studies.addLink"));
  });

  test("deleting an assignment asks first; a refusal stays in the dialog and is gone when asked again; then the server's words", async () => {
    let refuse = true;
    const { sent } = renderAdmin("/admin/courses/7", {
      "studies.get": () => ({ subject: SUBJECT }),
      "studies.programmes": () => PROGRAMMES,
      "studies.materials": () => ({ materials: [] }),
      "studies.assignments": () => ({
        assignments: [caseStudy({ submitted: 0, graded: 0 })],
        students: 42,
      }),
      "studies.deleteAssignment": () =>
        refuse ? new TrpcFailure("Work was handed in for this assignment.", 409) : { message: "Case study was deleted." },
    });
    const remove = await screen.findByRole("button", { name: "Delete Case study" });
    fireEvent.click(remove);
    let dialog = await screen.findByRole("dialog", { name: "Delete this assignment?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await within(dialog).findByText("Work was handed in for this assignment.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    refuse = false;
    fireEvent.click(remove);
    dialog = await screen.findByRole("dialog", { name: "Delete this assignment?" });
    expect(within(dialog).queryByText("Work was handed in for this assignment.")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await screen.findByText("Case study was deleted.");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent("studies.deleteAssignment")).toEqual([{ id: 4 }, { id: 4 }]);
  });
});
