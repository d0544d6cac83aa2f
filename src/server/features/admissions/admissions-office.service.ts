/**
 * The office's own work on applications (issue 17): the application as the office sees it (with its
 * internal notes, follow-up date and who entered a walk-in application), adding a note, setting the
 * follow-up date, and the filtered list as CSV. Nothing here is ever shown to the applicant: their view is
 * admissions.service.ts `getApplication` with an access grant.
 */
import { admin } from "../../../shared/i18n/admin.ts";
import { INTL_LOCALE } from "../../../shared/i18n/locales.ts";
import { currentLocale } from "../../../shared/i18n/translate.ts";
import type { AdmissionExportQuery, AdmissionFollowUpInput, AdmissionNoteInput } from "../../../shared/schemas/admission-office.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { localDate } from "../../platform/calendar.ts";
import { csvMoment } from "../../platform/csv.ts";
import { fieldError, notFound } from "../../platform/errors.ts";
import { listCsvExport } from "../../platform/list-export.ts";
import { newestFirstExport } from "../../platform/paging.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { instituteTimeZone } from "../settings/settings.service.ts";
import { ADMISSION_MESSAGES, filteredAdmissions, loadApplication, toApplication } from "./admissions.service.ts";

type Actor = { id: number; name: string };

/** 2026-12-03 as the reader writes a day: 3 Dec 2026, ३ दिसं॰ २०२६ (digits stay Latin, as everywhere). */
const calendarDay = (day: string) =>
  new Intl.DateTimeFormat(INTL_LOCALE[currentLocale()], { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The application's number (for the activity log); 404 when there is no such application. */
async function numberOf(deps: Pick<AppDeps, "db">, id: number): Promise<string> {
  const row = await deps.db.selectFrom("admissions").select("application_number").where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(ADMISSION_MESSAGES.applicationNotFound);
  return row.application_number;
}

/** One application for the office: what the applicant sees plus the office's notes (newest first) and dates. */
export async function officeApplication(deps: Pick<AppDeps, "db">, id: number) {
  const { admission, docs, studentId } = await loadApplication(deps.db, id);
  const [notes, enteredBy] = await Promise.all([
    deps.db
      .selectFrom("admission_notes")
      .select(["id", "author_name", "body", "created_at"])
      .where("admission_id", "=", id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    admission.entered_by === null
      ? undefined
      : deps.db.selectFrom("users").select("name").where("id", "=", admission.entered_by).executeTakeFirst(),
  ]);
  return {
    ...toApplication(admission, docs, studentId),
    followUpOn: admission.follow_up_on,
    walkIn: admission.entered_by !== null,
    enteredByName: enteredBy?.name ?? null,
    notes: notes.map((n) => ({ id: n.id, authorName: n.author_name, body: n.body, createdAt: n.created_at })),
  };
}

/** An internal note on the application, signed with the writer's name. */
export async function addAdmissionNote(deps: AppDeps, actor: Actor, input: AdmissionNoteInput, meta: SessionMeta = {}) {
  const applicationNumber = await numberOf(deps, input.id);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("admission_notes")
      .values({
        admission_id: input.id,
        author_user_id: actor.id,
        author_name: actor.name,
        body: input.body,
        created_at: now.toISOString(),
      })
      .execute();
    // The log says that a note was written, not what it says (the note itself is the record).
    await audit(trx, now, {
      actorUserId: actor.id,
      action: "admission.note",
      entityType: "admission",
      entityId: input.id,
      details: { applicationNumber },
      ip: meta.ip,
    });
  });
  return { message: admin.t("adm.said.note"), application: await officeApplication(deps, input.id) };
}

/** When the office means to contact the applicant next; null removes it. */
export async function setAdmissionFollowUp(deps: AppDeps, actorId: number, input: AdmissionFollowUpInput, meta: SessionMeta = {}) {
  const applicationNumber = await numberOf(deps, input.id);
  const now = deps.now();
  // A follow-up is a day to come (the institute's today or later): a past day would stand "due" at once.
  if (input.followUpOn !== null && input.followUpOn < localDate(now, await instituteTimeZone(deps)))
    throw fieldError("BAD_REQUEST", "followUpOn", admin.t("adm.rule.followUpPast"));
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable("admissions").set({ follow_up_on: input.followUpOn }).where("id", "=", input.id).execute();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "admission.follow_up",
      entityType: "admission",
      entityId: input.id,
      details: { applicationNumber, followUpOn: input.followUpOn },
      ip: meta.ip,
    });
  });
  return {
    message:
      input.followUpOn === null
        ? admin.t("adm.said.followUpCleared")
        : admin.t("adm.said.followUp", { date: calendarDay(input.followUpOn) }),
    application: await officeApplication(deps, input.id),
  };
}

const CSV_HEADER = [
  "Application Number",
  "Status",
  "First Name",
  "Last Name",
  "Email",
  "Phone",
  "Course",
  "Date of Birth",
  "Gender",
  "City",
  "State",
  "Pincode",
  "Previous Percentage",
  "Year of Passing",
  "Submitted At",
  "Processed At",
  "Student ID",
  "Rejection Reason",
  "Follow-up On",
  "Entered At Office",
];

/**
 * GET /api/admin/admissions/export.csv: every application the list's filters match, newest first, streamed a
 * page at a time (newestFirstExport). The activity log counts the rows as the export starts.
 */
export async function exportAdmissionsCsv(deps: AppDeps, actorId: number, query: AdmissionExportQuery, meta: SessionMeta = {}) {
  const rows = await newestFirstExport("admissions", filteredAdmissions(deps.db, query), (rows) =>
    rows.leftJoin("users", "users.id", "admissions.student_user_id").selectAll("admissions").select("users.student_id"),
  );
  const timeZone = await instituteTimeZone(deps);
  return listCsvExport(
    deps,
    rows,
    {
      name: "applications",
      timeZone,
      header: CSV_HEADER,
      cells: (a) => [
        a.application_number,
        a.status,
        a.first_name,
        a.last_name,
        a.email,
        a.phone,
        a.course,
        a.date_of_birth,
        a.gender,
        a.city,
        a.state,
        a.pincode,
        a.previous_percentage,
        a.year_of_passing,
        csvMoment(a.submitted_at, timeZone),
        csvMoment(a.processed_at, timeZone),
        a.student_id,
        a.rejection_reason,
        a.follow_up_on,
        a.entered_by === null ? "No" : "Yes",
      ],
    },
    {
      actorUserId: actorId,
      action: "admission.export",
      entityType: "admission",
      details: { search: query.search, status: query.status },
      ip: meta.ip,
    },
  );
}
