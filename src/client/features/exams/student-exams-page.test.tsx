import { afterEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { renderStudentAt } from "../student/student-testing.tsx";
import "./student-exams-page.tsx";

withClientTestRules();

type Mine = RouterOutputs["exams"]["mine"];
type AdmitCard = RouterOutputs["exams"]["admitCard"];
type Marksheet = RouterOutputs["exams"]["marksheet"];

const UPCOMING: Mine["upcoming"][number] = {
  id: 7,
  title: "Term-end examination",
  subjectCode: "BBA-101",
  subjectName: "Principles of Management",
  startsAt: "2026-12-01T04:30:00.000Z",
  startsLocal: "2026-12-01T10:00",
  durationMinutes: 180,
  centre: "Pune study centre, Hall A",
};

const RESULT: Mine["results"][number] = {
  examId: 3,
  title: "Unit test",
  subjectCode: "BBA-102",
  subjectName: "Business Economics",
  term: 1,
  date: "2026-11-20",
  marks: 42,
  absent: false,
  maxMarks: 50,
  passMarks: 20,
  passed: true,
  publishedAt: "2026-11-21T10:00:00.000Z",
};

const mine = (over: Partial<Mine> = {}): Mine => ({
  upcoming: [UPCOMING],
  results: [RESULT, { ...RESULT, examId: 4, title: "Quiz", marks: null, absent: true, passed: false }],
  pagination: { totalItems: 2, totalPages: 1, currentPage: 1, limit: 10 },
  summary: { published: 2, percent: 42 },
  timeZone: "Asia/Kolkata",
  ...over,
});

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const CARD: AdmitCard = {
  status: "ready",
  card: {
    name: "Priya Sharma",
    studentId: "STU0001",
    photo: { url: "/api/files/photos/abcdefghijklmnopqrstuvwx.webp" },
    programme: "BBA",
    termUnit: "semester",
    term: 1,
    terms: [1],
    exams: [UPCOMING],
    issuedAt: "2026-11-22T06:30:00.000Z",
    institute: { name: "Institute of Distance Education", address: "Pune", phones: ["+91 20 1234 5678"], email: "info@example.test" },
    verifyUrl: "http://localhost:3000/verify/admit/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8",
    qrSvg: QR,
  },
};

const originalPrint = window.print;
afterEach(() => {
  window.print = originalPrint;
});

describe("/student/exams", () => {
  test("upcoming exams with day, time, duration and centre; published results with marks and pass, fail or absent", async () => {
    const { sent } = renderStudentAt("/student/exams", { "exams.mine": () => mine() });
    await screen.findByRole("heading", { level: 1, name: "Exams" });
    const upcoming = (await screen.findByText("Principles of Management")).closest("li")!;
    expect(within(upcoming).getByText("BBA-101")).toBeTruthy();
    expect(within(upcoming).getByText("Term-end examination")).toBeTruthy();
    expect(within(upcoming).getByText("1 December 2026")).toBeTruthy();
    expect(within(upcoming).getByText("10:00 am")).toBeTruthy();
    expect(within(upcoming).getByText("3 hours")).toBeTruthy();
    expect(within(upcoming).getByText(/Pune study centre, Hall A/)).toBeTruthy();

    const table = screen.getByRole("table", { name: "Results" });
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByText("42 / 50")).toBeTruthy();
    expect(within(first!).getByText("Pass")).toBeTruthy();
    expect(within(second!).getByText("AB")).toBeTruthy();
    expect(within(second!).getByText("Absent")).toBeTruthy();
    expect(screen.getByText("2 results published · 42% overall")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Admit card/ }).getAttribute("href")).toBe("/student/exams/admit-card");
    expect(screen.getByRole("link", { name: "Marksheet" }).getAttribute("href")).toBe("/student/exams/marksheet");
    expect(sent("exams.mine")).toEqual([{ page: 1, limit: 10 }]);
  });

  test("nothing yet: say what is missing instead of a blank page", async () => {
    renderStudentAt("/student/exams", {
      "exams.mine": () =>
        mine({
          upcoming: [],
          results: [],
          summary: { published: 0, percent: null },
          pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 10 },
        }),
    });
    expect(await screen.findByText("No exams scheduled")).toBeTruthy();
    expect(screen.getByText("No results yet")).toBeTruthy();
  });

  test("a card moved on a term before an earlier term's paper names both terms' examinations, its term the current one (walk 32a)", async () => {
    const moved: AdmitCard = CARD.status === "ready" ? { ...CARD, card: { ...CARD.card, term: 2, terms: [1, 2] } } : CARD;
    renderStudentAt("/student/exams/admit-card", { "exams.admitCard": () => moved });
    const card = (await screen.findByRole("heading", { level: 2, name: "Admit card (hall ticket)" })).closest("article")!;
    expect(within(card).getByText("Semester 1 and Semester 2 examinations")).toBeTruthy();
  });

  test("the admit card: photo, name, student ID, programme, term, the exams and the QR code; Print prints", async () => {
    let printed = 0;
    window.print = () => {
      printed += 1;
    };
    renderStudentAt("/student/exams/admit-card", { "exams.admitCard": () => CARD });
    const card = (await screen.findByRole("heading", { level: 2, name: "Admit card (hall ticket)" })).closest("article")!;
    expect(within(card).getByText("Institute of Distance Education")).toBeTruthy();
    expect(within(card).getByText("Semester 1 examinations")).toBeTruthy();
    expect(within(card).getByRole("img", { name: "Photo of Priya Sharma" }).getAttribute("src")).toBe(
      CARD.status === "ready" ? CARD.card.photo!.url : "",
    );
    expect(within(card).getByText("STU0001")).toBeTruthy();
    expect(within(card).getByText("BBA")).toBeTruthy();
    const qr = within(card).getByRole("img", { name: "QR code to check this admit card" });
    expect(decodeURIComponent(qr.getAttribute("src")!)).toBe(`data:image/svg+xml;charset=utf-8,${QR}`);
    const exams = within(card).getByRole("table", { name: "Your exams" });
    const row = within(exams).getAllByRole("row")[1]!;
    expect(row.textContent).toContain("BBA-101 Principles of Management");
    expect(within(row).getByText("1 December 2026")).toBeTruthy();
    expect(within(row).getByText("Pune study centre, Hall A")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Print admit card" }));
    expect(printed).toBe(1);
  });

  test("no admit card yet, or held back: the reason, and nothing to print", async () => {
    renderStudentAt("/student/exams/admit-card", { "exams.admitCard": () => ({ status: "none", reason: "noExams" }) });
    expect(await screen.findByText("No admit card yet")).toBeTruthy();
    expect(screen.getByText(/as soon as an exam of this term is scheduled/)).toBeTruthy();
    // Nothing to print comes: no Print button at all (walk 33c).
    expect(screen.queryByRole("button", { name: "Print admit card" })).toBeNull();
  });

  test("a held-back card shows why, each instalment that holds it with its day, and where to pay; no Print (walk 33c)", async () => {
    const owed = (number: number, dueOn: string, overdue: boolean) => ({
      id: number,
      programme: "BBA",
      termUnit: "year" as const,
      term: 1,
      number,
      dueOn,
      outstanding: 4_500_00,
      overdue,
    });
    const { path } = renderStudentAt("/student/exams/admit-card", {
      "exams.admitCard": () => ({
        status: "blocked",
        message: "Please clear your fees first.",
        owed: [owed(1, "2026-11-01", true), owed(2, "2027-01-17", false)],
      }),
    });
    expect(await screen.findByText("Your admit card is on hold")).toBeTruthy();
    expect(screen.getByText("Please clear your fees first.")).toBeTruthy();
    expect(screen.getByText("Year 1 · Instalment 1: ₹4,500, was due on 1 November 2026")).toBeTruthy();
    expect(screen.getByText("Year 1 · Instalment 2: ₹4,500, due on 17 January 2027")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Print admit card" })).toBeNull();
    // Nor the lead that says to print it (walk 33d).
    expect(screen.queryByText(/Print it on A4/)).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Pay on your Fees page (by UPI), or at the office" }));
    await waitFor(() => expect(path()).toBe("/student/fees"));
  });

  test("the marksheet: each term's results with totals, then the overall total and percentage", async () => {
    const sheet: Marksheet = {
      student: { name: "Priya Sharma", studentId: "STU0001", programme: "BBA", termUnit: "semester" },
      institute: { name: "Institute of Distance Education", address: "Pune" },
      terms: [
        {
          term: 1,
          results: [
            RESULT,
            { ...RESULT, examId: 4, title: "Term-end examination", marks: 30, maxMarks: 100, passMarks: 40, passed: false },
          ],
          totals: { marks: 72, max: 150, percent: 48, passed: 1, count: 2 },
        },
      ],
      overall: { marks: 72, max: 150, percent: 48, passed: 1, count: 2 },
      preparedOn: "2026-11-22",
    };
    renderStudentAt("/student/exams/marksheet", { "exams.marksheet": () => sheet });
    const statement = (await screen.findByRole("heading", { level: 2, name: "Statement of marks" })).closest("article")!;
    const table = within(statement).getByRole("table", { name: "Results of Semester 1" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(
      [
        "SubjectExamMarksOut ofResult",
        "BBA-102 Business EconomicsUnit test20 Nov 20264250Pass",
        "BBA-102 Business EconomicsTerm-end examination20 Nov 202630100Fail",
        "Total, Semester 172150",
      ].map((text, i) => (i === 3 ? `${text}48%` : text)),
    );
    // The total's cells carry their labels for a phone's stacked cards, like the rows above (twelfth walk).
    expect([...rows[3]!.querySelectorAll("td")].map((td) => td.getAttribute("data-label"))).toEqual(["Marks", "Out of", "Percentage"]);
    expect(within(statement).getByText("72 / 150")).toBeTruthy();
    expect(within(statement).getByText("1 of 2")).toBeTruthy();
    expect(within(statement).getByText("Prepared on 22 November 2026")).toBeTruthy();
  });

  test("an unknown sub-page goes back to the exams", async () => {
    const { path } = renderStudentAt("/student/exams/nowhere", { "exams.mine": () => mine() });
    await screen.findByRole("heading", { level: 1, name: "Exams" });
    await waitFor(() => expect(path()).toMatch(/^\/student\/exams\/?$/));
  });
});
