/**
 * The office's own work on an application (issue 17): an internal note, the follow-up date and the CSV
 * export's filters. Apart from schemas/admission.ts so the public admission wizard does not carry the admin
 * area's messages.
 */
import * as v from "valibot";
import { admin } from "../i18n/admin.ts";
import { admission } from "../i18n/admission.ts";
import { admissionListQuery } from "./admission.ts";
import { recordId, requiredText } from "./common.ts";

const applicationId = recordId(admission.m("check.unknownApplication"));

export const NOTE_MAX = 2000;

/** An internal note: never shown to the applicant. */
export const admissionNoteInput = v.object({ id: applicationId, body: requiredText(admin.m("adm.rule.note"), NOTE_MAX) });
export type AdmissionNoteInput = v.InferOutput<typeof admissionNoteInput>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A follow-up date (YYYY-MM-DD, a real day of the calendar), or none: blank and null remove it. */
export const admissionFollowUpInput = v.object({
  id: applicationId,
  followUpOn: v.pipe(
    v.nullish(v.string(), null),
    v.transform((s) => (s === null || s.trim() === "" ? null : s.trim())),
    v.check((s) => s === null || (ISO_DATE.test(s) && realDate(s)), admin.m("adm.rule.followUp")),
  ),
});
export type AdmissionFollowUpInput = v.InferOutput<typeof admissionFollowUpInput>;

/** GET /api/admin/admissions/export.csv: the list's search and status, every matching row. */
export const admissionExportQuery = v.object({
  search: admissionListQuery.entries.search,
  status: admissionListQuery.entries.status,
});
export type AdmissionExportQuery = v.InferOutput<typeof admissionExportQuery>;
