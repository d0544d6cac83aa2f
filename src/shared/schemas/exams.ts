/**
 * Exams (issue 18; docs/studies/exams.md): the office's exam form, its list, marks (form and CSV upload),
 * publishing; the student's pages and the admit card's public verification. One schema per rule, used by
 * the forms, the tRPC inputs and the REST handler.
 */
import * as v from "valibot";
import { exams } from "../i18n/exams.ts";
import { filledIn, isCalendarDay, pageParams, recordId, recordVersion, requiredText, wholeNumber } from "./common.ts";

/** The most marks an exam can carry, and the longest sitting (12 hours). */
export const EXAM_MAX_MARKS = 1000;
export const EXAM_MIN_MINUTES = 15;
export const EXAM_MAX_MINUTES = 720;
/** A marks file: at most this many characters and data rows (a cohort of a few thousand fits easily). */
export const MARKS_CSV_MAX_CHARS = 500_000;
export const MARKS_CSV_MAX_ROWS = 5000;
/** Rows of the marks form per page, and the most one save may carry. */
export const MARKS_PAGE_SIZE = 50;
export const MARKS_SAVE_MAX = 200;
/** What a marks file writes for a student who did not sit the exam. */
export const ABSENT_MARK = "AB";

export const examId = recordId(exams.m("rule.exam"));
const subjectId = recordId(exams.m("rule.subject"));

const examDate = v.pipe(filledIn(exams.m("rule.date")), v.check(isCalendarDay, exams.m("rule.dateInvalid")));
const examTime = v.pipe(filledIn(exams.m("rule.time")), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, exams.m("rule.timeInvalid")));

export const examFormEntries = {
  subjectId,
  title: requiredText(exams.m("rule.title"), 120),
  /** the day and time on the institute's clock (Settings → General → time zone) */
  date: examDate,
  time: examTime,
  durationMinutes: wholeNumber(EXAM_MIN_MINUTES, EXAM_MAX_MINUTES, exams.m("rule.duration"), false),
  centre: requiredText(exams.m("rule.centre"), 200),
  maxMarks: wholeNumber(1, EXAM_MAX_MARKS, exams.m("rule.maxMarks"), false),
  passMarks: wholeNumber(0, EXAM_MAX_MARKS, exams.m("rule.passMarks"), false),
};

/** Pass marks within the maximum, reported beside the pass marks. */
const passWithinMax = (f: { maxMarks: number | null; passMarks: number | null }) =>
  f.maxMarks === null || f.passMarks === null || f.passMarks <= f.maxMarks;

export const examForm = v.pipe(
  v.object(examFormEntries),
  v.forward(
    v.check((f) => passWithinMax(f), exams.m("rule.passAboveMax")),
    ["passMarks"],
  ),
);
export type ExamForm = v.InferOutput<typeof examForm>;
export const examUpdateInput = v.pipe(
  // `version`: what the form was filled from; a change saved since by someone else is refused (walk 16b).
  v.object({ id: examId, version: recordVersion, ...examFormEntries }),
  v.forward(
    v.check((f) => passWithinMax(f), exams.m("rule.passAboveMax")),
    ["passMarks"],
  ),
);
export type ExamUpdateInput = v.InferOutput<typeof examUpdateInput>;
export const examIdInput = v.object({ id: examId });

/** The office's list: every exam, or those to come, held but not yet published, published, cancelled. */
export const EXAM_FILTERS = ["all", "upcoming", "awaiting", "published", "cancelled"] as const;
export type ExamFilter = (typeof EXAM_FILTERS)[number];
export const examListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(EXAM_FILTERS, exams.m("rule.filter")), "all"),
});
export type ExamListQuery = v.InferOutput<typeof examListQuery>;

// ————— marks —————

export const marksSheetQuery = v.object({ id: examId, ...pageParams(MARKS_PAGE_SIZE, 200) });
export type MarksSheetQuery = v.InferOutput<typeof marksSheetQuery>;

/** When something was last saved, as a form was filled from it (null: not yet). */
const savedAt = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))));

/** One row of the marks form: whole marks, or absent; neither clears what was entered. */
export const marksEntry = v.object({
  userId: recordId(exams.m("rule.student")),
  marks: wholeNumber(0, EXAM_MAX_MARKS, exams.m("rule.marksWhole"), true),
  absent: v.optional(v.boolean(), false),
  /** when the row's marks were last saved as the form was filled (null: none yet); a later save refuses the row */
  was: savedAt,
});
export const saveMarksInput = v.object({
  id: examId,
  /** when the results were published as the form was filled (null: not yet); publishing since refuses the save */
  publishedAt: savedAt,
  entries: v.pipe(
    v.array(marksEntry),
    v.minLength(1, exams.m("rule.nothingToSave")),
    v.maxLength(MARKS_SAVE_MAX, exams.m("rule.tooManyRows", { max: MARKS_SAVE_MAX })),
  ),
});
export type SaveMarksInput = v.InferOutput<typeof saveMarksInput>;

/** A marks file's text (the browser reads the file), checked only (dryRun) or saved. */
export const marksCsvInput = v.object({
  id: examId,
  csv: v.pipe(v.string(exams.m("csv.empty")), v.maxLength(MARKS_CSV_MAX_CHARS, exams.m("csv.tooBig"))),
  dryRun: v.optional(v.boolean(), true),
});
export type MarksCsvInput = v.InferOutput<typeof marksCsvInput>;

/** What a marks file can get wrong, each with its own sentence. */
export const MARKS_PROBLEMS = [
  "header",
  "empty",
  "tooManyRows",
  "missingStudent",
  "unknownStudent",
  "notEnrolled",
  "duplicate",
  "missingMarks",
  "notWholeNumber",
  "aboveMax",
] as const;
export type MarksProblemKind = (typeof MARKS_PROBLEMS)[number];

// ————— the student —————

export const myExamsQuery = v.object(pageParams(10, 50));
export type MyExamsQuery = v.InferOutput<typeof myExamsQuery>;

/** The admit card's token from its QR code's address. */
export const verifyAdmitInput = v.object({
  token: v.pipe(v.string(exams.m("verify.unknownCode")), v.trim(), v.regex(/^[A-Za-z0-9_-]{16,200}$/, exams.m("verify.unknownCode"))),
});
