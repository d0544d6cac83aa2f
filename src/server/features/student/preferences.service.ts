/** A student's settings and privacy preferences, stored with the account (DECISIONS 2). */
import * as v from "valibot";
import type { User } from "../../../../db/schema.ts";
import { DEFAULT_STUDENT_PREFERENCES, type StudentPreferences, studentPreferences } from "../../../shared/schemas/settings.ts";
import type { NotificationSettingsInput, PrivacySettingsInput } from "../../../shared/schemas/student.ts";
import type { AppDeps } from "../../deps.ts";
import { jsonObject } from "../../platform/json.ts";
import { sentOnly } from "../../platform/validation.ts";
import { CHOSEN_LANGUAGE, storePreferences } from "../accounts/accounts.repository.ts";
import { setTwoFactor } from "../auth/account.service.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { loadStudent } from "./profile.service.ts";

// ————— settings —————

/** The stored preferences over the defaults (spec part 1 §9); a stored value that no longer fits falls back to its default. */
export function readPreferences(raw: string): StudentPreferences {
  const stored = jsonObject(raw);
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

export async function getStudentSettings(deps: Pick<AppDeps, "db">, userId: number) {
  return toSettings(await loadStudent(deps, userId));
}

/** Merges changed preferences into the stored JSON (keys this code does not know are kept). */
async function savePreferences(deps: AppDeps, userId: number, changes: Partial<StudentPreferences>) {
  if (!Object.keys(changes).length) return;
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("users").select("preferences").where("id", "=", userId).executeTakeFirstOrThrow();
    const before = readPreferences(row.preferences);
    // A language changed here is the student's own choice: every device follows it (issue 16).
    const chosen = changes.language && changes.language !== before.language ? { [CHOSEN_LANGUAGE]: changes.language } : {};
    const merged = { ...jsonObject(row.preferences), ...before, ...changes, ...chosen };
    await storePreferences(trx, userId, JSON.stringify(merged), deps.now().toISOString());
  });
}

/** PUT /student/notification-settings: toggles, theme and language stored per student (DECISIONS 2); two-factor via its own switch. */
export async function updateStudentSettings(deps: AppDeps, userId: number, input: NotificationSettingsInput, meta: SessionMeta = {}) {
  await loadStudent(deps, userId);
  const { twoFactorAuth, ...preferences } = input;
  const changes: Partial<StudentPreferences> = sentOnly(preferences);
  await savePreferences(deps, userId, changes);
  if (twoFactorAuth !== undefined) await setTwoFactor(deps, userId, twoFactorAuth, meta);
  return getStudentSettings(deps, userId);
}

/** PUT /student/privacy-settings: whether the public verification page shows the photo. */
export async function updatePrivacySettings(deps: AppDeps, userId: number, input: PrivacySettingsInput) {
  await loadStudent(deps, userId);
  await savePreferences(deps, userId, { showPhotoOnVerification: input.showPhotoOnVerification });
  return getStudentSettings(deps, userId);
}
