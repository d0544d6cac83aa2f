/** The student ID card, its QR code and its public verification. */
import QRCode from "qrcode";
import type { User } from "../../../../db/schema.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import { STUDENT_MESSAGES } from "../../../shared/schemas/student.ts";
import type { AppDeps } from "../../deps.ts";
import { publicUrl } from "../../deps.ts";
import { randomToken } from "../../platform/crypto.ts";
import { notFound } from "../../platform/errors.ts";
import { ensureIdCardTokenSet } from "../accounts/accounts.repository.ts";
import { toPublicUser } from "../auth/auth.service.ts";
import { studentProgrammeName } from "../programmes/programmes.service.ts";
import { getSettings } from "../settings/settings.service.ts";
import { getInstituteInfo } from "../site/site.service.ts";
import { readPreferences } from "./preferences.service.ts";
import { loadStudent } from "./profile.service.ts";

// ————— ID card —————

/** The calendar date (YYYY-MM-DD) of an instant in the institute's time zone. */
export function localDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * The card in force on `today` (docs/decisions/006-id-card.md): it covers the academic year in progress, which
 * starts on the first of `startMonth` (Settings → General; June unless the institute chose another month) and
 * ends the day before it a year later, from the later of that first day and the day the student was enrolled.
 * A year that starts in January is named by its one calendar year ("2027"), any other by two ("2026-27").
 */
export function idCardValidity(today: string, enrolledOn: string, startMonth = 6) {
  const year = Number(today.slice(0, 4));
  const startYear = Number(today.slice(5, 7)) >= startMonth ? year : year - 1;
  const month = String(startMonth).padStart(2, "0");
  const yearStart = `${startYear}-${month}-01`;
  return {
    academicYear: startMonth === 1 ? String(startYear) : `${startYear}-${String(startYear + 1).slice(2)}`,
    issueDate: enrolledOn > yearStart ? enrolledOn : yearStart,
    validUntil: addDays(`${startYear + 1}-${month}-01`, -1),
  };
}

export async function cardValidity(deps: Pick<AppDeps, "db" | "now">, user: User) {
  const { general } = await getSettings(deps);
  return idCardValidity(
    localDate(deps.now(), general.timeZone),
    localDate(new Date(user.created_at), general.timeZone),
    general.academicYearStart,
  );
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
  return cardOf(deps, await loadStudent(deps, userId));
}

/** The card of a student's record: the student's own and the office's print of it are the same card. */
async function cardOf(deps: AppDeps, user: User) {
  const token = await ensureIdCardToken(deps, user);
  const institute = await getInstituteInfo(deps);
  const validity = await cardValidity(deps, user);
  return {
    name: user.name,
    student_id: user.student_id,
    course: await studentProgrammeName(deps.db, user),
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
  return { svg: await qrSvg(verifyUrl), verifyUrl };
}

const qrSvg = (verifyUrl: string) => QRCode.toString(verifyUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });

/**
 * GET /admin/students/{id}/id-card: a student's card as the office prints it (walk 18: for a student without a
 * printer), its QR code drawn in, and whether the account is active (an inactive student's card does not verify).
 */
export async function officeIdCard(deps: AppDeps, studentId: number) {
  const user = await loadStudent(deps, studentId);
  const card = await cardOf(deps, user);
  return { ...card, qrSvg: await qrSvg(card.verifyUrl), isActive: user.is_active === 1 };
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
