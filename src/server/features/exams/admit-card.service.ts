/**
 * The admit card (hall ticket, issue 18; docs/studies/exams.md): printed on A4 by the student for the exams
 * ahead that they take in their programme (their current term's, and those announced for a term they have
 * since completed), with their photo and a QR code to a public verification page (/verify/admit/<token>).
 * The token is random (like the ID card's), made on the first view and kept for that programme and term, so
 * a printed card stays checkable. The page says whether the card is valid now: the account is active, the
 * student is still in that programme and term, and nothing holds the card back.
 */
import QRCode from "qrcode";
import type { User } from "../../../../db/schema.ts";
import { exams as text } from "../../../shared/i18n/exams.ts";
import { feePlans } from "../../../shared/i18n/feePlans.ts";
import { rupees } from "../../../shared/money.ts";
import { type AppDeps, publicUrl } from "../../deps.ts";
import { randomToken } from "../../platform/crypto.ts";
import { notFound } from "../../platform/errors.ts";
import { toPublicUser } from "../auth/auth.service.ts";
import { owedInstalments } from "../fees/student-fees.service.ts";
import { getSettings, instituteTimeZone, instituteToday } from "../settings/settings.service.ts";
import { getInstituteInfo } from "../site/site.service.ts";
import { readPreferences } from "../student/preferences.service.ts";
import { loadStudent } from "../student/profile.service.ts";
import { examsAheadFor, toStudentExam } from "./exams.service.ts";

/**
 * Whether something holds the student's admit card back: a sentence saying why (in the request's language) and
 * the instalments still to pay, or null. Issue 19: where the institute sets "admit card only when fees are clear" (Fee settings), a student
 * who still owes anything — on any term, arrears of earlier terms too, by the fee ledger's own arithmetic, late
 * fees included — is told the card comes once their fees are clear, and how much is still to pay: the "Total
 * still to pay" of their Fees page (fees/student-fees.service.ts: totalOwed). The card (myAdmitCard) and its public verification (verifyAdmitCard) both
 * ask here, and nowhere else.
 */
export async function admitCardBlock(deps: Pick<AppDeps, "db" | "now">, userId: number) {
  const { fees } = await getSettings(deps);
  if (!fees.admitCardNeedsFeesClear) return null;
  // Each instalment still to pay, so the student sees which (one not yet due holds the card too) and where to pay.
  const owed = await owedInstalments(deps.db, userId, await instituteToday(deps));
  const total = owed.reduce((sum, i) => sum + i.outstanding, 0);
  return total > 0 ? { message: feePlans.t("admit.blocked", { amount: rupees(total) }), owed } : null;
}

/** The card's token for the student's programme and term: made on the first view, then kept. */
async function admitToken(
  deps: Pick<AppDeps, "db">,
  user: User,
  programmeId: number,
  at: string,
): Promise<{ token: string; issuedAt: string }> {
  // Two first views at once: only one row is written, and both read it back.
  await deps.db
    .insertInto("admit_cards")
    .values({ user_id: user.id, programme_id: programmeId, term: user.current_term, token: randomToken(), issued_at: at })
    .onConflict((oc) => oc.columns(["user_id", "programme_id", "term"]).doNothing())
    .execute();
  const row = await deps.db
    .selectFrom("admit_cards")
    .select(["token", "issued_at"])
    .where("user_id", "=", user.id)
    .where("programme_id", "=", programmeId)
    .where("term", "=", user.current_term)
    .executeTakeFirstOrThrow();
  return { token: row.token, issuedAt: row.issued_at };
}

/** The address a card's QR code opens: `{PUBLIC_URL}/verify/admit/{token}`. */
export const admitVerifyUrl = (deps: Pick<AppDeps, "env">, token: string) => `${publicUrl(deps)}/verify/admit/${token}`;

/** The terms of a card's papers, in order. */
const paperTerms = (exams: readonly { subjectTerm: number }[]) => [...new Set(exams.map((e) => e.subjectTerm))].sort((a, b) => a - b);

async function programmeOf(deps: Pick<AppDeps, "db">, programmeId: number) {
  return deps.db
    .selectFrom("programmes")
    .select(["name", "fee_period as termUnit"])
    .where("id", "=", programmeId)
    .executeTakeFirstOrThrow();
}

/**
 * The student's admit card for their current term: ready (with the exams still to come that they take and the
 * QR code as SVG, drawn here so the client ships no encoder), held back (the reason), or none yet (no
 * programme, or no exam ahead).
 */
export async function myAdmitCard(deps: AppDeps, userId: number) {
  const user = await loadStudent(deps, userId);
  if (user.programme_id === null) return { status: "none" as const, reason: "noProgramme" as const };
  const blocked = await admitCardBlock(deps, userId);
  if (blocked) return { status: "blocked" as const, ...blocked };
  const now = deps.now();
  const ahead = await examsAheadFor(deps.db, userId, now, user.programme_id);
  if (!ahead.length) return { status: "none" as const, reason: "noExams" as const };
  const { token, issuedAt } = await admitToken(deps, user, user.programme_id, now.toISOString());
  const verifyUrl = admitVerifyUrl(deps, token);
  const [programme, institute, timeZone, qrSvg] = await Promise.all([
    programmeOf(deps, user.programme_id),
    getInstituteInfo(deps),
    instituteTimeZone(deps),
    QRCode.toString(verifyUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
  ]);
  return {
    status: "ready" as const,
    card: {
      name: user.name,
      studentId: user.student_id,
      photo: toPublicUser(user).photo,
      programme: programme.name,
      termUnit: programme.termUnit,
      term: user.current_term,
      /** the terms of the exams on it: an earlier term's paper still to come is the student's too (walk 32a) */
      terms: paperTerms(ahead),
      exams: ahead.map((e) => toStudentExam(e, timeZone)),
      issuedAt,
      institute: { name: institute.name, address: institute.address, phones: institute.phones, email: institute.email },
      verifyUrl,
      qrSvg,
    },
  };
}

/**
 * The public verification of an admit card (what its QR code opens): valid or not, the holder's name, student
 * ID, programme and term, and — while valid — the exams it admits to; the photo only if the student allows it
 * (Settings → Privacy, as for the ID card). When not valid, only why in general (`reason`): the card is no
 * longer in force ("notCurrent": moved on a term, changed programme, not active), or it is held back for now
 * ("onHold": why — fees — is the student's business with the office). Nothing else personal. An unknown token
 * answers 404.
 */
export async function verifyAdmitCard(deps: AppDeps, token: string) {
  const found = await deps.db
    .selectFrom("admit_cards")
    .innerJoin("users", "users.id", "admit_cards.user_id")
    .selectAll("users")
    .select(["admit_cards.programme_id as cardProgrammeId", "admit_cards.term as cardTerm", "admit_cards.issued_at as issuedAt"])
    .where("admit_cards.token", "=", token)
    .where("users.role", "=", "student")
    .executeTakeFirst();
  if (!found) throw notFound(text.t("verify.unknownCode"));
  const { cardProgrammeId, cardTerm, issuedAt, ...user } = found;
  // Moved on a term since it was printed, the card still admits to the papers of its term or earlier that are still
  // theirs (takesExam), and to nothing of a later term, which it never carried (walk 32a: moved from Year 1 to
  // Year 2 before a Year 1 exam, the printed card was refused at the hall). With none of those left, or moved
  // back, or to another programme, or not active: no longer in force.
  const inProgramme = user.is_active === 1 && user.programme_id === cardProgrammeId && cardTerm <= user.current_term;
  const ahead = inProgramme
    ? (await examsAheadFor(deps.db, user.id, deps.now(), cardProgrammeId)).filter((e) => e.subjectTerm <= cardTerm)
    : [];
  const current = inProgramme && (cardTerm === user.current_term || ahead.length > 0);
  const onHold = current && (await admitCardBlock(deps, user.id)) !== null;
  const valid = current && !onHold;
  const [programme, institute, timeZone] = await Promise.all([
    programmeOf(deps, cardProgrammeId),
    getInstituteInfo(deps),
    instituteTimeZone(deps),
  ]);
  const shown = valid ? ahead : [];
  const { showPhotoOnVerification } = readPreferences(user.preferences);
  return {
    valid,
    reason: valid ? null : onHold ? ("onHold" as const) : ("notCurrent" as const),
    name: user.name,
    studentId: user.student_id,
    programme: programme.name,
    termUnit: programme.termUnit,
    term: cardTerm,
    terms: paperTerms(shown),
    issuedAt,
    photo: showPhotoOnVerification ? toPublicUser(user).photo : null,
    exams: shown.map((e) => toStudentExam(e, timeZone)),
    institute: { name: institute.name, email: institute.email, phones: institute.phones },
  };
}
