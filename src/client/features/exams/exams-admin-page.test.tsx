import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "./exams-admin-page.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";

withClientTestRules();

type OfficeExam = RouterOutputs["exams"]["list"]["exams"][number];
type Exam = RouterOutputs["exams"]["get"]["exam"];
type Row = RouterOutputs["exams"]["marks"]["students"][number];
type Report = RouterOutputs["exams"]["uploadMarks"];

/** The dry run of a clean file of two rows: nothing is saved yet. */
const CLEAN_FILE: Report = {
  dryRun: true,
  saved: false,
  rows: 2,
  ready: 2,
  absent: 0,
  problems: [],
  message: "2 rows checked, no problems (0 absent). Nothing is saved until you save them.",
};

const EXAM: OfficeExam = {
  id: 12,
  subjectId: 5,
  title: "Term-end examination",
  startsAt: "2026-11-21T04:30:00.000Z",
  startsLocal: "2026-11-21T10:00",
  date: "2026-11-21",
  time: "10:00",
  durationMinutes: 180,
  centre: "Pune study centre",
  maxMarks: 100,
  passMarks: 40,
  status: "scheduled",
  phase: "awaiting",
  resultsPublishedAt: null,
  resultsPublishedLocal: null,
  version: "2026-11-20T09:00:00.000Z",
  subject: { id: 5, code: "BBA-101", name: "Principles of Management", term: 1, termUnit: "year", programmeName: "BBA" },
  candidates: 2,
  marked: 1,
};
const COUNTS = { total: 3, upcoming: 1, awaiting: 1, published: 1, cancelled: 0 };
const SUBJECTS = {
  subjects: [
    { id: 5, code: "BBA-101", name: "Principles of Management", term: 1, termUnit: "year" as const, programmeId: 2, programmeName: "BBA" },
  ],
};

const detail = (over: Partial<Exam> = {}): { exam: Exam; timeZone: string } => ({
  exam: {
    ...EXAM,
    subject: { id: 5, code: "BBA-101", name: "Principles of Management", term: 1, termUnit: "year", programmeId: 2, programmeName: "BBA" },
    absent: 0,
    passed: 1,
    ...over,
  },
  timeZone: "Asia/Kolkata",
});
const ROWS: Row[] = [
  {
    userId: 31,
    studentId: "STU0001",
    name: "Priya Sharma",
    marks: 72,
    absent: false,
    entered: true,
    enteredAt: "2026-11-21T12:00:00.000Z",
  },
  { userId: 32, studentId: "STU0002", name: "Ravi Kumar", marks: null, absent: false, entered: false, enteredAt: null },
];

describe("/admin/exams: the list", () => {
  test("counters, the server's filter and search, each exam's stage and marks; staff may use it", async () => {
    const { sent } = renderAdmin(
      "/admin/exams?status=awaiting",
      {
        "exams.list": () => ({ exams: [EXAM], pagination: pagination(1), counts: COUNTS, timeZone: "Asia/Kolkata" }),
      },
      STAFF,
    );
    await screen.findByRole("heading", { level: 1, name: "Exams" });
    for (const [label, value] of [
      ["Upcoming", "1"],
      ["Awaiting results", "1"],
      ["Results published", "1"],
      ["Cancelled", "0"],
    ] as const)
      expect(within(await screen.findByRole("group", { name: label })).getByText(value)).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Exams" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(row.textContent).toContain("Term-end examination");
    expect(row.textContent).toContain("BBA · Year 1");
    expect(within(row).getByText("21 Nov 2026")).toBeTruthy();
    expect(within(row).getByText("1 of 2 entered")).toBeTruthy();
    expect(within(row).getByText("Awaiting results")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Marks: Term-end examination (BBA-101)" }).getAttribute("href")).toBe(
      "/admin/exams/12/marks",
    );
    expect(sent("exams.list")[0]).toEqual({ page: 1, limit: 10, search: "", status: "awaiting" });
    expect((screen.getByRole("combobox", { name: "Show" }) as HTMLSelectElement).value).toBe("awaiting");
  });

  test("cancelling asks first; a refusal stays in the dialog and is gone when it is asked again; then the server's words", async () => {
    let refuse = true;
    const { sent } = renderAdmin("/admin/exams", {
      "exams.list": () => ({ exams: [EXAM], pagination: pagination(1), counts: COUNTS, timeZone: "Asia/Kolkata" }),
      "exams.cancel": () =>
        refuse
          ? new TrpcFailure("Marks are already entered for this exam.", 409)
          : { message: "Term-end examination is cancelled.", ...detail({ status: "cancelled" }) },
    });
    const cancelButton = await screen.findByRole("button", { name: "Cancel exam: Term-end examination (BBA-101)" });
    fireEvent.click(cancelButton);
    let dialog = await screen.findByRole("dialog", { name: "Cancel this exam?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel exam" }));
    await within(dialog).findByText("Marks are already entered for this exam.");
    // Not "Cancel" beside "Cancel exam": the button that leaves the exam as it is says so.
    expect(within(dialog).queryByRole("button", { name: "Cancel" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep the exam" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    refuse = false;
    fireEvent.click(cancelButton);
    dialog = await screen.findByRole("dialog", { name: "Cancel this exam?" });
    expect(within(dialog).queryByText("Marks are already entered for this exam.")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel exam" }));
    await screen.findByText("Term-end examination is cancelled.");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent("exams.cancel")).toEqual([{ id: 12 }, { id: 12 }]);
  });

  test("scheduling: the shared schema's messages beside the fields, then the form as typed goes to the server", async () => {
    const { sent } = renderAdmin("/admin/exams", {
      "exams.list": () => ({ exams: [], pagination: pagination(0), counts: { ...COUNTS, total: 0 }, timeZone: "Asia/Kolkata" }),
      "studies.subjectOptions": () => SUBJECTS,
      "exams.schedule": () => ({ message: "Term-end examination is scheduled.", ...detail({ phase: "upcoming" }) }),
    });
    fireEvent.click((await screen.findAllByRole("button", { name: "Schedule exam" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Schedule exam" });
    await within(dialog).findByRole("option", { name: "BBA-101 Principles of Management (BBA, Year 1)" });
    expect(within(dialog).getByText("On the institute's clock (India Standard Time)")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Pass marks/), { target: { value: "150" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await within(dialog).findByText("Choose the subject of the exam from the list.")).toBeTruthy();
    expect(within(dialog).getByText("Enter the date of the exam.")).toBeTruthy();
    expect(within(dialog).getByText("Enter the exam centre (where students sit the exam).")).toBeTruthy();
    expect(document.activeElement?.id).toBe("exam-subjectId");

    fireEvent.change(within(dialog).getByLabelText(/Subject/), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: "Term-end examination" } });
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: "2026-12-01" } });
    fireEvent.change(within(dialog).getByLabelText(/Exam centre/), { target: { value: "Pune study centre" } });
    // The rule across two fields shows once the fields themselves are right.
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await within(dialog).findByText("Pass marks cannot be more than the maximum marks.")).toBeTruthy();
    expect(sent("exams.schedule")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Pass marks/), { target: { value: "40" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    await waitFor(() =>
      expect(sent("exams.schedule")).toEqual([
        {
          subjectId: "5",
          title: "Term-end examination",
          date: "2026-12-01",
          time: "10:00",
          durationMinutes: "180",
          centre: "Pune study centre",
          maxMarks: "100",
          passMarks: "40",
        },
      ]),
    );
    expect(await screen.findByText("Term-end examination is scheduled.")).toBeTruthy();
  });
});

describe("/admin/exams: editing", () => {
  test("an edit says what it was filled from; a colleague's save since is refused with the server's words, the form kept (walk 16b)", async () => {
    const { sent } = renderAdmin("/admin/exams", {
      "exams.list": () => ({ exams: [EXAM], pagination: pagination(1), counts: COUNTS, timeZone: "Asia/Kolkata" }),
      "studies.subjectOptions": () => SUBJECTS,
      "exams.update": () => new TrpcFailure("Someone else changed this exam after you opened the form.", 409),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit: Term-end examination (BBA-101)" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Term-end examination" });
    fireEvent.change(within(dialog).getByLabelText(/Exam centre/), { target: { value: "Mumbai office" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await within(dialog).findByText("Someone else changed this exam after you opened the form.");
    expect(sent("exams.update")).toEqual([
      expect.objectContaining({ id: 12, version: "2026-11-20T09:00:00.000Z", centre: "Mumbai office" }),
    ]);
    expect((within(dialog).getByLabelText(/Exam centre/) as HTMLInputElement).value).toBe("Mumbai office");
  });
});

describe("/admin/exams/<id>/marks", () => {
  test("the form sends only the changed rows; a row the server refuses shows its message beside it", async () => {
    let attempt = 0;
    const { sent } = renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail(),
      "exams.marks": () => ({ students: ROWS, pagination: pagination(2, 1, 50) }),
      "exams.saveMarks": () => {
        attempt += 1;
        return attempt === 1
          ? new TrpcFailure("Marks cannot be more than the maximum, 100.", 400, {
              "entries.0.marks": ["This student does not take this exam."],
            })
          : { message: "Marks saved for 1 student.", saved: 1 };
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Term-end examination: marks" });
    const ravi = await screen.findByRole("textbox", { name: "Marks of Ravi Kumar" });
    expect((screen.getByRole("textbox", { name: "Marks of Priya Sharma" }) as HTMLInputElement).value).toBe("72");
    // The client's own check first: not a whole number.
    fireEvent.change(ravi, { target: { value: "4.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
    expect(await screen.findByText("Marks must be a whole number, 0 or more.")).toBeTruthy();
    expect(sent("exams.saveMarks")).toEqual([]);
    // The server's own rule: "0x1e" is no mark; Devanagari digits are (walk 17: "६०" was refused as "not a whole number").
    fireEvent.change(ravi, { target: { value: "0x1e" } });
    fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
    await waitFor(() => expect(screen.getAllByText("Marks must be a whole number, 0 or more.")).toHaveLength(1));
    fireEvent.change(ravi, { target: { value: "१२०" } });
    fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
    expect(await screen.findByText(/more than the maximum/)).toBeTruthy();
    expect(sent("exams.saveMarks")).toEqual([]);
    fireEvent.change(ravi, { target: { value: "५५" } });
    fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
    expect(await screen.findByText("This student does not take this exam.")).toBeTruthy();
    expect(ravi.getAttribute("aria-invalid")).toBe("true");
    expect(sent("exams.saveMarks")).toEqual([
      { id: 12, publishedAt: null, entries: [{ userId: 32, marks: "५५", absent: false, was: null }] },
    ]);
    // Absent instead: the marks box empties and the row is sent as absent.
    fireEvent.click(screen.getByRole("checkbox", { name: "Ravi Kumar was absent" }));
    fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
    await waitFor(() =>
      expect(sent("exams.saveMarks")[1]).toEqual({
        id: 12,
        publishedAt: null,
        entries: [{ userId: 32, marks: null, absent: true, was: null }],
      }),
    );
    expect(await screen.findByText("Marks saved for 1 student.")).toBeTruthy();
  });

  test("a mark saved over an absence keeps the focus in its box while the saved rows are read back (walk 22c)", async () => {
    let stored: Row[] = [ROWS[0]!, { ...ROWS[1]!, absent: true, entered: true, enteredAt: "2026-11-21T12:00:00.000Z" }];
    renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail(),
      "exams.marks": async () => {
        // Read back a moment later, as over a network.
        await new Promise((r) => setTimeout(r, 30));
        return { students: stored, pagination: pagination(2, 1, 50) };
      },
      "exams.saveMarks": () => {
        stored = [ROWS[0]!, { ...ROWS[1]!, marks: 60, entered: true, enteredAt: "2026-11-22T12:00:00.000Z" }];
        return { message: "Marks saved for 1 student.", saved: 1 };
      },
    });
    const absent = await screen.findByRole("checkbox", { name: "Ravi Kumar was absent" });
    const ravi = screen.getByRole("textbox", { name: "Marks of Ravi Kumar" }) as HTMLInputElement;
    expect(ravi.disabled).toBe(true);
    fireEvent.click(absent);
    fireEvent.change(ravi, { target: { value: "60" } });
    ravi.focus();
    fireEvent.submit(ravi.closest("form")!);
    expect(await screen.findByText("Marks saved for 1 student.")).toBeTruthy();
    // While the saved rows come back, the box neither shows the stored absence (disabled) nor loses the focus.
    expect(ravi.disabled).toBe(false);
    expect(document.activeElement).toBe(ravi);
    // (a real wait: the read-back answers after 30 ms)
    for (let i = 0; i < 40 && screen.queryByRole("button", { name: "Save 1 change" }); i++)
      await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole("button", { name: "Save 0 changes" })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Marks of Ravi Kumar" }).value).toBe("60");
    expect(document.activeElement?.id).toBe("marks-32");
  });

  test("another page or a search with marks typed and unsaved asks first; staying keeps them (thirteenth walk)", async () => {
    const { sent } = renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail(),
      "exams.marks": () => ({ students: ROWS, pagination: pagination(120, 1, 50) }),
    });
    const ravi = await screen.findByRole("textbox", { name: "Marks of Ravi Kumar" });
    // Nothing typed: the next page opens at once.
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(sent("exams.marks").some((input) => (input as { page: number }).page === 2)).toBe(true));
    fireEvent.change(ravi, { target: { value: "61" } });
    // A reload asks too (walk 13b).
    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(dialog.textContent).toContain("1 mark typed on this page is not saved yet. If you go on, it is lost.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay on this page" }));
    expect(sent("exams.marks").some((input) => (input as { page: number }).page === 3)).toBe(false);
    expect((screen.getByRole("textbox", { name: "Marks of Ravi Kumar" }) as HTMLInputElement).value).toBe("61");
    // A search asks too; staying puts the search box back.
    const search = screen.getByRole("searchbox", { name: "Search students" }) as HTMLInputElement;
    fireEvent.change(search, { target: { value: "Priya" } });
    fireEvent.submit(search.closest("form")!);
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Leave without saving?" })).getByRole("button", { name: "Stay on this page" }),
    );
    await waitFor(() => expect((screen.getByRole("searchbox", { name: "Search students" }) as HTMLInputElement).value).toBe(""));
    expect((screen.getByRole("textbox", { name: "Marks of Ravi Kumar" }) as HTMLInputElement).value).toBe("61");
    // Going on drops them.
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Leave without saving?" })).getByRole("button", { name: "Discard and go on" }),
    );
    await waitFor(() => expect(sent("exams.marks").some((input) => (input as { page: number }).page === 3)).toBe(true));
    expect(sent("exams.saveMarks")).toEqual([]);
  });

  test("a row a colleague saved meanwhile is refused: the message says what is stored now, the typed marks stay, and the next save goes over it (twelfth walk)", async () => {
    const COLLEAGUE_SAVED = "2026-11-22T06:40:00.000Z";
    let colleague = false;
    const { sent } = renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail(),
      "exams.marks": () => ({
        students: colleague ? [{ ...ROWS[0]!, marks: 35, enteredAt: COLLEAGUE_SAVED }, ROWS[1]!] : ROWS,
        pagination: pagination(2, 1, 50),
      }),
      // As the server: a save filled before the colleague's is refused; one made over it goes through.
      "exams.saveMarks": (input) => {
        colleague = true;
        return (input as { entries: { was: string | null }[] }).entries[0]!.was === COLLEAGUE_SAVED
          ? { message: "Marks saved for 1 student.", saved: 1 }
          : new TrpcFailure(
              "1 student's marks were saved by someone else since you opened the page: see the row. Nothing was saved.",
              409,
              {
                "entries.0.marks": [
                  "Someone else saved marks for this student since you opened the page: now 35. Your entry is kept: check it and save again.",
                ],
              },
            );
      },
    });
    const priya = (await screen.findByRole("textbox", { name: "Marks of Priya Sharma" })) as HTMLInputElement;
    fireEvent.change(priya, { target: { value: "90" } });
    fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
    expect(await screen.findByText(/now 35\. Your entry is kept/)).toBeTruthy();
    expect(sent("exams.saveMarks")[0]).toEqual({
      id: 12,
      publishedAt: null,
      entries: [{ userId: 31, marks: "90", absent: false, was: "2026-11-21T12:00:00.000Z" }],
    });
    // The sheet is read again: the typed 90 stays, and a save made after it goes over the colleague's.
    await waitFor(() => expect(sent("exams.marks").length).toBeGreaterThan(1));
    expect(priya.value).toBe("90");
    await waitFor(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
      expect(await screen.findByText("Marks saved for 1 student.", {}, { timeout: 300 })).toBeTruthy();
    });
    expect(sent("exams.saveMarks").at(-1)).toEqual({
      id: 12,
      publishedAt: null,
      entries: [{ userId: 31, marks: "90", absent: false, was: COLLEAGUE_SAVED }],
    });
  });

  test("refused because a colleague saved the same marks: once read again nothing is left to save, and the row's message goes (walk 12b)", async () => {
    let colleague = false;
    const { sent } = renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail(),
      "exams.marks": () => ({
        students: colleague ? [{ ...ROWS[0]!, marks: 90, enteredAt: "2026-11-22T06:40:00.000Z" }, ROWS[1]!] : ROWS,
        pagination: pagination(2, 1, 50),
      }),
      "exams.saveMarks": () => {
        colleague = true;
        return new TrpcFailure(
          "1 student's marks were saved by someone else since you opened the page: see the row. Nothing was saved.",
          409,
          {
            "entries.0.marks": [
              "Someone else saved marks for this student since you opened the page: now 90. Your entry is kept: check it and save again.",
            ],
          },
        );
      },
    });
    const priya = await screen.findByRole("textbox", { name: "Marks of Priya Sharma" });
    fireEvent.change(priya, { target: { value: "90" } });
    fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
    expect(await screen.findByText(/now 90\. Your entry is kept/)).toBeTruthy();
    await screen.findByRole("button", { name: "Save 0 changes" });
    fireEvent.click(screen.getByRole("button", { name: "Save 0 changes" }));
    expect(await screen.findByText("Nothing has changed on this page.")).toBeTruthy();
    expect(screen.queryByText(/now 90\. Your entry is kept/)).toBeNull();
    expect(priya.getAttribute("aria-invalid")).not.toBe("true");
    expect(sent("exams.saveMarks")).toHaveLength(1);
  });

  test("a double click on Save or on Save marks from the file sends once while the first call is on its way", async () => {
    const { sent } = renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail(),
      "exams.marks": () => ({ students: ROWS, pagination: pagination(2, 1, 50) }),
      "exams.saveMarks": neverAnswers,
      "exams.uploadMarks": (input) => ((input as { dryRun: boolean }).dryRun ? CLEAN_FILE : neverAnswers()),
    });
    const ravi = await screen.findByRole("textbox", { name: "Marks of Ravi Kumar" });
    fireEvent.change(ravi, { target: { value: "55" } });
    const saveSheet = screen.getByRole("button", { name: "Save 1 change" });
    await doubleClickSendsOnce(saveSheet, () => sent("exams.saveMarks"));

    const input = screen.getByLabelText("CSV file of marks") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["student_id,marks\nSTU0001,72\n"], "marks.csv", { type: "text/csv" })] } });
    await waitFor(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Check the file" }));
      expect(sent("exams.uploadMarks").length).toBeGreaterThan(0);
    });
    expect(await screen.findByText(CLEAN_FILE.message)).toBeTruthy();
    const saveFile = screen.getByRole("button", { name: "Save marks from the file" }) as HTMLButtonElement;
    await waitFor(() => expect(saveFile.disabled).toBe(false));
    await doubleClickSendsOnce(saveFile, () => sent("exams.uploadMarks").filter((i) => !(i as { dryRun: boolean }).dryRun));
    expect(sent("exams.saveMarks")).toHaveLength(1);
  });

  test("the CSV file: the dry run lists every problem with its row and column; saving opens only for a clean file", async () => {
    const problems: Report = {
      ...CLEAN_FILE,
      rows: 3,
      ready: 0,
      message: "2 problems found. Nothing has been saved: fix them in the file and check again.",
      problems: [
        { row: 2, column: "student_id", kind: "unknownStudent", message: "No student has the ID STU9999." },
        { row: 3, column: "marks", kind: "aboveMax", message: "150 is more than the exam's maximum of 100." },
      ],
    };
    let saved = false;
    const { sent } = renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail(),
      "exams.marks": () => ({
        students: saved ? [ROWS[0]!, { ...ROWS[1]!, absent: true, entered: true, enteredAt: "2026-11-22T10:00:00.000Z" }] : ROWS,
        pagination: pagination(2, 1, 50),
      }),
      "exams.uploadMarks": (input) => {
        const { csv, dryRun } = input as { csv: string; dryRun: boolean };
        if (csv.includes("STU9999")) return problems;
        saved = !dryRun;
        return dryRun ? CLEAN_FILE : { ...CLEAN_FILE, dryRun: false, saved: true, message: "Marks saved for 2 students." };
      },
    });
    // A mark typed and erased again leaves nothing over what the file saves (stop 45).
    const ravi = (await screen.findByRole("textbox", { name: "Marks of Ravi Kumar" })) as HTMLInputElement;
    fireEvent.change(ravi, { target: { value: "61" } });
    fireEvent.change(ravi, { target: { value: "" } });
    const input = (await screen.findByLabelText("CSV file of marks")) as HTMLInputElement;
    const save = screen.getByRole("button", { name: "Save marks from the file" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const choose = (text: string) => fireEvent.change(input, { target: { files: [new File([text], "marks.csv", { type: "text/csv" })] } });

    choose("student_id,marks\nSTU9999,50\nSTU0002,150\n");
    await waitFor(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Check the file" }));
      expect(sent("exams.uploadMarks").length).toBeGreaterThan(0);
    });
    const table = await screen.findByRole("table", { name: "Problems in the file" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["RowColumnWhat to fix", "2student_idNo student has the ID STU9999.", "3marks150 is more than the exam's maximum of 100."]);
    expect(screen.getByText(problems.message)).toBeTruthy();
    expect(save.disabled).toBe(true);
    expect(sent("exams.uploadMarks")[0]).toMatchObject({ id: 12, dryRun: true });

    choose("student_id,marks\nSTU0001,72\nSTU0002,AB\n");
    await waitFor(() => expect(screen.queryByRole("table", { name: "Problems in the file" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Check the file" }));
    expect(await screen.findByText(CLEAN_FILE.message)).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText("Marks saved for 2 students.")).toBeTruthy();
    expect(sent("exams.uploadMarks").at(-1)).toEqual({ id: 12, csv: "student_id,marks\nSTU0001,72\nSTU0002,AB\n", dryRun: false });
    await waitFor(() => expect((screen.getByRole("checkbox", { name: "Ravi Kumar was absent" }) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole("button", { name: "Save 0 changes" })).toBeTruthy();
  });

  test("Publish waits for every student's marks and says why; an untouched page has nothing to save", async () => {
    renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail(),
      "exams.marks": () => ({ students: ROWS, pagination: pagination(2, 1, 50) }),
    });
    const publish = (await screen.findByRole("button", { name: "Publish results" })) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    expect(document.getElementById(publish.getAttribute("aria-describedby")!)?.textContent).toBe(
      "1 student still needs marks (or Absent).",
    );
    // Saving an untouched page sends nothing.
    await screen.findByRole("textbox", { name: "Marks of Ravi Kumar" });
    fireEvent.click(screen.getByRole("button", { name: "Save 0 changes" }));
    expect(await screen.findByText("Nothing has changed on this page.")).toBeTruthy();
  });

  test("with every student marked: confirm, publish, and the page shows the results are out", async () => {
    let exam = detail({ marked: 2 });
    const { sent } = renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => exam,
      "exams.marks": () => ({ students: ROWS.map((r) => ({ ...r, marks: 50, entered: true })), pagination: pagination(2, 1, 50) }),
      "exams.publish": () => {
        // 00:30 on 22 November in India, still 21 November in UTC (this test's device): the institute's day is shown.
        exam = detail({
          phase: "published",
          resultsPublishedAt: "2026-11-21T19:00:00.000Z",
          resultsPublishedLocal: "2026-11-22T00:30",
          marked: 2,
        });
        return { message: "The results of Term-end examination are published; its students have been told.", ...exam };
      },
    });
    const publish = (await screen.findByRole("button", { name: "Publish results" })) as HTMLButtonElement;
    await waitFor(() => expect(publish.disabled).toBe(false));
    publish.focus();
    fireEvent.click(publish);
    const dialog = await screen.findByRole("dialog", { name: "Publish these results?" });
    expect(within(dialog).getByText(/will show on the Exams page of 2 students/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Publish results" }));
    await waitFor(() => expect(sent("exams.publish")).toEqual([{ id: 12 }]));
    expect(await screen.findByText(/Results published on 22 November 2026/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Publish results" })).toBeNull();
    // The button that had the focus is gone: the main region takes it, not the page (tenth walk).
    await waitFor(() => expect(document.activeElement?.id).toBe("main"));
  });

  test("a refused publish stays in the dialog, and is gone when Publish is asked again", async () => {
    renderAdmin("/admin/exams/12/marks", {
      "exams.get": () => detail({ marked: 2 }),
      "exams.marks": () => ({ students: ROWS.map((r) => ({ ...r, marks: 50, entered: true })), pagination: pagination(2, 1, 50) }),
      "exams.publish": () => new TrpcFailure("Every student needs marks or an absence first.", 409),
    });
    const publish = (await screen.findByRole("button", { name: "Publish results" })) as HTMLButtonElement;
    await waitFor(() => expect(publish.disabled).toBe(false));
    fireEvent.click(publish);
    let dialog = await screen.findByRole("dialog", { name: "Publish these results?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Publish results" }));
    await within(dialog).findByText("Every student needs marks or an absence first.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(publish);
    dialog = await screen.findByRole("dialog", { name: "Publish these results?" });
    expect(within(dialog).queryByText("Every student needs marks or an absence first.")).toBeNull();
  });

  test("an exam still to come takes no marks yet; an unknown exam says so", async () => {
    renderAdmin("/admin/exams/12/marks", { "exams.get": () => detail({ phase: "upcoming", marked: 0 }) });
    expect(await screen.findByText("This exam has not started yet: marks can be entered once it has begun.")).toBeTruthy();
    expect(screen.getByText("Results can be published once the exam has been held.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /Marks of/ })).toBeNull();
  });

  test("an unknown exam says so", async () => {
    renderAdmin("/admin/exams/99/marks", { "exams.get": () => new TrpcFailure("This exam no longer exists.", 404) });
    expect(await screen.findByText("This exam no longer exists.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Back to exams/ }).getAttribute("href")).toMatch(/^\/admin\/exams\/?$/);
  });
});
