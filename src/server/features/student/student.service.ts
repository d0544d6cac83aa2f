/**
 * The student portal: a student's own profile and photo, ID card and its public verification, settings
 * and privacy preferences, the dashboard figures (real data only, DECISIONS 6), and a student by id for
 * the student themself or an admin (DECISIONS 8).
 */

import QRCode from "qrcode";
import * as v from "valibot";
import type { User } from "../../../../db/schema.ts";
import { DEFAULT_STUDENT_PREFERENCES, type StudentPreferences, studentPreferences } from "../../../shared/schemas/settings.ts";
import {
  type NotificationSettingsInput,
  type PrivacySettingsInput,
  STUDENT_MESSAGES,
  type StudentProfileInput,
} from "../../../shared/schemas/student.ts";
import type { AppDeps } from "../../deps.ts";
import { publicUrl } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { randomToken } from "../../platform/crypto.ts";
import { AppError, forbidden, notFound } from "../../platform/errors.ts";
import { ensureIdCardTokenSet, storePreferences, updateStudentOwnFields } from "../accounts/accounts.repository.ts";
import { accountStats, setTwoFactor, updateOwnPhoto } from "../auth/account.service.ts";
import { type Authenticated, findUserById, type SessionMeta, toPublicUser } from "../auth/auth.service.ts";
import { getSettings } from "../settings/settings.service.ts";
import { getInstituteInfo } from "../site/site.service.ts";

/** Profile photos: any common web image, re-encoded to WebP at the size the admission approval uses. */
const RECENT_ACTIVITY = 5;

/** Dashboard blocks whose data does not exist yet (courses, exams, library, assignments): shown as empty states. */
export const NOT_YET_AVAILABLE = ["courseProgress", "exams", "library", "assignments", "performance"] as const;

// ————— profile —————

const PROFILE_COLUMNS = {
  mobile: "mobile",
  gender: "gender",
  address: "address",
  city: "city",
  state: "state",
  pincode: "pincode",
  bloodGroup: "blood_group",
} as const satisfies Record<Exclude<keyof StudentProfileInput, "emergencyContact" | "dateOfBirth">, keyof User>;

const EMERGENCY_COLUMNS = {
  name: "emergency_name",
  relationship: "emergency_relationship",
  phone: "emergency_phone",
  email: "emergency_email",
} as const satisfies Record<keyof NonNullable<StudentProfileInput["emergencyContact"]>, keyof User>;

type EditableColumn = (typeof PROFILE_COLUMNS)[keyof typeof PROFILE_COLUMNS] | (typeof EMERGENCY_COLUMNS)[keyof typeof EMERGENCY_COLUMNS];

/** The student as the portal shows them (spec part 1 §3 Student user). */
export function toStudentProfile(u: User) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    student_id: u.student_id,
    status: u.is_active === 1 ? ("active" as const) : ("inactive" as const),
    mobile: u.mobile,
    dateOfBirth: u.date_of_birth,
    gender: u.gender,
    address: u.address,
    city: u.city,
    state: u.state,
    pincode: u.pincode,
    bloodGroup: u.blood_group,
    standard: u.standard,
    section: u.section,
    rollNumber: u.roll_number,
    course: u.course,
    emergencyContact: {
      name: u.emergency_name,
      relationship: u.emergency_relationship,
      phone: u.emergency_phone,
      email: u.emergency_email,
    },
    photo: toPublicUser(u).photo,
  };
}
export type StudentProfile = ReturnType<typeof toStudentProfile>;

async function loadStudent(deps: Pick<AppDeps, "db">, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (user?.role !== "student") throw notFound("Student not found");
  return user;
}

export async function getOwnProfile(deps: Pick<AppDeps, "db">, userId: number) {
  return toStudentProfile(await loadStudent(deps, userId));
}

/** PUT /student/profile: only the fields a student may edit; left-out fields stay as they are. */
export async function updateOwnStudentProfile(deps: AppDeps, userId: number, input: StudentProfileInput, meta: SessionMeta = {}) {
  const current = await loadStudent(deps, userId);
  // The date of birth is part of the student's identity: the institute changes it (issue 14.2). Sending the
  // stored value back is fine; another one is refused, never silently dropped.
  if (input.dateOfBirth !== undefined && input.dateOfBirth !== current.date_of_birth) {
    throw new AppError("FORBIDDEN", STUDENT_MESSAGES.dateOfBirthSetByInstitute, {
      fieldErrors: { dateOfBirth: [STUDENT_MESSAGES.dateOfBirthSetByInstitute] },
    });
  }
  const changes: Partial<Pick<User, EditableColumn>> = {};
  for (const [key, column] of Object.entries(PROFILE_COLUMNS) as [keyof typeof PROFILE_COLUMNS, EditableColumn][]) {
    if (input[key] !== undefined) changes[column] = input[key];
  }
  const contact = input.emergencyContact;
  if (contact !== undefined) {
    for (const [key, column] of Object.entries(EMERGENCY_COLUMNS) as [keyof typeof EMERGENCY_COLUMNS, EditableColumn][]) {
      if (contact === null) changes[column] = null;
      else if (contact[key] !== undefined) changes[column] = contact[key];
    }
  }
  const fields = Object.keys(changes);
  if (fields.length) {
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      await updateStudentOwnFields(trx, userId, changes, now.toISOString());
      // Which fields changed, never their values: the log must not become a copy of personal data.
      await audit(trx, now, {
        actorUserId: userId,
        action: "student.profile_update",
        entityType: "user",
        entityId: userId,
        details: { fields },
        ip: meta.ip,
      });
    });
  }
  return getOwnProfile(deps, userId);
}

/** PUT /student/profile/photo: the student's own photo (see updateOwnPhoto). */
export async function updateProfilePhoto(deps: AppDeps, userId: number, upload: unknown, meta: SessionMeta = {}) {
  await loadStudent(deps, userId);
  return updateOwnPhoto(deps, userId, upload, meta);
}

/** GET /student/{id}: the student themself or an admin; another student gets 403 whether or not the id exists. */
export async function getStudentById(deps: Pick<AppDeps, "db">, viewer: Authenticated, id: number) {
  if (viewer.user.role !== "admin" && viewer.user.id !== id) throw forbidden();
  return toStudentProfile(await loadStudent(deps, id));
}

// ————— settings —————

function parseStoredPreferences(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The stored preferences over the defaults (spec part 1 §9); a stored value that no longer fits falls back to its default. */
export function readPreferences(raw: string): StudentPreferences {
  const stored = parseStoredPreferences(raw);
  const out: Record<string, unknown> = { ...DEFAULT_STUDENT_PREFERENCES };
  for (const key of Object.keys(DEFAULT_STUDENT_PREFERENCES) as (keyof StudentPreferences)[]) {
    const parsed = v.safeParse(studentPreferences.entries[key], stored[key]);
    if (parsed.success) out[key] = parsed.output;
  }
  return out as StudentPreferences;
}

function toSettings(u: User) {
  const p = readPreferences(u.preferences);
  return {
    emailNotifications: p.emailNotifications,
    smsNotifications: p.smsNotifications,
    pushNotifications: p.pushNotifications,
    theme: p.theme,
    language: p.language,
    twoFactorAuth: u.two_factor_enabled === 1,
    showPhotoOnVerification: p.showPhotoOnVerification,
  };
}
export type StudentSettings = ReturnType<typeof toSettings>;

export async function getStudentSettings(deps: Pick<AppDeps, "db">, userId: number) {
  return toSettings(await loadStudent(deps, userId));
}

/** Merges changed preferences into the stored JSON (keys this code does not know are kept). */
async function savePreferences(deps: AppDeps, userId: number, changes: Partial<StudentPreferences>) {
  if (!Object.keys(changes).length) return;
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("users").select("preferences").where("id", "=", userId).executeTakeFirstOrThrow();
    const merged = { ...parseStoredPreferences(row.preferences), ...readPreferences(row.preferences), ...changes };
    await storePreferences(trx, userId, JSON.stringify(merged), deps.now().toISOString());
  });
}

/** PUT /student/notification-settings: toggles, theme and language stored per student (DECISIONS 2); two-factor via its own switch. */
export async function updateStudentSettings(deps: AppDeps, userId: number, input: NotificationSettingsInput, meta: SessionMeta = {}) {
  const user = await loadStudent(deps, userId);
  const { twoFactorAuth, ...preferences } = input;
  const changes = Object.fromEntries(Object.entries(preferences).filter(([, value]) => value !== undefined)) as Partial<StudentPreferences>;
  await savePreferences(deps, userId, changes);
  if (twoFactorAuth !== undefined && twoFactorAuth !== (user.two_factor_enabled === 1)) {
    await setTwoFactor(deps, userId, twoFactorAuth);
    await audit(deps.db, deps.now(), {
      actorUserId: userId,
      action: twoFactorAuth ? "account.two_factor_on" : "account.two_factor_off",
      entityType: "user",
      entityId: userId,
      ip: meta.ip,
    });
  }
  return getStudentSettings(deps, userId);
}

/** PUT /student/privacy-settings: whether the public verification page shows the photo. */
export async function updatePrivacySettings(deps: AppDeps, userId: number, input: PrivacySettingsInput) {
  await loadStudent(deps, userId);
  await savePreferences(deps, userId, { showPhotoOnVerification: input.showPhotoOnVerification });
  return getStudentSettings(deps, userId);
}

// ————— ID card —————

/** The calendar date (YYYY-MM-DD) of an instant in the institute's time zone. */
export function localDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * The card in force on `today` (docs/decisions/006-id-card.md): it covers the academic year 1 June –
 * 31 May in progress, from the later of 1 June and the day the student was enrolled.
 */
export function idCardValidity(today: string, enrolledOn: string) {
  const year = Number(today.slice(0, 4));
  const endYear = Number(today.slice(5, 7)) >= 6 ? year + 1 : year;
  const yearStart = `${endYear - 1}-06-01`;
  return {
    academicYear: `${endYear - 1}-${String(endYear).slice(2)}`,
    issueDate: enrolledOn > yearStart ? enrolledOn : yearStart,
    validUntil: `${endYear}-05-31`,
  };
}

async function cardValidity(deps: Pick<AppDeps, "db" | "now">, user: User) {
  const { general } = await getSettings(deps);
  return idCardValidity(localDate(deps.now(), general.timeZone), localDate(new Date(user.created_at), general.timeZone));
}

/** The student's verification token: created on the first card request, then kept (so printed cards stay valid). */
async function ensureIdCardToken(deps: Pick<AppDeps, "db">, user: User): Promise<string> {
  if (user.id_card_token) return user.id_card_token;
  // Two first requests at once: only one token is written, and both read it back.
  await ensureIdCardTokenSet(deps.db, user.id, randomToken());
  const row = await deps.db.selectFrom("users").select("id_card_token").where("id", "=", user.id).executeTakeFirstOrThrow();
  return row.id_card_token!;
}

/** The address a card's QR code opens: `{PUBLIC_URL}/verify/{token}`. */
const verifyUrlFor = (deps: Pick<AppDeps, "env">, token: string) => `${publicUrl(deps)}/verify/${token}`;

/** GET /student/id-card: what the printed card shows, with the verification address for its QR code. */
export async function getIdCard(deps: AppDeps, userId: number) {
  const user = await loadStudent(deps, userId);
  const token = await ensureIdCardToken(deps, user);
  const institute = await getInstituteInfo(deps);
  const validity = await cardValidity(deps, user);
  return {
    name: user.name,
    student_id: user.student_id,
    course: user.course ?? user.standard,
    standard: user.standard,
    bloodGroup: user.blood_group,
    photo: toPublicUser(user).photo,
    issueDate: validity.issueDate,
    validUntil: validity.validUntil,
    academicYear: validity.academicYear,
    institute: { name: institute.name, address: institute.address, phones: institute.phones, email: institute.email },
    verifyUrl: verifyUrlFor(deps, token),
  };
}

/**
 * GET /student/id-card/qr.svg: the card's verification address as an SVG QR code, made here so the
 * client ships no QR encoder. Plain paths only (no script, no style attribute), so it can be shown
 * through an <img> under the CSP. Error correction M survives a worn or creased print.
 */
export async function idCardQrSvg(deps: AppDeps, userId: number) {
  const user = await loadStudent(deps, userId);
  const verifyUrl = verifyUrlFor(deps, await ensureIdCardToken(deps, user));
  const svg = await QRCode.toString(verifyUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { svg, verifyUrl };
}

/**
 * GET /public/verify/{token}: whether the card belongs to a current student. Only the name, student ID,
 * validity and (if the student allows it) the photo — nothing else personal.
 */
export async function verifyIdCard(deps: AppDeps, token: string) {
  const user = /^[A-Za-z0-9_-]{16,200}$/.test(token)
    ? await deps.db.selectFrom("users").selectAll().where("id_card_token", "=", token).where("role", "=", "student").executeTakeFirst()
    : undefined;
  if (!user) throw notFound(STUDENT_MESSAGES.cardNotVerified);
  const institute = await getInstituteInfo(deps);
  const validity = await cardValidity(deps, user);
  // The card renews with each academic year while the account is active, so deactivation is what ends it.
  const valid = user.is_active === 1;
  const { showPhotoOnVerification } = readPreferences(user.preferences);
  return {
    valid,
    name: user.name,
    studentId: user.student_id,
    photo: showPhotoOnVerification ? toPublicUser(user).photo : null,
    validUntil: valid ? validity.validUntil : null,
    institute: { name: institute.name, email: institute.email, phones: institute.phones },
  };
}

// ————— dashboard —————

/** The filled-in share of the profile fields a student keeps up to date themselves. */
const COMPLETENESS_FIELDS: readonly [string, (u: User) => string | null][] = [
  ["Mobile", (u) => u.mobile],
  ["Date of Birth", (u) => u.date_of_birth],
  ["Gender", (u) => u.gender],
  ["Address", (u) => u.address],
  ["City", (u) => u.city],
  ["State", (u) => u.state],
  ["PIN Code", (u) => u.pincode],
  ["Blood Group", (u) => u.blood_group],
  ["Emergency contact name", (u) => u.emergency_name],
  ["Emergency contact relationship", (u) => u.emergency_relationship],
  ["Emergency contact phone", (u) => u.emergency_phone],
  ["Photo", (u) => u.photo_file],
];

export function profileCompleteness(u: User) {
  const missing = COMPLETENESS_FIELDS.filter(([, read]) => !read(u)?.trim()).map(([label]) => label);
  return { percent: Math.round(((COMPLETENESS_FIELDS.length - missing.length) * 100) / COMPLETENESS_FIELDS.length), missing };
}

/**
 * GET /student/dashboard/stats: only what exists — the course and admission, account activity, profile
 * completeness, notifications. Blocks without data yet are null and listed in `notYetAvailable`.
 */
export async function studentDashboard(deps: AppDeps, userId: number) {
  const user = await loadStudent(deps, userId);
  const [account, unread, recent, admission] = await Promise.all([
    accountStats(deps, userId),
    deps.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("recipient_user_id", "=", userId)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("notifications")
      .select(["id", "type", "title", "message", "priority", "read_at", "created_at"])
      .where("recipient_user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(RECENT_ACTIVITY)
      .execute(),
    user.admission_id === null
      ? undefined
      : deps.db
          .selectFrom("admissions")
          .select(["application_number", "status", "submitted_at", "processed_at"])
          .where("id", "=", user.admission_id)
          .executeTakeFirst(),
  ]);
  const completeness = profileCompleteness(user);
  return {
    student: { name: user.name, student_id: user.student_id, photo: toPublicUser(user).photo },
    course: user.course ?? user.standard,
    admission:
      admission && admission.status === "approved"
        ? { applicationNumber: admission.application_number, appliedAt: admission.submitted_at, approvedAt: admission.processed_at }
        : null,
    account: {
      lastLogin: account.lastLogin,
      activeSessions: account.activeSessions,
      memberSince: account.memberSince,
      profileCompleteness: completeness.percent,
      missingProfileFields: completeness.missing,
    },
    unreadNotifications: Number(unread.n),
    recentActivity: recent.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      description: n.message,
      priority: n.priority,
      read: n.read_at !== null,
      time: n.created_at,
    })),
    upcomingEvents: [] as never[],
    courseProgress: null,
    exams: null,
    library: null,
    assignments: null,
    performance: null,
    notYetAvailable: NOT_YET_AVAILABLE,
  };
}
