/**
 * System Settings as the screen edits them (spec part 2, System Settings; §5, §9): one form per section,
 * checked with the shared schemas before anything is sent (the server checks the same rules again).
 * Number fields are edited as text, so a half-typed value stays as typed until it is saved.
 */
import * as v from "valibot";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { BACKUP_FREQUENCIES, LANGUAGES, LOG_LEVELS, TIME_ZONES } from "../../../shared/constants.ts";
import { config } from "../../../shared/i18n/config.ts";
import { INTL_LOCALE } from "../../../shared/i18n/locales.ts";
import { currentLocale, labelsOf } from "../../../shared/i18n/translate.ts";
import { profileUpdateInput } from "../../../shared/schemas/auth.ts";
import { newPassword } from "../../../shared/schemas/common.ts";
import {
  generalSettings,
  notificationSettings,
  type Settings,
  type SettingsUpdateInput,
  securitySettings,
  systemSettings,
} from "../../../shared/schemas/settings.ts";
import { type Checked as CheckedInput, changedFields, checkInput, type FieldMessages, messagesByField } from "../../lib/form.ts";

const SECTION_IDS = ["profile", "general", "security", "notifications", "system"] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The sections in menu order, named and described in the reader's language. */
export const SETTINGS_SECTIONS = SECTION_IDS.map((id) => ({
  id,
  get label() {
    return config.t(`section.${id}`);
  },
  get description() {
    return config.t(`section.${id}.text`);
  },
}));
/** The sections stored through settings.update (Profile goes through auth.updateProfile). */
export type StoredSectionId = Exclude<SectionId, "profile">;

/** /admin/settings opens on General; "Profile Settings" in the account menu links to ?section=profile. */
export const DEFAULT_SECTION: SectionId = "general";

export function parseSection(search: string): SectionId {
  const raw = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search).get("section");
  return SETTINGS_SECTIONS.some((s) => s.id === raw) ? (raw as SectionId) : DEFAULT_SECTION;
}

/** The spec's texts (part 2 §4, §5, §8), in the reader's language (read at each use). */
export const SETTINGS_TEXT = labelsOf(
  ["saving", "saved", "saveFailed", "loadFailed", "passwordChanged", "passwordFailed"] as const,
  (key) => config.t(key),
);

/** How long 'Settings saved successfully!' stays (spec part 2 §9). */
export const SAVED_MESSAGE_MS = 3000;

/** The selects' choices, labelled in the reader's language. */
export const timeZoneOptions = () => TIME_ZONES.map((value) => ({ value, label: config.t(`tz.${value}`) }));
/** The twelve months by their names in the reader's language ("July", "जुलाई", "जुलै"), valued 1–12. */
export const monthOptions = () => {
  const name = new Intl.DateTimeFormat(INTL_LOCALE[currentLocale()], { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: name.format(Date.UTC(2026, i, 1)) }));
};
export const languageOptions = () => LANGUAGES.map((value) => ({ value, label: config.t(`language.${value}`) }));
export const backupFrequencyOptions = () => BACKUP_FREQUENCIES.map((value) => ({ value, label: config.t(`backup.${value}`) }));
export const logLevelOptions = () => LOG_LEVELS.map((value) => ({ value, label: config.t(`log.${value}`) }));

type Security = Settings["security"];
type NumberKey = "passwordExpiry" | "maxLoginAttempts" | "sessionTimeout";

export interface SettingsForms {
  general: {
    siteName: string;
    siteDescription: string;
    adminEmail: string;
    contactPhone: string;
    address: string;
    timeZone: Settings["general"]["timeZone"];
    /** the month 1–12, as the select holds it */
    academicYearStart: string;
    language: Settings["language"];
  };
  security: Omit<Security, NumberKey> & Record<NumberKey, string>;
  notifications: Settings["notifications"];
  system: Settings["system"];
}

export interface ProfileForm {
  name: string;
  email: string;
  mobile: string;
}

/** What settings.get answers (optional texts may be left out). */
export interface StoredSettings {
  general: Omit<Settings["general"], "siteDescription" | "contactPhone" | "address"> &
    Partial<Pick<Settings["general"], "siteDescription" | "contactPhone" | "address">>;
  security: Settings["security"];
  notifications: Settings["notifications"];
  system: Settings["system"];
  language: Settings["language"];
}

/** The stored settings (settings.get) as the forms edit them. */
export function formsFromSettings(s: StoredSettings): SettingsForms {
  return {
    general: {
      ...s.general,
      siteDescription: s.general.siteDescription ?? "",
      contactPhone: s.general.contactPhone ?? "",
      address: s.general.address ?? "",
      academicYearStart: String(s.general.academicYearStart),
      language: s.language,
    },
    security: {
      ...s.security,
      passwordExpiry: String(s.security.passwordExpiry),
      maxLoginAttempts: String(s.security.maxLoginAttempts),
      sessionTimeout: String(s.security.sessionTimeout),
    },
    notifications: { ...s.notifications },
    system: { ...s.system },
  };
}

export type FieldErrorMap = FieldMessages<string>;

type Checked<T> = CheckedInput<T, string>;
const checkWith = <S extends v.GenericSchema>(schema: S, input: unknown): Checked<v.InferOutput<S>> => checkInput(schema, input);

/** "" or anything that is not a whole number becomes NaN, which the range rule reports with its own message. */
const toNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** A section's values, or with `before` (where the form started) only its changed fields (twelfth walk: two tabs). */
const changes = <T extends object>(value: T, now: object, before: object | undefined): Partial<T> =>
  before ? changedFields(value, now, before) : value;

/**
 * The settings.update payload for a stored section (only its changed fields when `baseline`, the values the
 * form started from, is given), or the messages to show beside its fields. The whole section is checked.
 */
export function payloadFor(section: StoredSectionId, forms: SettingsForms, baseline?: SettingsForms): Checked<SettingsUpdateInput> {
  switch (section) {
    case "general": {
      const { language, ...typed } = forms.general;
      const general = { ...typed, academicYearStart: toNumber(typed.academicYearStart) };
      const checked = checkWith(generalSettings, general);
      if (!checked.ok) return checked;
      // Sent as typed (the server trims): a field emptied on purpose must reach the server as "" to clear it.
      const languageChanged = !baseline || language !== baseline.general.language;
      return {
        ok: true,
        value: { general: changes(general, forms.general, baseline?.general), ...(languageChanged ? { language } : {}) },
      };
    }
    case "security": {
      const s = forms.security;
      const checked = checkWith(securitySettings, {
        ...s,
        passwordExpiry: toNumber(s.passwordExpiry),
        maxLoginAttempts: toNumber(s.maxLoginAttempts),
        sessionTimeout: toNumber(s.sessionTimeout),
      });
      return checked.ok ? { ok: true, value: { security: changes(checked.value, s, baseline?.security) } } : checked;
    }
    case "notifications": {
      const checked = checkWith(notificationSettings, forms.notifications);
      return checked.ok
        ? { ok: true, value: { notifications: changes(checked.value, forms.notifications, baseline?.notifications) } }
        : checked;
    }
    case "system": {
      const checked = checkWith(systemSettings, forms.system);
      return checked.ok ? { ok: true, value: { system: changes(checked.value, forms.system, baseline?.system) } } : checked;
    }
  }
}

/**
 * auth.updateProfile's input: trimmed, only the non-blank values (spec part 2 §5). The e-mail address is not
 * part of it: it changes only through Change e-mail (a code to the new address, issue 14.2).
 */
export function profilePayload(form: ProfileForm): Checked<{ name?: string; mobile?: string }> {
  const sent: { name?: string; mobile?: string } = {};
  for (const key of ["name", "mobile"] as const) {
    const value = form[key].trim();
    if (value) sent[key] = value;
  }
  if (Object.keys(sent).length === 0) return { ok: false, messages: { _form: ACCOUNT_MSG.profileAtLeastOne } };
  const checked = checkWith(profileUpdateInput, sent);
  return checked.ok ? { ok: true, value: sent } : checked;
}

/**
 * The inline messages of the password form while it is typed (spec part 2 §5): the policy's first unmet
 * rule for the new password (DECISIONS 9 replaces the spec's 6 characters), and 'Passwords do not match'
 * once a confirmation differs.
 */
export function passwordMessages(p: { newPassword: string; confirmPassword: string }): { newPassword?: string; confirmPassword?: string } {
  const out: { newPassword?: string; confirmPassword?: string } = {};
  if (p.newPassword !== "") {
    const result = v.safeParse(newPassword, p.newPassword);
    if (!result.success) out.newPassword = result.issues[0]?.message;
  }
  if (p.confirmPassword !== "" && p.confirmPassword !== p.newPassword) out.confirmPassword = ACCOUNT_MSG.passwordsDoNotMatch;
  return out;
}

/** Server field errors ("general.siteName") as the section's own keys ("siteName"). */
export function sectionFieldErrors(section: StoredSectionId, errors: Record<string, string[]> | null | undefined): FieldErrorMap {
  return messagesByField(errors, { prefix: section });
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
