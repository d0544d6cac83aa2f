/**
 * Studies (issue 18): subjects with their units, moving students on a term, study materials, assignments,
 * submissions and grades. One schema per rule, used by the forms, the tRPC inputs and the REST handlers.
 */
import * as v from "valibot";
import { MAX_TERMS } from "../constants.ts";
import { studies } from "../i18n/studies.ts";
import { optionalRecordId, optionalText, pageParams, recordId, recordVersion, requiredText, wholeNumber } from "./common.ts";

export const MAX_UNITS = 40;
/** Assignment submissions and materials are PDFs up to these sizes. */
export const MATERIAL_MAX_BYTES = 20 * 1024 * 1024;
export const SUBMISSION_MAX_BYTES = 10 * 1024 * 1024;

const subjectId = recordId(studies.m("rule.subject"));
const programmeId = recordId(studies.m("rule.programme"));
const term = wholeNumber(1, MAX_TERMS, studies.m("rule.term", { max: MAX_TERMS }), false);

export const subjectFormEntries = {
  programmeId,
  term,
  code: v.pipe(
    requiredText(studies.m("rule.code"), 20),
    v.regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, studies.m("rule.codeChars")),
    v.toUpperCase(),
  ),
  name: requiredText(studies.m("rule.name"), 120),
  description: optionalText(2000),
  /** one title per unit, in order; blank lines are dropped */
  units: v.pipe(
    v.optional(v.array(v.pipe(v.string(), v.trim(), v.maxLength(200, studies.m("rule.unitLong")))), []),
    v.transform((units) => units.filter((u) => u !== "")),
    v.maxLength(MAX_UNITS, studies.m("rule.units", { max: MAX_UNITS })),
  ),
  sortOrder: wholeNumber(0, 1_000_000, studies.m("rule.order"), true),
};
export const subjectForm = v.object(subjectFormEntries);
export type SubjectForm = v.InferOutput<typeof subjectForm>;
/** `version`: what the form was filled from; a change saved since by someone else is refused (walk 16b). */
export const subjectUpdateInput = v.object({ id: subjectId, version: recordVersion, ...subjectFormEntries });
export type SubjectUpdateInput = v.InferOutput<typeof subjectUpdateInput>;
export const subjectIdInput = v.object({ id: subjectId });
export const subjectArchiveInput = v.object({ id: subjectId, archived: v.boolean() });

export const SUBJECT_STATUSES = ["active", "archived", "all"] as const;
export const subjectListQuery = v.object({
  ...pageParams(20, 100),
  programmeId: v.optional(v.nullable(programmeId), null),
  term: v.optional(v.nullable(wholeNumber(1, MAX_TERMS, studies.m("rule.term", { max: MAX_TERMS }), true)), null),
  status: v.optional(v.picklist(SUBJECT_STATUSES, studies.m("rule.status")), "active"),
});
export type SubjectListQuery = v.InferOutput<typeof subjectListQuery>;

/** Moving a programme's students of one term on to another (the new term's subjects open for them). */
export const moveTermInput = v.pipe(
  v.object({ programmeId, fromTerm: term, toTerm: term }),
  v.forward(
    v.check((i) => i.fromTerm !== i.toTerm, studies.m("rule.sameTerm")),
    ["toTerm"],
  ),
);
export type MoveTermInput = v.InferOutput<typeof moveTermInput>;

// ————— materials —————

const materialTitle = requiredText(studies.m("rule.materialTitle"), 200);
const unitId = optionalRecordId(studies.m("rule.unit"));

/** The text fields sent with a material's PDF (multipart). */
export const materialFileFields = v.object({ subjectId, unitId, title: materialTitle });
export type MaterialFileFields = v.InferOutput<typeof materialFileFields>;

/** A material that is a link (a recorded lecture, a reading on the web): https only. */
export const materialLinkInput = v.object({
  subjectId,
  unitId,
  title: materialTitle,
  url: v.pipe(
    requiredText(studies.m("rule.url"), 2000),
    v.url(studies.m("rule.url")),
    v.check((u) => u.startsWith("https://"), studies.m("rule.https")),
  ),
});
export type MaterialLinkInput = v.InferOutput<typeof materialLinkInput>;
export const materialIdInput = v.object({ id: recordId(studies.m("rule.material")) });

// ————— assignments —————

/** A wall-clock date and time in the institute's zone, as `<input type="datetime-local">` gives it. */
export const localDateTime = (message: () => string) =>
  v.pipe(requiredText(message, 16), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, message));

export const assignmentFormEntries = {
  subjectId,
  title: requiredText(studies.m("rule.assignmentTitle"), 200),
  instructions: optionalText(4000),
  dueAt: localDateTime(studies.m("rule.due")),
  maxMarks: wholeNumber(1, 1000, studies.m("rule.maxMarks"), false),
};
export const assignmentForm = v.object(assignmentFormEntries);
export type AssignmentForm = v.InferOutput<typeof assignmentForm>;
const assignmentId = recordId(studies.m("rule.assignment"));
export const assignmentUpdateInput = v.object({ id: assignmentId, ...assignmentFormEntries });
export type AssignmentUpdateInput = v.InferOutput<typeof assignmentUpdateInput>;
export const assignmentIdInput = v.object({ id: assignmentId });

export const SUBMISSION_FILTERS = ["all", "submitted", "missing", "graded", "late"] as const;
export const submissionsQuery = v.object({
  ...pageParams(25, 100),
  assignmentId,
  status: v.optional(v.picklist(SUBMISSION_FILTERS, studies.m("rule.status")), "all"),
});
export type SubmissionsQuery = v.InferOutput<typeof submissionsQuery>;

export const gradeInput = v.object({
  submissionId: recordId(studies.m("rule.submission")),
  marks: wholeNumber(0, 1000, studies.m("rule.marks"), false),
  comment: optionalText(2000),
});
export type GradeInput = v.InferOutput<typeof gradeInput>;

/** The note sent with a submission's PDF (multipart). */
export const submissionFields = v.object({ note: optionalText(1000) });

// ————— the student —————

export const unitDoneInput = v.object({ unitId: recordId(studies.m("rule.unit")), done: v.boolean() });
