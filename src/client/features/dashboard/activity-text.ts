/**
 * The audit log in words: each recorded action (`student.create`, `contact.reply`, …) as a sentence
 * built from its details, in the reader's language. Unknown actions still read sensibly ("Gallery upload", with their details).
 */
import type { AuditAction } from "../../../shared/audit-actions.ts";
import { BACKUP_FREQUENCIES, CONTACT_STATUSES, isOneOf } from "../../../shared/constants.ts";
import { programmeInstalmentName } from "../../../shared/fee-terms.ts";
import { statusName } from "../../../shared/i18n/admin.ts";
import { admission } from "../../../shared/i18n/admission.ts";
import { config } from "../../../shared/i18n/config.ts";
import { categoryName } from "../../../shared/i18n/gallery.ts";
import { ticketStatusName } from "../../../shared/i18n/help.ts";
import { programmes } from "../../../shared/i18n/programmes.ts";
import { reports } from "../../../shared/i18n/reports.ts";
import { officeRoleName } from "../../../shared/i18n/roster.ts";
import {
  type AdmissionFieldName,
  admissionFields,
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  type DocumentKind,
} from "../../../shared/schemas/admission.ts";
import { ANALYTICS_RANGE_LABELS, ANALYTICS_RANGES, type AnalyticsRange } from "../../../shared/schemas/analytics.ts";
import { PAYMENT_MODES } from "../../../shared/schemas/fee-desk.ts";
import { FEE_PERIODS, programmeFormEntries } from "../../../shared/schemas/programmes.ts";
import { termName } from "../../../shared/terms.ts";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";

export type ActivityEntry = RouterOutputs["dashboard"]["activity"]["activities"][number];

/**
 * The activity log's filter: the audit log's entity types (labelled and badged in the reader's language), and
 * "fee": every fee entry, whichever record it is about (a payment is a student's, a fee plan a programme's).
 */
export const ACTIVITY_FILTER_VALUES = [
  "all",
  "admission",
  "student",
  "fee",
  "contact",
  "user",
  "ticket",
  "settings",
  "gallery_image",
  "programme",
  "subject",
  "exam",
  "notice",
  "book",
  "announcement",
  "faq",
  "report",
] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTER_VALUES)[number];
export const activityFilterLabel = (value: ActivityFilter) => reports.t(`filter.${value}`);

/** The record's short name in its badge (the filter says "Accounts and sign-in"; the badge "Account"). */
export function kindLabel(type: string | null): string {
  if (!type) return reports.t("badge.other");
  if (type !== "all" && type !== "fee" && (ACTIVITY_FILTER_VALUES as readonly string[]).includes(type)) {
    return reports.t(`badge.${type as Exclude<ActivityFilter, "all" | "fee">}`);
  }
  return type.charAt(0).toUpperCase() + type.slice(1);
}

const str = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : typeof value === "number" ? String(value) : null;

/** A ticket by its number (TKT-2026-00001), as every screen names it; entries from before it was stored, by "#id". */
const ticketName = (d: Record<string, unknown>, entry: { entityId: string | null }) => str(d.number) ?? `#${entry.entityId ?? "?"}`;

/** An inquiry's or a ticket's status, as the lists name it. */
const statusText = (value: unknown) => {
  const s = str(value);
  if (!s) return "?";
  return (CONTACT_STATUSES as readonly string[]).includes(s) ? statusName(s) : ticketStatusName(s);
};

const FIELDS = [
  "blood_group",
  "date_of_birth",
  "emergency_name",
  "emergency_relationship",
  "emergency_phone",
  "emergency_email",
  "name",
  "email",
  "mobile",
  "standard",
  "address",
  "title",
  "category",
  "description",
  "is_active",
  "general",
  "security",
  "notifications",
  "system",
  "language",
  "institute",
] as const;

/** A setting by the label of its field on the Settings page ("general.siteName": "Site name"); its key if none. */
function settingName(key: string): string {
  const label = key === "language" ? "general.language" : key.replace(/^notifications\./, "alerts.");
  const text = config.t(label as never);
  return text === label ? key : text;
}

/** "name, mobile" from a list of changed fields (their names in the reader's language). */
function fieldList(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const name = (field: string) =>
    (FIELDS as readonly string[]).includes(field) ? reports.t(`field.${field as (typeof FIELDS)[number]}`) : field.replace(/_/g, " ");
  return value.map((v) => name(String(v))).join(", ");
}

const humanise = (action: string) => {
  const text = action.replace(/[._]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

type Entry = Pick<ActivityEntry, "action" | "entityType" | "entityId" | "details">;
interface Said {
  d: Record<string, unknown>;
  entry: Entry;
  student: string;
  inquiry: string;
  application: string;
}

const r = reports.t;
/** A key of the reports catalogue (what `r` takes). */
type ReportKey = Parameters<typeof r>[0];
const FEE_SETTINGS = ["upiVpa", "upiPayeeName", "admitCardNeedsFeesClear", "remindDaysBefore", "remindDaysAfter"] as const;
/** A fee setting's name (Fee settings' fields), or the key as stored. */
const feeSettingName = (key: string) =>
  (FEE_SETTINGS as readonly string[]).includes(key) ? r(`feeField.${key as (typeof FEE_SETTINGS)[number]}`) : key;
/** An amount in paise, as rupees in the reader's way of writing numbers. */
const money = (value: unknown) => (typeof value === "number" ? formatMoney(value) : "?");
const count = (value: unknown): number | null => (typeof value === "number" ? value : null);
/** The fee period stored with a fee entry (how its terms are named); entries from before it was stored have none. */
const termUnitOf = (d: Record<string, unknown>) => (typeof d.termUnit === "string" && isOneOf(FEE_PERIODS, d.termUnit) ? d.termUnit : null);
/** How a payment was made, as a phrase of the sentence ("in cash", "UPI द्वारा", "धनादेशाने"): the fee desk's mode names are
 * nouns ("UPI ट्रांसफ़र", "धनादेश (चेक)"), which do not read inside the sentence; a mode it does not know as stored. */
const paidBy = (value: unknown) => {
  const mode = str(value);
  return mode && isOneOf(PAYMENT_MODES, mode) ? r(`s.paidBy.${mode}`) : r("s.paidByOther", { mode: mode ?? "?" });
};
/** A saved fee plan's late fee as the fee plans screen reads it: none, from the day after the due day, or after its grace days. */
function lateFeeRule(d: Record<string, unknown>): string {
  const grace = count(d.graceDays) ?? 0;
  if (d.lateFee === 0) return r("s.feePlanNoLateFee");
  return grace === 0
    ? r("s.feePlanLateFeeNoGrace", { lateFee: money(d.lateFee) })
    : r("s.feePlanLateFee", { lateFee: money(d.lateFee), count: grace });
}
/**
 * A saved fee plan's due days as the office reads them: "due 30 days, 90 days after the term starts"; a first
 * instalment on day 0 is due "the day the term starts" (the plan's days go up, so only the first can be 0).
 */
function planSaved(d: Record<string, unknown>): string {
  const words = { programme: str(d.programme) ?? "?", lateFee: lateFeeRule(d) };
  if (!Array.isArray(d.days)) return r("s.feePlanSaved", { ...words, days: "?" });
  const atStart = d.days[0] === 0;
  const days = (atStart ? d.days.slice(1) : d.days)
    .map((day) => (typeof day === "number" ? r("s.feePlanDay", { count: day }) : String(day)))
    .join(", ");
  if (!atStart) return r("s.feePlanSaved", { ...words, days });
  return days ? r("s.feePlanSavedAtStartAnd", { ...words, days }) : r("s.feePlanSavedAtStart", words);
}
/** "BBA · Year 1" as every fee screen names it; the programme alone for an entry without its fee period (no wrong term). */
function programmeTerm(d: Record<string, unknown>): string {
  const programme = str(d.programme) ?? "?";
  const unit = termUnitOf(d);
  const term = count(d.term);
  return unit && term !== null ? `${programme} · ${termName(unit, term)}` : programme;
}
/** "BBA · Year 1 · Instalment 2" (shared/fee-terms.ts), or null for an entry stored without its instalment's fee period. */
function instalmentOf(d: Record<string, unknown>): string | null {
  const [programme, termUnit, term, number] = [str(d.programme), termUnitOf(d), count(d.term), count(d.number)];
  return programme && termUnit && term !== null && number !== null ? programmeInstalmentName({ programme, termUnit, term, number }) : null;
}
/**
 * A fee entry's sentence naming its instalment (`withInstalment`, "… for BBA · Year 1 · Instalment 2"), or the
 * sentence without it (`plain`) for an entry stored before the instalment was.
 */
function aboutInstalment(d: Record<string, unknown>, plain: ReportKey, withInstalment: ReportKey, said: Record<string, string | number>) {
  const instalment = instalmentOf(d);
  return instalment ? r(withInstalment, { ...said, instalment }) : r(plain, said);
}
/** "the image “Sports day”", or "the image" without a title. */
const image = (title: unknown) => (str(title) ? r("who.image", { title: String(title) }) : r("who.anImage"));
const category = (value: unknown) => categoryName(String(value));
/** An application form's field or document in the reader's language (the admission wizard's own labels). */
const admissionFieldName = (field: string) =>
  Object.hasOwn(admissionFields.entries, field) ? admission.t(`field.${field as AdmissionFieldName}`) : field;
const admissionDocumentName = (kind: string) =>
  (DOCUMENT_KINDS as readonly string[]).includes(kind) ? DOCUMENT_LABELS[kind as DocumentKind] : kind;
const PROGRAMME_FIELDS = Object.keys(programmeFormEntries);
const programmeFieldName = (field: string) =>
  PROGRAMME_FIELDS.includes(field) ? programmes.t(`form.${field as keyof typeof programmeFormEntries}`) : field;
const INSTITUTE_FIELDS = ["tagline", "email", "phones", "offices", "hours", "registration", "foundedYear"] as const;
const instituteFieldName = (field: string) =>
  (INSTITUTE_FIELDS as readonly string[]).includes(field) ? config.t(`content.field.${field as (typeof INSTITUTE_FIELDS)[number]}`) : field;
const officeAccount = (entry: Entry) => r("who.office", { id: String(entry.entityId ?? "?") });

/**
 * One sentence per action the server records (shared/audit-actions.ts), in the reader's language: a Record,
 * so an action without its sentence fails `tsc` (issue 14.6).
 */
const SENTENCES: Record<AuditAction, (s: Said) => string> = {
  "account.sign_in": ({ d }) => (d.via === "code" ? r("s.signInCode") : r("s.signIn")),
  "account.locked": ({ d, entry }) => {
    const who = str(d.studentId) ?? str(d.email) ?? r("who.account", { id: String(entry.entityId ?? "?") });
    const failures = count(d.failures);
    return failures === null ? r("s.lockedRepeated", { who }) : r("s.locked", { who, count: failures });
  },
  "account.first_login": () => r("s.firstLogin"),
  "account.password_changed": () => r("s.passwordChanged"),
  "account.password_reset": () => r("s.passwordReset"),
  "account.logout_all": () => r("s.logoutAll"),
  "account.photo_update": () => r("s.photo"),
  "account.two_factor_on": () => r("s.twoFactorOn"),
  "account.two_factor_off": () => r("s.twoFactorOff"),
  "account.email_change_requested": () => r("s.emailRequested"),
  "account.email_changed": ({ d }) =>
    str(d.from) && str(d.to) ? r("s.emailChangedFromTo", { from: String(d.from), to: String(d.to) }) : r("s.emailChanged"),
  "account.renamed": ({ d }) => r("s.renamed", { from: String(d.from ?? "?"), to: String(d.to ?? "?") }),
  "account.admin_created_at_console": ({ d }) => r("s.adminCreatedAtConsole", { email: String(d.email ?? "?") }),
  "account.password_reset_at_console": ({ d }) => r("s.passwordResetAtConsole", { email: String(d.email ?? "?") }),
  "admission.approve": ({ d, application }) =>
    str(d.studentId) ? r("s.approvedStudent", { application, id: String(d.studentId) }) : r("s.approved", { application }),
  "admission.reject": ({ d, application }) =>
    str(d.reason) ? r("s.rejectedReason", { application, reason: String(d.reason) }) : r("s.rejected", { application }),
  "admission.delete": ({ application }) => r("s.admissionDeleted", { application }),
  "admission.update": ({ d, application }) => {
    const fields = Array.isArray(d.changed) ? d.changed.map((f) => admissionFieldName(String(f))) : [];
    const documents = Array.isArray(d.documents) ? d.documents.map((k) => admissionDocumentName(String(k))) : [];
    if (fields.length) return r("s.admissionEdited", { application, fields: fields.join(", ") });
    if (documents.length) return r("s.admissionEditedDocuments", { application, documents: documents.join(", ") });
    return r("s.admissionSaved", { application });
  },
  "admission.note": ({ application }) => r("s.admissionNote", { application }),
  "admission.follow_up": ({ d, application }) =>
    str(d.followUpOn)
      ? r("s.admissionFollowUp", { application, date: String(d.followUpOn) })
      : r("s.admissionFollowUpCleared", { application }),
  "admission.export": ({ d }) => r("s.admissionExport", { count: count(d.rows) ?? 0 }),
  "admission.walk_in": ({ d, application }) => r("s.walkIn", { application, name: str(d.name) ?? "?" }),
  "student.create": ({ d, student }) =>
    str(d.email) ? r("s.studentAddedEmail", { student, email: String(d.email) }) : r("s.studentAdded", { student }),
  "student.update": ({ d, student }) => {
    const fields = fieldList(d.changed);
    // A new e-mail address: both, since the old one is the student's way back (walk 31a).
    const email = d.email as { from?: unknown; to?: unknown } | undefined;
    if (fields && str(email?.from) && str(email?.to)) {
      const words = { student, fields, from: String(email!.from), to: String(email!.to) };
      // "signed out everywhere" only when a session ended (walk 32b).
      return (count(d.endedSessions) ?? 0) > 0 ? r("s.studentEditedEmail", words) : r("s.studentEditedEmailNoSessions", words);
    }
    return fields ? r("s.studentEdited", { student, fields }) : r("s.studentUnchanged", { student });
  },
  "student.delete": ({ d, student }) =>
    str(d.name) ? r("s.studentDeletedName", { student, name: String(d.name) }) : r("s.studentDeleted", { student }),
  "student.activate": ({ student }) => r("s.studentActivated", { student }),
  "student.deactivate": ({ d, student }) =>
    (count(d.endedSessions) ?? 0) > 0 ? r("s.studentDeactivatedOut", { student }) : r("s.studentDeactivated", { student }),
  "student.send_credentials": ({ student }) => r("s.credentials", { student }),
  "student.unlock": ({ student }) => r("s.unlock", { student }),
  "student.sign_out_everywhere": ({ d, student }) => {
    const ended = count(d.endedSessions);
    return ended === null ? r("s.signOut", { student }) : r("s.signOutCount", { student, count: ended });
  },
  "student.export": ({ d }) => {
    const rows = count(d.rows);
    const text = rows === null ? r("s.export") : r("s.exportRows", { count: rows });
    return str(d.search) ? r("s.withSearch", { text, search: String(d.search) }) : text;
  },
  "student.profile_update": ({ d }) => {
    const fields = fieldList(d.fields);
    return fields ? r("s.profileFields", { fields }) : r("s.profile");
  },
  "contact.status": ({ d, inquiry }) => r("s.contactStatus", { inquiry, from: statusText(d.from), to: statusText(d.to) }),
  "contact.reply": ({ d, inquiry }) => (str(d.to) ? r("s.replyTo", { inquiry, to: String(d.to) }) : r("s.reply", { inquiry })),
  "contact.delete": ({ d }) => {
    const name = str(d.name) ?? r("who.aVisitor");
    return str(d.subject) ? r("s.contactDeletedAbout", { name, subject: String(d.subject) }) : r("s.contactDeleted", { name });
  },
  "contact.assign": ({ d, inquiry }) => {
    const to = str(d.assigneeName) ?? str(d.assignedTo);
    return to ? r("s.contactAssigned", { inquiry, to }) : r("s.contactUnassigned", { inquiry });
  },
  "gallery.upload": ({ d }) =>
    str(d.category) ? r("s.uploadTo", { image: image(d.title), category: category(d.category) }) : r("s.upload", { image: image(d.title) }),
  "gallery.update": ({ d }) => {
    // Shown or hidden, as the entry says (entries before stop 50 name the change only).
    const shown = typeof d.shown === "boolean" ? r(d.shown ? "field.is_active.on" : "field.is_active.off") : null;
    const changed = Array.isArray(d.changed) ? d.changed.filter((f) => shown === null || f !== "is_active") : d.changed;
    const fields = [fieldList(changed), shown].filter(Boolean).join(", ") || null;
    return fields ? r("s.imageEditedFields", { image: image(d.title), fields }) : r("s.imageEdited", { image: image(d.title) });
  },
  "gallery.delete": ({ d }) =>
    str(d.category)
      ? r("s.imageDeletedFrom", { image: image(d.title), category: category(d.category) })
      : r("s.imageDeleted", { image: image(d.title) }),
  "ticket.status": ({ d, entry }) => r("s.ticketStatus", { ticket: ticketName(d, entry), from: statusText(d.from), to: statusText(d.to) }),
  "ticket.assign": ({ d, entry }) => {
    const to = str(d.assigneeName) ?? str(d.assignedTo);
    return to ? r("s.ticketAssignedTo", { ticket: ticketName(d, entry), to }) : r("s.ticketAssigned", { ticket: ticketName(d, entry) });
  },
  "ticket.reply": ({ d, entry }) =>
    str(d.to)
      ? r("s.ticketRepliedMoved", { ticket: ticketName(d, entry), to: statusText(d.to) })
      : r("s.ticketReplied", { ticket: ticketName(d, entry) }),
  "staff.invite": ({ d, entry }) =>
    r("s.staffInvited", { email: str(d.email) ?? officeAccount(entry), role: officeRoleName(String(d.role ?? "staff")) }),
  "staff.reinvite": ({ d, entry }) => r("s.staffReinvited", { who: str(d.email) ?? officeAccount(entry) }),
  "staff.role": ({ d, entry }) =>
    r("s.staffRole", {
      who: str(d.email) ?? officeAccount(entry),
      from: officeRoleName(String(d.from ?? "")),
      to: officeRoleName(String(d.to ?? "")),
    }),
  "staff.activate": ({ d, entry }) => r("s.staffActivated", { who: str(d.email) ?? officeAccount(entry) }),
  "staff.deactivate": ({ d, entry }) => r("s.staffDeactivated", { who: str(d.email) ?? officeAccount(entry) }),
  "staff.unlock": ({ d, entry }) => r("s.staffUnlocked", { who: str(d.email) ?? officeAccount(entry) }),
  "backup.create": ({ d }) => r("s.backupCreated", { name: str(d.name) ?? "?" }),
  "backup.download": ({ d }) => r("s.backupDownloaded", { name: str(d.name) ?? "?" }),
  "programme.create": ({ d }) => r("s.programmeCreated", { name: str(d.name) ?? "?" }),
  "programme.update": ({ d }) => {
    const fields = Array.isArray(d.changed) && d.changed.length ? d.changed.map((f) => programmeFieldName(String(f))).join(", ") : null;
    return fields ? r("s.programmeUpdated", { name: str(d.name) ?? "?", fields }) : r("s.programmeSaved", { name: str(d.name) ?? "?" });
  },
  "programme.archive": ({ d }) => r("s.programmeArchived", { name: str(d.name) ?? "?" }),
  "programme.restore": ({ d }) => r("s.programmeRestored", { name: str(d.name) ?? "?" }),
  "programme.syllabus": ({ d }) => r("s.programmeSyllabus", { name: str(d.name) ?? "?" }),
  "subject.create": ({ d }) => r("s.subjectCreated", { subject: str(d.subject) ?? "?" }),
  "subject.update": ({ d }) => r("s.subjectUpdated", { subject: str(d.subject) ?? "?" }),
  "subject.archive": ({ d }) => r("s.subjectArchived", { subject: str(d.subject) ?? "?" }),
  "subject.restore": ({ d }) => r("s.subjectRestored", { subject: str(d.subject) ?? "?" }),
  "subject.move_term": ({ d }) =>
    r("s.subjectMoveTerm", {
      count: count(d.count) ?? 0,
      programme: str(d.programme) ?? "?",
      from: str(d.from) ?? "?",
      to: str(d.to) ?? "?",
    }),
  "material.add": ({ d }) => r("s.materialAdded", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "material.remove": ({ d }) => r("s.materialRemoved", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "assignment.create": ({ d }) => r("s.assignmentCreated", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "assignment.update": ({ d }) => r("s.assignmentUpdated", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "assignment.delete": ({ d }) => r("s.assignmentDeleted", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "assignment.grade": ({ d, student }) =>
    r("s.assignmentGraded", { title: str(d.title) ?? "?", student, marks: str(d.marks) ?? "?", max: str(d.max) ?? "?" }),
  "exam.schedule": ({ d }) => r("s.examScheduled", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "exam.update": ({ d }) => r("s.examUpdated", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "exam.cancel": ({ d }) => r("s.examCancelled", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "exam.marks": ({ d }) =>
    r(d.source === "csv" ? "s.examMarksFile" : "s.examMarks", { title: str(d.title) ?? "?", count: count(d.count) ?? 0 }) +
    (d.afterPublishing === true ? r("s.afterPublishing") : ""),
  "exam.publish": ({ d }) => r("s.examPublished", { title: str(d.title) ?? "?", subject: str(d.subject) ?? "?" }),
  "notice.publish": ({ d }) =>
    r(d.kind === "event" ? "s.eventPublished" : "s.noticePublished", {
      title: str(d.title) ?? "?",
      audience: str(d.programme) ?? r("s.noticeEveryone"),
      count: count(d.recipients) ?? 0,
    }),
  "notice.delete": ({ d }) =>
    r(d.kind === "event" ? "s.eventDeleted" : "s.noticeDeleted", { title: str(d.title) ?? "?", count: count(d.withdrawn) ?? 0 }),
  "book.create": ({ d }) => r(d.kind === "eresource" ? "s.eresourceCreated" : "s.bookCreated", { title: str(d.title) ?? "?" }),
  "book.update": ({ d }) => r("s.bookUpdated", { title: str(d.title) ?? "?" }),
  "book.archive": ({ d }) => r("s.bookArchived", { title: str(d.title) ?? "?" }),
  "book.restore": ({ d }) => r("s.bookRestored", { title: str(d.title) ?? "?" }),
  "book.issue": ({ d, student }) => r("s.bookIssued", { title: str(d.title) ?? "?", student, due: formatDate(str(d.due), { empty: "?" }) }),
  "book.return": ({ d, student }) => r(d.late === true ? "s.bookReturnedLate" : "s.bookReturned", { title: str(d.title) ?? "?", student }),
  "book.renew": ({ d, student }) =>
    r(d.self === true ? "s.bookRenewedSelf" : "s.bookRenewed", {
      title: str(d.title) ?? "?",
      student,
      due: formatDate(str(d.due), { empty: "?" }),
    }),
  "content.institute": ({ d }) => {
    const fields = Array.isArray(d.changed) && d.changed.length ? d.changed.map((f) => instituteFieldName(String(f))).join(", ") : null;
    return fields ? r("s.contentInstitute", { fields }) : r("s.contentSaved");
  },
  "content.brochure": ({ d }) => r("s.contentBrochure", { file: str(d.file) ?? "" }),
  "content.news": ({ d }) => r("s.contentNews", { title: str(d.title) ?? "" }),
  "content.news_delete": ({ d }) => r("s.contentNewsDelete", { title: str(d.title) ?? "" }),
  "content.faq": ({ d }) => r("s.contentFaq", { question: str(d.question) ?? "" }),
  "content.faq_delete": ({ d }) => r("s.contentFaqDelete", { question: str(d.question) ?? "" }),
  "fee.payment_record": ({ d, student }) =>
    aboutInstalment(d, "s.feeRecorded", "s.feeRecordedFor", {
      receipt: str(d.receipt) ?? "?",
      student,
      amount: money(d.amount),
      paidBy: paidBy(d.mode),
    }),
  "fee.payment_confirm": ({ d, student }) =>
    aboutInstalment(d, "s.feeConfirmed", "s.feeConfirmedFor", { receipt: str(d.receipt) ?? "?", student, amount: money(d.amount) }),
  "fee.payment_reject": ({ d, student }) =>
    aboutInstalment(d, "s.feeRejected", "s.feeRejectedFor", { student, amount: money(d.amount), reason: str(d.reason) ?? "?" }),
  "fee.receipt_cancel": ({ d, student }) =>
    aboutInstalment(d, "s.feeReceiptCancelled", "s.feeReceiptCancelledFor", {
      receipt: str(d.receipt) ?? "?",
      student,
      reason: str(d.reason) ?? "?",
    }),
  "fee.plan_save": ({ d }) => planSaved(d),
  "fee.raise": ({ d }) => r("s.feeRaised", { programme: programmeTerm(d), count: count(d.students) ?? 0 }),
  "fee.concession": ({ d, student }) =>
    r(d.kind === "scholarship" ? "s.feeScholarship" : "s.feeConcession", {
      student,
      amount: money(d.amount),
      instalment: instalmentOf(d) ?? str(d.programme) ?? "?",
      reason: str(d.reason) ?? "?",
    }),
  "fee.concession_withdraw": ({ d, student }) =>
    aboutInstalment(d, "s.feeConcessionWithdrawn", "s.feeConcessionWithdrawnFor", {
      student,
      amount: money(d.amount),
      reason: str(d.reason) ?? "?",
    }),
  "fee.settings": ({ d }) => {
    const names = Array.isArray(d.changed) ? d.changed.map((f) => feeSettingName(String(f))) : [];
    return names.length ? r("s.feeSettings", { fields: names.join(", ") }) : r("s.feeSettingsSaved");
  },
  "fee.reminders": ({ d, student }) =>
    count(d.count) !== null
      ? r("s.feeRemindedAll", { count: count(d.count) ?? 0 })
      : r("s.feeReminded", { student, amount: money(d.amount) }),
  "fee.dues_export": ({ d }) => r("s.feeDuesExport", { count: count(d.rows) ?? 0, date: formatDate(str(d.on), { empty: "?" }) }),
  "fee.concessions_export": ({ d }) =>
    r("s.feeConcessionsExport", { count: count(d.rows) ?? 0, date: formatDate(str(d.on), { empty: "?" }) }),
  "fee.collections_export": ({ d }) =>
    r("s.feeCollectionsExport", {
      from: formatDate(str(d.from), { empty: "?" }),
      to: formatDate(str(d.to), { empty: "?" }),
      count: count(d.rows) ?? 0,
    }),
  "settings.update": ({ d }) => {
    const changed = Array.isArray(d.changed) ? d.changed.map(String) : [];
    const turned = (d.turned ?? {}) as Record<string, unknown>;
    const set = (d.set ?? {}) as Record<string, unknown>;
    const named = changed.map((key) => {
      const name = settingName(key);
      if (typeof turned[key] === "boolean") return r(turned[key] ? "s.settingOn" : "s.settingOff", { name });
      const value = set[key];
      if (typeof value === "number") return r("s.settingTo", { name, value: formatNumber(value) });
      if (typeof value === "string" && isOneOf(BACKUP_FREQUENCIES, value))
        return r("s.settingTo", { name, value: config.t(`backup.${value}`) });
      return name;
    });
    return named.length ? r("s.settingsChanged", { fields: named.join(", ") }) : r("s.settings");
  },
  "analytics.export": ({ d }) => {
    const key = String(d.range);
    if ((ANALYTICS_RANGES as readonly string[]).includes(key)) {
      return r("s.analyticsRange", { range: ANALYTICS_RANGE_LABELS[key as AnalyticsRange].toLocaleLowerCase() });
    }
    return str(d.range) ? r("s.analyticsRaw", { range: String(d.range) }) : r("s.analytics");
  },
};

const isKnown = (action: string): action is AuditAction => Object.hasOwn(SENTENCES, action);

/** One sentence for an entry: what was done, to which record. */
export function describeActivity(entry: Entry): string {
  const d = entry.details as Record<string, unknown>;
  if (isKnown(entry.action)) {
    return SENTENCES[entry.action]({
      d,
      entry,
      student: str(d.studentId) ?? (entry.entityId ? `#${entry.entityId}` : r("who.aStudent")),
      inquiry: entry.entityId ? r("who.inquiry", { id: String(entry.entityId) }) : r("who.anInquiry"),
      application:
        str(d.applicationNumber) ?? (entry.entityId ? r("who.application", { id: String(entry.entityId) }) : r("who.anApplication")),
    });
  }
  // An action recorded by an older version: still readable.
  const target = entry.entityType ? ` (${entry.entityType}${entry.entityId ? ` #${entry.entityId}` : ""})` : "";
  return `${humanise(entry.action)}${target}`;
}

/** Who did it: the person, or the system for entries without one (a lockout, a scheduled job). */
export function actorText(entry: Pick<ActivityEntry, "actor">): { name: string; detail: string | null } {
  if (!entry.actor) return { name: r("actor.system"), detail: null };
  const { role: stored } = entry.actor;
  const role = stored === "admin" || stored === "staff" || stored === "student" ? r(`role.${stored}`) : stored;
  return { name: entry.actor.name, detail: [role, entry.actor.email].filter(Boolean).join(" · ") || null };
}
