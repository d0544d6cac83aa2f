import { describe, expect, test } from "bun:test";
import { screen, within } from "@testing-library/react";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import "./submissions-admin-page.tsx";

withClientTestRules();

type Submission = RouterOutputs["studies"]["submissions"]["submissions"][number];
const handedIn = (over: Partial<Submission>): Submission => ({
  userId: 31,
  name: "Asha Patil",
  studentId: "STU0101",
  submissionId: 9,
  fileName: "case.pdf",
  sizeBytes: 52_000,
  note: null,
  // 01:30 on 26 November in India; 25 November, 8:00 pm in UTC (this test's device).
  submittedAt: "2026-11-25T20:00:00.000Z",
  submittedLocal: "2026-11-26T01:30",
  isLate: false,
  marks: null,
  comment: null,
  gradedAt: null,
  fileUrl: "/api/studies/submissions/9/file",
  ...over,
});

const ASSIGNMENT = { id: 4, title: "Case study", maxMarks: 20, dueAt: "2026-12-01T04:30:00.000Z", dueLocal: "2026-12-01T10:00" };

describe("an assignment's submissions", () => {
  test("when each was handed in, on the institute's clock (decision 023, third round)", async () => {
    renderAdmin("/admin/courses/7/assignments/4", {
      "studies.submissions": () => ({ assignment: ASSIGNMENT, submissions: [handedIn({})], pagination: pagination(1) }),
    });
    const asha = (await screen.findByText("Asha Patil")).closest("tr")!;
    expect(within(asha).getByText("26 Nov 2026, 1:30 am")).toBeTruthy();
  });

  test("each row's grading button is named by the words it shows, then whose work (QA3: voice control finds 'Change marks')", async () => {
    renderAdmin("/admin/courses/7/assignments/4", {
      "studies.submissions": () => ({
        assignment: ASSIGNMENT,
        submissions: [
          handedIn({}),
          handedIn({
            userId: 32,
            name: "Ravi Kumar",
            studentId: "STU0102",
            submissionId: 10,
            marks: 15,
            gradedAt: "2026-11-26T05:00:00.000Z",
          }),
        ],
        pagination: pagination(2),
      }),
    });
    const asha = (await screen.findByText("Asha Patil")).closest("tr")!;
    expect(within(asha).getByRole("button", { name: "Grade: Asha Patil" })).toBeTruthy();
    const ravi = screen.getByText("Ravi Kumar").closest("tr")!;
    expect(within(ravi).getByRole("button", { name: "Change marks: Ravi Kumar" })).toBeTruthy();
  });
});
