/**
 * Admissions: applicants apply with documents, follow their application, unlock the full application
 * with an e-mailed code (DECISIONS 7) and edit it while pending; admins search, review, approve (which
 * creates the student account in one transaction) or reject with a reason, and delete processed ones.
 */

import type { Kysely, Updateable } from "kysely";
import * as v from "valibot";
import type { Admission, AdmissionDocument, AdmissionsTable, Database } from "../../../../db/schema.ts";
import { CODE_LIFETIME_SECONDS } from "../../../shared/constants.ts";
import { admission as applicationText } from "../../../shared/i18n/admission.ts";
import { parseLocale } from "../../../shared/i18n/locales.ts";
import { status as statusPageText } from "../../../shared/i18n/status.ts";
import { currentLocale, labelsOf } from "../../../shared/i18n/translate.ts";
import { validation } from "../../../shared/i18n/validation.ts";
import { MSG } from "../../../shared/messages.ts";
import {
  type AdmissionFields,
  type AdmissionListQuery,
  type AdmissionSubmitResult,
  admissionFields,
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  type DocumentKind,
  editedVersion,
  missingFieldsMessage,
  type ProcessAdmissionInput,
  partialAdmissionFields,
  REQUIRED_ADMISSION_FIELDS,
  REQUIRED_DOCUMENTS,
} from "../../../shared/schemas/admission.ts";
import { type FieldErrors, fieldErrorsOf } from "../../../shared/schemas/common.ts";
import type { AppDeps } from "../../deps.ts";
import { publicUrl } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { countByStatus } from "../../platform/counts.ts";
import { sha256 } from "../../platform/crypto.ts";
import { AppError, conflict, fieldError, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { reencodeImage } from "../../platform/images.ts";
import { issueCode, issueToken, verifyCode } from "../../platform/one-time-codes.ts";
import { newestFirstPage } from "../../platform/paging.ts";
import { acceptedSubmissions, ipKey } from "../../platform/rate-limit.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { holdValue } from "../../platform/row-lock.ts";
import { textContains } from "../../platform/search.ts";
import { nextSequenceValue } from "../../platform/sequences.ts";
import { type CheckedFile, decodeUpload, inspectUpload, MIME_TYPES, storeFile } from "../../platform/uploads.ts";
import { parseInput } from "../../platform/validation.ts";
import { detachAdmission, openStudentAccount } from "../accounts/accounts.repository.ts";
import { mailFirstLoginLink } from "../auth/account.service.ts";
import { findUserById, type SessionMeta } from "../auth/auth.service.ts";
import { feesToRaiseHint } from "../fees/plans.service.ts";
import { notifyAdmins } from "../notifications/notifications.service.ts";
import { namesOpenForAdmission, programmeIdByName, studentProgrammeName } from "../programmes/programmes.service.ts";
import { getSettings } from "../settings/settings.service.ts";

/** What the list's search looks in (the same columns as its text index, migrations/…-text-search). */
export const ADMISSION_SEARCH_COLUMNS = ["first_name", "last_name", "email", "phone", "application_number", "city"];

/** Access granted by the e-mailed code lasts 30 minutes (DECISIONS 7). */
export const ACCESS_MINUTES = 30;
/** Marks the access-grant rows (the e-mailed codes of the same purpose carry the bare address). */
const GRANT_SUFFIX = "#grant";

/** The status page's own messages (its catalogue); the others are the application's. */
const STATUS_PAGE_KEYS = ["notEditable", "changedMeanwhile", "accessNeeded", "codeSent"] as const;
const APPLICATION_KEYS = [
  "duplicatePending",
  "onlyPendingProcessed",
  "deletePending",
  "unknownCourse",
  "applicationNotFound",
  "rejected",
  "approved",
  "deleted",
  "accountExists",
] as const;
const isStatusPageKey = (key: string): key is (typeof STATUS_PAGE_KEYS)[number] => (STATUS_PAGE_KEYS as readonly string[]).includes(key);

/** The applicant's and the office's messages, in the reader's language at each use (issue 16). */
export const ADMISSION_MESSAGES = labelsOf(["notFound", "notFoundNumber", ...STATUS_PAGE_KEYS, ...APPLICATION_KEYS], (key) =>
  key === "notFound" || key === "notFoundNumber"
    ? statusPageText.t(key)
    : isStatusPageKey(key)
      ? statusPageText.t(`msg.${key}`)
      : applicationText.t(`msg.${key}`),
);

// ————— mapping —————

const COLUMN: Record<keyof AdmissionFields, keyof Admission> = {
  firstName: "first_name",
  lastName: "last_name",
  dateOfBirth: "date_of_birth",
  gender: "gender",
  bloodGroup: "blood_group",
  nationality: "nationality",
  email: "email",
  phone: "phone",
  alternatePhone: "alternate_phone",
  address: "address",
  city: "city",
  state: "state",
  pincode: "pincode",
  course: "course",
  previousSchool: "previous_school",
  previousPercentage: "previous_percentage",
  boardOfStudy: "board_of_study",
  yearOfPassing: "year_of_passing",
  fatherName: "father_name",
  fatherOccupation: "father_occupation",
  motherName: "mother_name",
  motherOccupation: "mother_occupation",
  guardianPhone: "guardian_phone",
  extracurricular: "extracurricular",
  medicalHistory: "medical_history",
  specialRequirements: "special_requirements",
};

function toColumns(fields: AdmissionFields) {
  const out: Record<string, string | number | null> = {};
  for (const [key, column] of Object.entries(COLUMN) as [keyof AdmissionFields, string][]) {
    const value = fields[key];
    out[column] = key === "yearOfPassing" ? (value ? Number(value) : null) : (value ?? null);
  }
  return out as Pick<Admission, (typeof COLUMN)[keyof AdmissionFields]>;
}

function documentUrl(admissionId: number, kind: string) {
  return `/api/admission/application/${admissionId}/documents/${kind}`;
}

/** The full application as the screens read it (spec part 1 §3, part 2 §3). */
export function toApplication(a: Admission, docs: AdmissionDocument[], studentId: string | null = null) {
  const fields = Object.fromEntries(
    (Object.entries(COLUMN) as [keyof AdmissionFields, keyof Admission][]).map(([key, column]) => [
      key,
      key === "yearOfPassing" ? (a.year_of_passing === null ? null : String(a.year_of_passing)) : a[column],
    ]),
  ) as Record<keyof AdmissionFields, string | null>;
  const photo = docs.find((d) => d.kind === "photo");
  return {
    _id: String(a.id),
    id: a.id,
    applicationNumber: a.application_number,
    status: a.status,
    ...fields,
    rejectionReason: a.rejection_reason,
    student_id: studentId,
    submittedAt: a.submitted_at,
    processedAt: a.processed_at,
    createdAt: a.created_at,
    /** what an edit is filled from, sent back with its save (`version`: a change saved meanwhile is refused) */
    version: a.updated_at,
    photo: photo ? { url: documentUrl(a.id, "photo") } : null,
    documents: docs.map((d) => ({
      type: d.kind,
      label: DOCUMENT_LABELS[d.kind as DocumentKind] ?? d.kind,
      name: d.original_name,
      mimeType: d.mime_type,
      size: d.size_bytes,
      url: documentUrl(a.id, d.kind),
    })),
  };
}

// ————— shared checks —————

/** The spec's alert text for missing required fields, or null when all are there. */
export function missingRequiredMessage(raw: Record<string, unknown>): string | null {
  const missing = REQUIRED_ADMISSION_FIELDS.filter((key) => typeof raw[key] !== "string" || (raw[key] as string).trim() === "");
  return missing.length ? missingFieldsMessage(missing) : null;
}

/** The courses an applicant can choose: the catalogue's programmes open for admission (issue 17). */
export async function listAdmissionCourses(deps: Pick<AppDeps, "db">) {
  return { courses: await namesOpenForAdmission(deps.db) };
}

async function activeCourses(db: Kysely<Database>) {
  return new Set(await namesOpenForAdmission(db));
}

/**
 * Validates text fields with the shared schema and the programmes open for admission; throws 400 with field
 * errors. `keepCourse` is the course an application already has: editing it is allowed after its programme
 * closed, as long as the course stays the same.
 */
async function parseFields(db: Kysely<Database>, raw: Record<string, unknown>, keepCourse?: string): Promise<AdmissionFields> {
  const result = v.safeParse(admissionFields, raw);
  const errors: FieldErrors = result.success ? {} : fieldErrorsOf(result.issues);
  const course = typeof raw.course === "string" ? raw.course.trim() : "";
  if (course && course !== keepCourse && !errors.course && !(await activeCourses(db)).has(course)) {
    errors.course = [ADMISSION_MESSAGES.unknownCourse];
  }
  if (Object.keys(errors).length || !result.success) {
    const message = missingRequiredMessage(raw) ?? Object.values(errors)[0]?.[0] ?? MSG.invalidInput;
    throw new AppError("BAD_REQUEST", message, { fieldErrors: errors });
  }
  return result.output;
}

/**
 * Checks every uploaded document by content and collects all problems at once: first every file without
 * decoding it, then, only when all of them pass, each picture decoded whole (stop 45: a form refused for its
 * marksheet had decoded its photo first, up to a second of the one image slot).
 */
async function checkDocuments(raw: Record<string, unknown>, required: readonly DocumentKind[]) {
  const files: Partial<Record<DocumentKind, CheckedFile>> = {};
  const errors: FieldErrors = {};
  let tooLarge = false;
  const collect = async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      tooLarge ||= err.code === "PAYLOAD_TOO_LARGE";
      Object.assign(errors, err.fieldErrors);
    }
  };
  const rule = (kind: DocumentKind) => ({ field: kind, label: DOCUMENT_LABELS[kind], allowed: DOCUMENT_TYPES[kind] });
  for (const kind of DOCUMENT_KINDS) {
    await collect(async () => {
      const file = await inspectUpload(raw[kind], rule(kind));
      if (file) files[kind] = file;
      else if (required.includes(kind)) errors[kind] = [validation.t("required", { label: DOCUMENT_LABELS[kind] })];
    });
  }
  if (Object.keys(errors).length === 0) {
    for (const [kind, file] of Object.entries(files) as [DocumentKind, CheckedFile][]) await collect(() => decodeUpload(file, rule(kind)));
  }
  if (Object.keys(errors).length) {
    const first = Object.values(errors)[0]![0]!;
    throw new AppError(tooLarge ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", first, { fieldErrors: errors });
  }
  return files;
}

type StoredDocument = { kind: DocumentKind; file: CheckedFile; name: string };

/**
 * Stores an application's new documents, then runs what records them; if recording fails the new files (and
 * any previews) are removed again, so no file is left that nothing names.
 */
async function withStoredDocuments<T>(
  deps: AppDeps,
  files: Partial<Record<DocumentKind, CheckedFile>>,
  record: (stored: StoredDocument[]) => Promise<T>,
): Promise<T> {
  const store = fileStore(deps.env);
  const stored: StoredDocument[] = [];
  for (const [kind, file] of Object.entries(files) as [DocumentKind, CheckedFile][]) {
    stored.push({ kind, file, name: await storeFile(store, "documents", file.kind, file.bytes) });
  }
  try {
    return await record(stored);
  } catch (err) {
    await removeDocumentFiles(
      deps,
      stored.map((s) => s.name),
    );
    throw err;
  }
}

const documentRows = (admissionId: number, stored: StoredDocument[], at: string) =>
  stored.map((s) => ({
    admission_id: admissionId,
    kind: s.kind,
    original_name: s.file.originalName,
    stored_name: s.name,
    mime_type: MIME_TYPES[s.file.kind],
    size_bytes: s.file.bytes.length,
    created_at: at,
  }));

// ————— applicant side —————

/** POST /admission/submit: fields + files → a pending application with its number. */
export async function submitApplication(
  deps: AppDeps,
  raw: Record<string, unknown>,
  meta: SessionMeta = {},
  /** a signed-in administrator or staff member entering a walk-in applicant's application (issue 17) */
  enteredBy: number | null = null,
): Promise<AdmissionSubmitResult> {
  const { general } = await getSettings(deps);
  // Only accepted applications count (one pending application per e-mail address is checked below). The
  // office's counter is not the public: a morning of walk-ins is not an attack, so it is not limited.
  const limit = enteredBy === null ? acceptedSubmissions(deps.limits, [["admissionSubmitPerIp", ipKey(meta)]], general.timeZone) : null;
  await limit?.assertOpen();
  const fields = await parseFields(deps.db, raw);
  // Before the documents: refused submissions are not counted, so an address already pending must not buy
  // the decoding of four pictures each time (thirteenth walk).
  await assertNonePending(deps.db, fields.email);
  const files = await checkDocuments(raw, REQUIRED_DOCUMENTS);

  const now = deps.now();
  const at = now.toISOString();
  return withStoredDocuments(deps, files, async (stored) => {
    const admission = await deps.db.transaction().execute(async (trx) => {
      // Again where it counts: a second submission of the address at the same moment (a double tap) waits here.
      await assertNonePending(trx, fields.email);
      const year = now.getUTCFullYear();
      const n = await nextSequenceValue(trx, `application:${year}`);
      const applicationNumber = `APP-${year}-${String(n).padStart(6, "0")}`;
      const row = await trx
        .insertInto("admissions")
        .values({
          ...toColumns(fields),
          application_number: applicationNumber,
          status: "pending",
          language: currentLocale(),
          entered_by: enteredBy,
          programme_id: await programmeIdByName(trx, fields.course),
          submitted_at: at,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("admission_documents")
        .values(documentRows(row.id, stored, at))
        .execute();
      // Entered at the counter: the alert says by whom (to the institute's address too), and not to them.
      const name = `${row.first_name} ${row.last_name}`;
      const by = enteredBy === null ? null : await findUserById(trx, enteredBy);
      await notifyAdmins(
        trx,
        now,
        {
          type: "admission",
          priority: "high",
          ...(by
            ? { kind: "admission.walkIn", params: { name, course: row.course, number: applicationNumber, by: by.name } }
            : { kind: "admission.new", params: { name, course: row.course, number: applicationNumber } }),
          data: { admissionId: row.id, applicationNumber, email: row.email, course: row.course },
        },
        enteredBy,
      );
      if (enteredBy !== null)
        await audit(trx, now, {
          actorUserId: enteredBy,
          action: "admission.walk_in",
          entityType: "admission",
          entityId: row.id,
          details: { applicationNumber, name },
          ip: meta.ip,
        });
      await deps.mail.enqueue(trx, row.email, {
        template: "admission_received",
        name: row.first_name,
        applicationNumber,
        statusUrl: `${publicUrl(deps)}/admission-status`,
      });
      return row;
    });
    await limit?.countAccepted();
    deps.mail.kick();
    return {
      applicationNumber: admission.application_number,
      id: admission.id,
      status: admission.status,
      submittedAt: admission.submitted_at,
    };
  });
}

/** POST /admission/validate: the field errors of a partial application (nothing is stored). */
export async function validateApplication(deps: AppDeps, raw: Record<string, unknown>) {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => typeof value === "string" && value.trim() !== ""));
  const result = v.safeParse(partialAdmissionFields, present);
  const errors: FieldErrors = result.success ? {} : fieldErrorsOf(result.issues);
  if (typeof present.course === "string" && !errors.course && !(await activeCourses(deps.db)).has(present.course.trim())) {
    errors.course = [ADMISSION_MESSAGES.unknownCourse];
  }
  return { valid: Object.keys(errors).length === 0, errors, missing: missingRequiredMessage(raw) };
}

/** GET /admission/stats: counts by status. */
export async function admissionStats(deps: Pick<AppDeps, "db">) {
  return cachedRead(deps.db, "admissions:stats", () => countAdmissionsByStatus(deps));
}

async function countAdmissionsByStatus(deps: Pick<AppDeps, "db">) {
  const by = await countByStatus(deps.db.selectFrom("admissions"));
  const pending = by.pending ?? 0;
  const approved = by.approved ?? 0;
  const rejected = by.rejected ?? 0;
  return { total: pending + approved + rejected, pending, approved, rejected };
}

/**
 * GET /admission/status/{email or application number}: only the number, status, dates, the student ID
 * once approved and the reason once rejected — never the personal details (DECISIONS 7).
 */
export async function lookupStatus(deps: AppDeps, query: string, meta: SessionMeta = {}) {
  await deps.limits.consume("statusLookupsPerIp", ipKey(meta));
  const q = query.trim();
  let sel = deps.db
    .selectFrom("admissions")
    .leftJoin("users", "users.id", "admissions.student_user_id")
    .select([
      "admissions.id",
      "admissions.application_number",
      "admissions.status",
      "admissions.submitted_at",
      "admissions.processed_at",
      "admissions.rejection_reason",
      "admissions.course",
      "users.student_id",
    ]);
  sel = q.includes("@")
    ? sel.where("admissions.email", "=", q.toLowerCase())
    : sel.where("admissions.application_number", "=", q.toUpperCase());
  const row = await sel.orderBy("admissions.submitted_at", "desc").orderBy("admissions.id", "desc").executeTakeFirst();
  if (!row) throw notFound(q.includes("@") ? ADMISSION_MESSAGES.notFound : ADMISSION_MESSAGES.notFoundNumber);
  return {
    id: row.id,
    applicationNumber: row.application_number,
    status: row.status,
    course: row.course,
    submittedAt: row.submitted_at,
    processedAt: row.processed_at,
    student_id: row.status === "approved" ? row.student_id : null,
    rejectionReason: row.status === "rejected" ? row.rejection_reason : null,
  };
}

/** E-mails a 6-digit code that unlocks the latest application of that address (same answer either way). */
export async function requestAccessCode(deps: AppDeps, email: string, meta: SessionMeta = {}) {
  await deps.limits.consume("accessCodesPerIp", ipKey(meta));
  await deps.limits.consume("accessCodesPerEmail", email);
  const admission = await deps.db
    .selectFrom("admissions")
    .select(["id", "first_name", "application_number", "email"])
    .where("email", "=", email)
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (admission) {
    const { code } = await issueCode(deps.db, deps.now(), {
      purpose: "application_access",
      email,
      admissionId: admission.id,
      ttlSeconds: CODE_LIFETIME_SECONDS,
    });
    await deps.mail.enqueue(deps.db, email, {
      template: "application_access_code",
      name: admission.first_name,
      code,
      applicationNumber: admission.application_number,
    });
    deps.mail.kick();
  }
  return { message: ADMISSION_MESSAGES.codeSent };
}

/** Checks the code and grants access to that one application for 30 minutes. */
export async function verifyAccessCode(deps: AppDeps, input: { email: string; code: string }, meta: SessionMeta = {}) {
  await deps.limits.consume("codeChecksPerIp", ipKey(meta));
  const row = await verifyCode(deps.db, deps.now(), { purpose: "application_access", email: input.email, code: input.code });
  const accessToken = await issueToken(deps.db, deps.now(), {
    purpose: "application_access",
    email: `${input.email}${GRANT_SUFFIX}`,
    admissionId: row.admission_id,
    ttlSeconds: ACCESS_MINUTES * 60,
  });
  return { accessToken, applicationId: row.admission_id!, expiresInMinutes: ACCESS_MINUTES };
}

/**
 * Who may open an application: an admin, or whoever holds a live access grant for exactly this one.
 * Grants are checked without being used up (they are valid for their 30 minutes).
 */
/** An administrator or staff member (by user id), or the applicant's access grant. */
export type ApplicationAccess = { office: number } | { accessToken: string | null };

async function assertAccess(deps: AppDeps, admissionId: number, access: ApplicationAccess) {
  if ("office" in access) return;
  const token = access.accessToken;
  // Grants are 256-bit random tokens; the e-mailed 6-digit codes share the purpose but must never open an
  // application by themselves (they are checked, counted and rate-limited by verifyAccessCode only).
  if (!token || token.length < 32 || token.length > 200) throw new AppError("FORBIDDEN", ADMISSION_MESSAGES.accessNeeded);
  const grant = await deps.db
    .selectFrom("one_time_codes")
    .select(["admission_id", "expires_at"])
    .where("purpose", "=", "application_access")
    .where("email", "like", `%${GRANT_SUFFIX}`)
    .where("code_hash", "=", sha256(token))
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  if (!grant || grant.admission_id !== admissionId || grant.expires_at <= deps.now().toISOString()) {
    throw new AppError("FORBIDDEN", ADMISSION_MESSAGES.accessNeeded);
  }
}

export async function loadApplication(db: Kysely<Database>, id: number) {
  const admission = await db.selectFrom("admissions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!admission) throw notFound(ADMISSION_MESSAGES.applicationNotFound);
  const docs = await db.selectFrom("admission_documents").selectAll().where("admission_id", "=", id).orderBy("id").execute();
  const student = admission.student_user_id
    ? await db.selectFrom("users").select("student_id").where("id", "=", admission.student_user_id).executeTakeFirst()
    : undefined;
  return { admission, docs, studentId: student?.student_id ?? null };
}

export async function getApplication(deps: AppDeps, id: number, access: ApplicationAccess) {
  await assertAccess(deps, id, access);
  const { admission, docs, studentId } = await loadApplication(deps.db, id);
  return toApplication(admission, docs, studentId);
}

/** Removes stored documents together with any previews made of them. */
async function removeDocumentFiles(deps: Pick<AppDeps, "env">, names: string[]) {
  await fileStore(deps.env).remove("documents", [...names, ...names.map((n) => `${n}.thumb.webp`)]);
}

/**
 * One stored document of an application, for download (admin or access grant). `thumbnail` asks for a
 * 160-pixel preview of the photo, so a list of applicants does not download every original.
 */
export async function getDocument(deps: AppDeps, id: number, kind: string, access: ApplicationAccess, thumbnail = false) {
  await assertAccess(deps, id, access);
  const doc = await deps.db
    .selectFrom("admission_documents")
    .selectAll()
    .where("admission_id", "=", id)
    .where("kind", "=", kind as DocumentKind)
    .executeTakeFirst();
  if (!doc) throw notFound(validation.t("file.gone"));
  if (thumbnail && doc.mime_type.startsWith("image/")) {
    // A document's small preview is made on first request and kept beside the original.
    const store = fileStore(deps.env);
    const thumb = `${doc.stored_name}.thumb.webp`;
    if (!(await store.open("documents", thumb))) {
      const original = await store.read("documents", doc.stored_name);
      if (!original) throw notFound(validation.t("file.gone"));
      await store.write("documents", thumb, await reencodeImage(original, 160));
    }
    return {
      area: "documents" as const,
      file: thumb,
      name: `${doc.original_name.replace(/\.[^.]+$/, "")}-preview.webp`,
      mimeType: "image/webp",
    };
  }
  return { area: "documents" as const, file: doc.stored_name, name: doc.original_name, mimeType: doc.mime_type };
}

/**
 * PUT /admission/update/{id}: pending only; new files replace old ones. An edit by the office (a counsellor
 * correcting what an applicant told them) is in the activity log with the fields it changed (issue 17).
 */
export async function updateApplication(deps: AppDeps, id: number, raw: Record<string, unknown>, access: ApplicationAccess) {
  await assertAccess(deps, id, access);
  const current = await deps.db.selectFrom("admissions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!current) throw notFound(ADMISSION_MESSAGES.applicationNotFound);
  if (current.status !== "pending") throw conflict(ADMISSION_MESSAGES.notEditable);
  // The version the editor was filled from: someone else's save since (the applicant's, the office's) is refused.
  const { version } = parseInput(editedVersion, { version: raw.version });
  if (version !== undefined && version !== current.updated_at) throw conflict(ADMISSION_MESSAGES.changedMeanwhile);
  const fields = await parseFields(deps.db, raw, current.course);
  const newEmail = fields.email !== current.email;
  if (newEmail) await assertNonePending(deps.db, fields.email, id);
  const files = await checkDocuments(raw, []);
  const at = deps.now().toISOString();
  const replaced = await withStoredDocuments(deps, files, (stored) =>
    deps.db.transaction().execute(async (trx) => {
      if (newEmail) await assertNonePending(trx, fields.email, id);
      await updatePending(
        trx,
        id,
        { ...toColumns(fields), programme_id: await programmeIdByName(trx, fields.course), updated_at: at },
        () => conflict(ADMISSION_MESSAGES.notEditable),
        version,
      );
      if ("office" in access) {
        // The form's field names (firstName, phone, …): the activity log labels them in the reader's language.
        const columns = toColumns(fields);
        const changed = (Object.entries(COLUMN) as [keyof AdmissionFields, keyof typeof columns][])
          .filter(([, column]) => columns[column] !== current[column])
          .map(([field]) => field);
        await audit(trx, deps.now(), {
          actorUserId: access.office,
          action: "admission.update",
          entityType: "admission",
          entityId: id,
          details: { applicationNumber: current.application_number, changed, documents: stored.map((s) => s.kind) },
        });
      }
      if (!stored.length) return [];
      const kinds = stored.map((s) => s.kind);
      const old = await trx
        .selectFrom("admission_documents")
        .select("stored_name")
        .where("admission_id", "=", id)
        .where("kind", "in", kinds)
        .execute();
      await trx.deleteFrom("admission_documents").where("admission_id", "=", id).where("kind", "in", kinds).execute();
      await trx
        .insertInto("admission_documents")
        .values(documentRows(id, stored, at))
        .execute();
      return old.map((o) => o.stored_name);
    }),
  );
  await removeDocumentFiles(deps, replaced);
  const { admission, docs, studentId } = await loadApplication(deps.db, id);
  return toApplication(admission, docs, studentId);
}

// ————— admin side —————

/** The office's list filters (status and search), shared by the list and its CSV export. */
export function filteredAdmissions(db: Kysely<Database>, query: Pick<AdmissionListQuery, "status" | "search">) {
  let base = db.selectFrom("admissions");
  if (query.status !== "all") base = base.where("admissions.status", "=", query.status);
  if (query.search) base = base.where(textContains(db, "admissions", ADMISSION_SEARCH_COLUMNS, query.search));
  return base;
}

export async function listAdmissions(deps: Pick<AppDeps, "db">, query: AdmissionListQuery) {
  const base = filteredAdmissions(deps.db, query);
  // The whole answer is remembered too, so a repeated request is serialized once (platform/http.ts: ok).
  return cachedRead(deps.db, `admissions:list:${query.status}:${query.limit}:${query.page}:${query.search}`, async () => {
    const [{ items, pagination }, counts] = await Promise.all([
      newestFirstPage({
        db: deps.db,
        table: "admissions",
        base,
        cacheKey: `admissions:${query.status}:${query.search}`,
        page: query.page,
        limit: query.limit,
        toItems: async (page: Admission[]) => {
          const photos = page.length
            ? await deps.db
                .selectFrom("admission_documents")
                .select("admission_id")
                .where("kind", "=", "photo")
                .where(
                  "admission_id",
                  "in",
                  page.map((r) => r.id),
                )
                .execute()
            : [];
          const withPhoto = new Set(photos.map((p) => p.admission_id));
          // Lists show a small preview of the photo, never the original.
          return page.map((a) => ({
            ...toApplication(a, []),
            // The office's own (never in what the applicant sees: toApplication).
            followUpOn: a.follow_up_on,
            photo: withPhoto.has(a.id) ? { url: `${documentUrl(a.id, "photo")}?size=thumb` } : null,
          }));
        },
      }),
      admissionStats(deps),
    ]);
    return { admissions: items, stats: counts, pagination };
  });
}

/**
 * Changes an application only while it is still pending, in one statement: of an applicant's edit and the
 * office's decision, or of two office members deciding at once, the first wins and the other is told `refusal`.
 * `version` (an edit's): only while it is still the version the edit was filled from, else "changed meanwhile".
 */
/**
 * One pending application per e-mail address: another is refused on the address's field, pointing to the
 * status page. The address is held (PostgreSQL) so two submissions of it at once take turns (race audit 5).
 */
async function assertNonePending(db: Kysely<Database>, email: string, exceptId?: number) {
  await holdValue(db, "admissions.email", email);
  const other = await db
    .selectFrom("admissions")
    .select("id")
    .where("email", "=", email)
    .where("status", "=", "pending")
    .$if(exceptId !== undefined, (q) => q.where("id", "!=", exceptId!))
    .executeTakeFirst();
  if (other) throw fieldError("CONFLICT", "email", ADMISSION_MESSAGES.duplicatePending);
}

async function updatePending(
  trx: Kysely<Database>,
  id: number,
  values: Updateable<AdmissionsTable>,
  refusal: () => AppError,
  version?: string,
) {
  const done = await trx
    .updateTable("admissions")
    .set(values)
    .where("id", "=", id)
    .where("status", "=", "pending")
    .$if(version !== undefined, (q) => q.where("updated_at", "=", version!))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 1) return;
  const now = await trx.selectFrom("admissions").select("status").where("id", "=", id).executeTakeFirst();
  throw version !== undefined && now?.status === "pending" ? conflict(ADMISSION_MESSAGES.changedMeanwhile) : refusal();
}

/** A decision on an application already decided (a colleague, another tab): a program reads `already_decided`. */
const alreadyDecided = () => new AppError("CONFLICT", ADMISSION_MESSAGES.onlyPendingProcessed, { reason: "already_decided" });

/** Approve (creating the student account, ID and first-login e-mail in one transaction) or reject with a reason. */
export async function processAdmission(deps: AppDeps, adminId: number, input: ProcessAdmissionInput, meta: SessionMeta = {}) {
  const current = await deps.db.selectFrom("admissions").selectAll().where("id", "=", input.admissionId).executeTakeFirst();
  if (!current) throw notFound(ADMISSION_MESSAGES.applicationNotFound);
  if (current.status !== "pending") throw alreadyDecided();
  const now = deps.now();
  const at = now.toISOString();

  if (input.action === "reject") {
    await deps.db.transaction().execute(async (trx) => {
      await updatePending(
        trx,
        current.id,
        { status: "rejected", rejection_reason: input.rejectionReason, processed_at: at, processed_by: adminId, updated_at: at },
        alreadyDecided,
      );
      await deps.mail.enqueue(
        trx,
        current.email,
        {
          template: "admission_rejected",
          name: current.first_name,
          applicationNumber: current.application_number,
          reason: input.rejectionReason,
        },
        parseLocale(current.language),
      );
      await audit(trx, now, {
        actorUserId: adminId,
        action: "admission.reject",
        entityType: "admission",
        entityId: current.id,
        // Its number, as every other screen names it (walk 16c: the log said "application #1").
        details: { applicationNumber: current.application_number, reason: input.rejectionReason },
        ip: meta.ip,
      });
    });
    deps.mail.kick();
    return { status: "rejected" as const, message: ADMISSION_MESSAGES.rejected };
  }

  const existing = await deps.db.selectFrom("users").select("id").where("email", "=", current.email).executeTakeFirst();
  if (existing) throw conflict(ADMISSION_MESSAGES.accountExists);
  // The account photo is a re-encoded copy of the application photo (EXIF and location removed).
  const photoDoc = await deps.db
    .selectFrom("admission_documents")
    .selectAll()
    .where("admission_id", "=", current.id)
    .where("kind", "=", "photo")
    .executeTakeFirst();
  const store = fileStore(deps.env);
  let photoFile: string | null = null;
  const original = photoDoc ? await store.read("documents", photoDoc.stored_name) : null;
  if (original) photoFile = await storeFile(store, "photos", "webp", await reencodeImage(original, 512));
  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      // Decided first, inside the transaction: of two approvals at once (a double click, two tabs, two office
      // members) the second finds the application no longer pending and is told so (409), before it creates anything.
      await updatePending(trx, current.id, { status: "approved", processed_at: at, processed_by: adminId, updated_at: at }, alreadyDecided);
      const user = await openStudentAccount(
        trx,
        {
          name: `${current.first_name} ${current.last_name}`,
          email: current.email,
          password_hash: null,
          mobile: current.phone,
          date_of_birth: current.date_of_birth,
          gender: current.gender,
          address: current.address,
          city: current.city,
          state: current.state,
          pincode: current.pincode,
          blood_group: current.blood_group,
          course: current.course,
          // The student's Course/Standard is the programme they were admitted to, by its name today (it may have
          // been renamed since the application), as for a student the office adds (the office's edit form requires it).
          standard: await studentProgrammeName(trx, { programme_id: current.programme_id, standard: null, course: current.course }),
          programme_id: current.programme_id,
          photo_file: photoFile,
          admission_id: current.id,
        },
        at,
        parseLocale(current.language),
      ).catch((err: unknown) => {
        // The address was free at the check above, but another application with it was approved since (or at once).
        throw isUniqueViolation(err, "email") ? conflict(ADMISSION_MESSAGES.accountExists) : err;
      });
      const studentId = user.student_id!;
      await trx.updateTable("admissions").set({ student_user_id: user.id }).where("id", "=", current.id).execute();
      await mailFirstLoginLink(
        deps,
        trx,
        user,
        { template: "admission_approved", name: current.first_name, applicationNumber: current.application_number, studentId },
        parseLocale(current.language),
      );
      await audit(trx, now, {
        actorUserId: adminId,
        action: "admission.approve",
        entityType: "admission",
        entityId: current.id,
        details: { applicationNumber: current.application_number, studentId, userId: user.id },
        ip: meta.ip,
      });
      return { studentId, userId: user.id };
    });
    deps.mail.kick();
    return {
      status: "approved" as const,
      message: ADMISSION_MESSAGES.approved,
      student_id: result.studentId,
      userId: result.userId,
      // Their term's fees were raised before they joined: the office is told to raise it again (stop 53).
      feesToRaise: await feesToRaiseHint(deps, result.userId),
    };
  } catch (err) {
    await store.remove("photos", [photoFile]);
    throw err;
  }
}

/** Deletes a processed application and its stored documents. */
export async function deleteAdmission(deps: AppDeps, adminId: number, id: number, meta: SessionMeta = {}) {
  const current = await deps.db
    .selectFrom("admissions")
    .select(["id", "status", "application_number"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!current) throw notFound(ADMISSION_MESSAGES.applicationNotFound);
  if (current.status === "pending") throw conflict(ADMISSION_MESSAGES.deletePending);
  const docs = await deps.db.selectFrom("admission_documents").select("stored_name").where("admission_id", "=", id).execute();
  await deps.db.transaction().execute(async (trx) => {
    await detachAdmission(trx, id);
    await trx.deleteFrom("admissions").where("id", "=", id).execute();
    await audit(trx, deps.now(), {
      actorUserId: adminId,
      action: "admission.delete",
      entityType: "admission",
      entityId: id,
      details: { applicationNumber: current.application_number },
      ip: meta.ip,
    });
  });
  await removeDocumentFiles(
    deps,
    docs.map((d) => d.stored_name),
  );
  return { message: ADMISSION_MESSAGES.deleted };
}
