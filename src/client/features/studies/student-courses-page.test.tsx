import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { changeLocale } from "../../lib/i18n.tsx";
import { FakeXhr, leavingAsks, onDeviceTimeZone, STUDENT, withClientTestRules, withFakeXhr } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { renderStudentAt } from "../student/student-testing.tsx";
import "./student-courses-page.tsx";

withClientTestRules();
withFakeXhr();

// A device outside India: the page still shows the institute's clock.
onDeviceTimeZone("UTC");

type Mine = RouterOutputs["studies"]["mine"];
const past = new Date(Date.now() - 2 * 86_400_000).toISOString();

const MINE: Mine = {
  programme: "BBA",
  term: 2,
  termUnit: "semester",
  courses: [
    {
      id: 11,
      code: "BBA-201",
      name: "Marketing Management",
      description: "Customers and markets.",
      term: 2,
      status: "in_progress",
      progress: { done: 1, total: 2, percent: 50 },
      units: [
        { id: 101, position: 1, title: "Marketing concepts", done: true },
        { id: 102, position: 2, title: "Consumer behaviour", done: false },
      ],
      materials: [
        {
          id: 5,
          subjectId: 11,
          unitId: 102,
          title: "Buyer personas",
          kind: "link",
          fileName: null,
          sizeBytes: null,
          url: "https://example.org/personas",
          createdAt: past,
          createdLocal: past.slice(0, 16),
        },
        {
          id: 6,
          subjectId: 11,
          unitId: null,
          title: "Course handbook",
          kind: "file",
          fileName: "handbook.pdf",
          sizeBytes: 204_800,
          url: "/api/studies/materials/6/file",
          // 01:30 on 26 November in India is still 25 November in UTC.
          createdAt: "2026-11-25T20:00:00.000Z",
          createdLocal: "2026-11-26T01:30",
        },
      ],
      assignments: [
        {
          id: 21,
          title: "Market survey",
          instructions: "Survey ten shops.",
          // 08:30 on the institute's clock (India) is 03:00 in UTC.
          dueAt: "2099-11-29T03:00:00.000Z",
          dueLocal: "2099-11-29T08:30",
          maxMarks: 20,
          submission: null,
        },
        {
          id: 22,
          title: "Pricing memo",
          instructions: null,
          dueAt: past,
          dueLocal: past.slice(0, 16),
          maxMarks: 10,
          submission: {
            fileName: "memo.pdf",
            fileUrl: "/api/studies/submissions/9/file",
            note: null,
            // 08:30 on the institute's clock is 03:00 in UTC.
            submittedAt: "2026-11-26T03:00:00.000Z",
            submittedLocal: "2026-11-26T08:30",
            late: true,
            marks: 8,
            comment: "Good reasoning",
            gradedAt: past,
          },
        },
      ],
    },
    {
      id: 10,
      code: "BBA-101",
      name: "Principles of Management",
      description: null,
      term: 1,
      status: "completed",
      progress: { done: 4, total: 4, percent: 100 },
      units: [],
      materials: [],
      assignments: [],
    },
  ],
};

describe("the student's courses (issue 18)", () => {
  test("this term's subjects with their progress, and the earlier ones", async () => {
    renderStudentAt("/student/courses", { "studies.mine": () => MINE });
    await screen.findByRole("heading", { level: 1, name: "My courses" });
    expect(await screen.findByText("BBA · Semester 2: your subjects, their units, materials and assignments.")).toBeTruthy();
    const card = await screen.findByRole("link", { name: /Marketing Management/ });
    // Among the cards' bars, each names its subject (walk 30b: "1 of 2 units done" alone, for every card).
    expect(
      within(card)
        .getByRole("progressbar", { name: /Marketing Management: 1 of 2 units done$/ })
        .getAttribute("aria-valuenow"),
    ).toBe("50");
    expect(within(card).getByText("2 materials · 1 assignment to do")).toBeTruthy();
    const earlier = screen.getByRole("heading", { name: "Completed in earlier terms" }).parentElement!;
    expect(within(earlier).getByRole("link", { name: "BBA-101 Principles of Management" })).toBeTruthy();
  });

  test("one subject: ticking a unit, materials by unit, assignments with their state; handing in needs a PDF", async () => {
    const { sent } = renderStudentAt("/student/courses/11", {
      "studies.mine": () => MINE,
      "studies.setUnitDone": (input) => input,
    });
    await screen.findByRole("heading", { level: 1, name: "BBA-201 Marketing Management" });
    const unit = screen.getByRole("checkbox", { name: "Unit 2: Consumer behaviour" });
    expect((unit as HTMLInputElement).checked).toBe(false);
    fireEvent.click(unit);
    await waitFor(() => expect(sent("studies.setUnitDone")).toEqual([{ unitId: 102, done: true }]));
    // A unit's own material sits under it; the handbook is for the whole subject.
    const unitItem = unit.closest("li")!;
    expect(within(unitItem).getByRole("link", { name: "Open Buyer personas" }).getAttribute("href")).toBe("https://example.org/personas");
    const general = screen.getByRole("heading", { name: "Materials for the whole subject" }).parentElement!;
    expect(within(general).getByRole("button", { name: "Download Course handbook" })).toBeTruthy();
    // When it was added, on the institute's calendar (decision 023, third round).
    expect(within(general).getByText(/· 26 Nov 2026$/)).toBeTruthy();

    const survey = screen.getByRole("article", { name: "Market survey" });
    expect(within(survey).getByText("To do")).toBeTruthy();
    // Due on the institute's clock, whatever the device's time zone (this test runs in UTC).
    expect(within(survey).getByText(/^Due 29 November 2099 at 8:30 am/)).toBeTruthy();
    const memo = screen.getByRole("article", { name: "Pricing memo" });
    expect(within(memo).getByText("8 / 10")).toBeTruthy();
    expect(within(memo).getByText("Comment: Good reasoning")).toBeTruthy();
    // Handed in on the institute's clock too, like the due time.
    expect(within(memo).getByText(/^You handed in memo.pdf on 26 November 2026 at 8:30 am\./)).toBeTruthy();
    // Graded work cannot be replaced: no form under it.
    expect(within(memo).queryByRole("button", { name: "Replace" })).toBeNull();

    fireEvent.click(within(survey).getByRole("button", { name: "Hand in" }));
    expect(await within(survey).findByRole("alert")).toHaveProperty("textContent", "Choose your work as a PDF to submit.");
    // A note written and not handed in: leaving asks first (stop 45).
    expect(leavingAsks()).toBe(false);
    fireEvent.change(within(survey).getByLabelText(/^Note/), { target: { value: "Tables on page 3" } });
    expect(leavingAsks()).toBe(true);
  });

  test("after the due time the form says a hand-in is late, and that replacing on-time work makes it late (sixth walk)", async () => {
    const assignment = MINE.courses[0]!.assignments[0]!;
    const onTime = { ...MINE.courses[0]!.assignments[1]!.submission!, late: false, marks: null, comment: null, gradedAt: null };
    const mine = {
      ...MINE,
      courses: [
        {
          ...MINE.courses[0]!,
          assignments: [
            { ...assignment, id: 31, title: "Overdue essay", dueAt: past, dueLocal: past.slice(0, 16) },
            {
              ...assignment,
              id: 32,
              title: "On-time report",
              dueAt: past,
              dueLocal: past.slice(0, 16),
              submission: { ...onTime, note: "First version" },
            },
            {
              ...assignment,
              id: 33,
              title: "Late report",
              dueAt: past,
              dueLocal: past.slice(0, 16),
              submission: { ...onTime, late: true },
            },
          ],
        },
        MINE.courses[1]!,
      ],
    };
    renderStudentAt("/student/courses/11", { "studies.mine": () => mine });
    const overdue = await screen.findByRole("article", { name: "Overdue essay" });
    const said = (name: string) => within(screen.getByRole("article", { name })).getByLabelText("Your work (PDF)") as HTMLElement;
    expect(within(overdue).getByText("The due time has passed: work handed in now is marked late.")).toBeTruthy();
    const onTimeCard = screen.getByRole("article", { name: "On-time report" });
    const warning = within(onTimeCard).getByText(/a replacement now would be marked late\.$/);
    // Read with the file input, before a file is chosen.
    expect(said("On-time report").getAttribute("aria-describedby")).toContain(warning.id);
    // Already late: nothing more to warn of. Not yet due: nothing either.
    expect(within(screen.getByRole("article", { name: "Late report" })).queryByText(/due time has passed/)).toBeNull();
    expect(screen.getAllByText(/due time has passed/)).toHaveLength(2);
    // The note handed in with the work stands in the replacement's note, not lost by sending the form (ninth walk).
    expect((within(onTimeCard).getByLabelText(/^Note/) as HTMLTextAreaElement).value).toBe("First version");
  });

  test("a file that is not a PDF is refused as it is chosen, before any upload (seventh walk)", async () => {
    renderStudentAt("/student/courses/11", { "studies.mine": () => MINE });
    const survey = await screen.findByRole("article", { name: "Market survey" });
    const input = within(survey).getByLabelText("Your work (PDF)") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(8)], "photo.jpg", { type: "image/jpeg" })] } });
    expect(within(survey).getByRole("alert").textContent).toBe("Your work must be a PDF file.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(8)], "survey.pdf", { type: "application/pdf" })] } });
    expect(within(survey).queryByRole("alert")).toBeNull();
  });

  test("handing in: focus goes to the work as handed in, and back to the file when the server refuses it (QA3 8)", async () => {
    let handedIn = false;
    renderStudentAt("/student/courses/11", {
      "studies.mine": () => {
        if (!handedIn) return MINE;
        const [course, ...rest] = MINE.courses;
        const submission = { ...course!.assignments[1]!.submission!, fileName: "survey.pdf", marks: null, comment: null, gradedAt: null };
        const [survey, memo] = course!.assignments;
        return { ...MINE, courses: [{ ...course!, assignments: [{ ...survey!, submission }, memo!] }, ...rest] };
      },
    });
    const survey = await screen.findByRole("article", { name: "Market survey" });
    const file = within(survey).getByLabelText("Your work (PDF)") as HTMLInputElement;
    const pdf = new File(["%PDF-1.4"], "survey.pdf", { type: "application/pdf" });

    // Refused by the server: the message beside the file, and focus back on it.
    fireEvent.change(file, { target: { files: [pdf] } });
    fireEvent.click(within(survey).getByRole("button", { name: "Hand in" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(400, { success: false, message: "Check the file", errors: { file: ["This file is not a PDF."] } }));
    expect(await within(survey).findByRole("alert")).toHaveProperty("textContent", "This file is not a PDF.");
    expect(document.activeElement).toBe(within(survey).getByLabelText("Your work (PDF)"));

    // Accepted: once the work shows as handed in, it has focus (not the page).
    fireEvent.change(within(survey).getByLabelText("Your work (PDF)"), { target: { files: [pdf] } });
    fireEvent.click(within(survey).getByRole("button", { name: "Hand in" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    handedIn = true;
    act(() => FakeXhr.sent[1]!.respond(200, { success: true, data: { message: "Your work is handed in." } }));
    const line = await within(survey).findByText(/^You handed in survey.pdf on/);
    await waitFor(() => expect(document.activeElement).toBe(line));
  });

  test("a slow hand-in can be cancelled beside its progress: nothing handed in, the file and note kept for another try (walk 33b)", async () => {
    renderStudentAt("/student/courses/11", { "studies.mine": () => MINE });
    const survey = await screen.findByRole("article", { name: "Market survey" });
    const pdf = new File(["%PDF-1.4"], "survey.pdf", { type: "application/pdf" });
    fireEvent.change(within(survey).getByLabelText("Your work (PDF)"), { target: { files: [pdf] } });
    fireEvent.change(within(survey).getByLabelText(/^Note for your teacher/), { target: { value: "Pages 3-4 redone" } });
    expect(within(survey).queryByRole("button", { name: "Cancel upload" })).toBeNull();
    fireEvent.click(within(survey).getByRole("button", { name: "Hand in" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.progress(11, 100));
    fireEvent.click(await within(survey).findByRole("button", { name: "Cancel upload" }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(await screen.findByText("Upload cancelled: nothing was handed in. Your file and note are still here.")).toBeTruthy();
    expect(within(survey).queryByRole("alert")).toBeNull();
    expect(within(survey).queryByRole("progressbar")).toBeNull();
    expect((within(survey).getByLabelText(/^Note for your teacher/) as HTMLTextAreaElement).value).toBe("Pages 3-4 redone");
    expect(document.activeElement).toBe(within(survey).getByRole("button", { name: "Hand in" }));
    // Tried again, it goes as one more request with the same file.
    fireEvent.click(within(survey).getByRole("button", { name: "Hand in" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(((FakeXhr.sent[1]!.body as FormData).get("file") as File).name).toBe("survey.pdf");
  });

  test("a note too long is said under the note, once, with the focus there: before sending, and when the server says so (walk 15b)", async () => {
    renderStudentAt("/student/courses/11", { "studies.mine": () => MINE });
    const survey = await screen.findByRole("article", { name: "Market survey" });
    fireEvent.change(within(survey).getByLabelText("Your work (PDF)"), {
      target: { files: [new File(["%PDF-1.4"], "survey.pdf", { type: "application/pdf" })] },
    });
    const note = within(survey).getByLabelText("Note for your teacher (optional)") as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: "a".repeat(1001) } });
    fireEvent.click(within(survey).getByRole("button", { name: "Hand in" }));
    expect(FakeXhr.sent).toHaveLength(0);
    const said = within(survey).getAllByText("Must be at most 1,000 characters");
    expect(said).toHaveLength(1);
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(note);

    fireEvent.change(note, { target: { value: "Done" } });
    fireEvent.click(within(survey).getByRole("button", { name: "Hand in" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(400, { success: false, message: "Note: too long", errors: { note: ["Too long for the office"] } }));
    expect(await within(survey).findAllByText("Too long for the office")).toHaveLength(1);
    expect(document.activeElement).toBe(note);
    expect(within(survey).queryByText("Note: too long")).toBeNull();
  });

  test("an earlier term's assignment never handed in says it is closed and why, not 'To do' (QA3 2)", async () => {
    const [current, earlier] = MINE.courses;
    const survey = { ...current!.assignments[0]!, id: 31, title: "Old survey" };
    renderStudentAt("/student/courses/10", {
      "studies.mine": () => ({ ...MINE, courses: [current!, { ...earlier!, assignments: [survey] }] }),
    });
    const card = await screen.findByRole("article", { name: "Old survey" });
    expect(within(card).getByText("Not handed in")).toBeTruthy();
    expect(within(card).queryByText("To do")).toBeNull();
    expect(within(card).getByText("This subject's term is over: its assignments can no longer be submitted.")).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Hand in" })).toBeNull();
  });

  test("a subject the student does not study says so", async () => {
    renderStudentAt("/student/courses/999", { "studies.mine": () => MINE });
    await screen.findByText("You do not study this subject, or it is no longer offered.");
    expect(screen.getByRole("link", { name: "← All my courses" })).toBeTruthy();
    // The page keeps its h1 (thirteenth walk).
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("My courses");
  });
});

describe("the student's courses in Hindi", () => {
  // Test files share one process: leave it in English for the files after this one (the page gone first).
  afterEach(async () => {
    cleanup();
    await changeLocale("en", { keep: false });
  });

  test("a due time and a hand-in time read as one Hindi phrase: no doubled को, no 'am' inside को … बजे", async () => {
    await changeLocale("hi");
    const [course] = MINE.courses;
    const [survey, memo] = course!.assignments;
    renderStudentAt(
      "/student/courses/11",
      { "studies.mine": () => ({ ...MINE, courses: [{ ...course!, assignments: [survey!, memo!] }] }) },
      { user: { ...STUDENT, language: "hi" } },
    );
    expect(await screen.findByText(/^अंतिम समय 29 नवंबर 2099 को सुबह 8:30 बजे/)).toBeTruthy();
    expect(screen.getByText(/^आपने 26 नवंबर 2026 को सुबह 8:30 बजे memo.pdf जमा किया।/)).toBeTruthy();
  });
});
