/** System settings groups (spec part 2 §3, §5, §9) and student preferences (spec part 1 §3, §9). */
import * as v from "valibot";
import { BACKUP_FREQUENCIES, LANGUAGES, LOG_LEVELS, THEMES, TIME_ZONES } from "../constants.ts";
import { config } from "../i18n/config.ts";
import { emailAddress, optionalText, requiredText, type Text } from "./common.ts";

const intInRange = (min: number, max: number, message: Text) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

export const generalSettings = v.object({
  siteName: requiredText(config.m("rule.siteName"), 120),
  siteDescription: optionalText(1000),
  adminEmail: emailAddress(config.m("rule.adminEmail")),
  contactPhone: optionalText(40),
  address: optionalText(500),
  timeZone: v.picklist(TIME_ZONES, config.m("rule.timeZone")),
  /**
   * The month (1–12) the academic year starts in (stop 53): the ID card is valid from its first day to the day
   * before it a year later (docs/decisions/006-id-card.md). June by default, as most Indian institutions.
   */
  academicYearStart: intInRange(1, 12, config.m("rule.academicYearStart")),
});

export const securitySettings = v.object({
  requireEmailVerification: v.boolean(),
  enableTwoFactor: v.boolean(),
  passwordExpiry: intInRange(30, 365, config.m("rule.passwordExpiry")),
  maxLoginAttempts: intInRange(3, 10, config.m("rule.maxLoginAttempts")),
  sessionTimeout: intInRange(1, 168, config.m("rule.sessionTimeout")),
});

/**
 * Admin alerts (issue 14.4): the two switches decide which events reach the admins (in the portal and, with
 * emailNotifications on, by e-mail to General → admin e-mail). Contact inquiries always reach them.
 */
export const notificationSettings = v.object({
  emailNotifications: v.boolean(),
  admissionAlerts: v.boolean(),
  systemAlerts: v.boolean(),
});

export const systemSettings = v.object({
  maintenanceMode: v.boolean(),
  debugMode: v.boolean(),
  backupFrequency: v.picklist(BACKUP_FREQUENCIES, config.m("rule.backupFrequency")),
  logLevel: v.picklist(LOG_LEVELS, config.m("rule.logLevel")),
  cacheEnabled: v.boolean(),
});

const office = v.object({
  name: requiredText(config.m("rule.officeName"), 120),
  address: requiredText(config.m("rule.officeAddress"), 500),
  /** a map service's link to the office (issue 17): https only */
  mapUrl: v.optional(
    v.pipe(
      optionalText(500),
      v.check((u) => u === undefined || /^https:\/\/[^\s]+$/.test(u), config.m("rule.mapUrl")),
    ),
  ),
});

/** Public facts about the institute shown in the footer, contact page and e-mails (its name is general.siteName). */
export const instituteSettings = v.object({
  tagline: optionalText(200),
  email: emailAddress(),
  phones: v.array(requiredText(config.m("rule.phone"), 40)),
  offices: v.array(office),
  hours: optionalText(200),
  registration: optionalText(300),
  /** the year the institute was founded: the home page's "years of experience" (issue 17) */
  foundedYear: v.optional(
    v.pipe(
      v.number(),
      v.integer(config.m("rule.foundedYear")),
      v.minValue(1850, config.m("rule.foundedYear")),
      v.maxValue(2100, config.m("rule.foundedYear")),
    ),
  ),
  /** the brochure PDF, set by its upload (features/content) */
  brochure: v.optional(v.object({ file: v.string(), name: v.string() })),
});

/** How many days before or after a due day a fee reminder goes out: a whole number from 0 to 60. */
const reminderDays = (fallback: number) =>
  v.optional(
    v.pipe(
      v.number(config.m("fees.rule.days")),
      v.integer(config.m("fees.rule.days")),
      v.minValue(0, config.m("fees.rule.days")),
      v.maxValue(60, config.m("fees.rule.days")),
    ),
    fallback,
  );

/**
 * Fees (issue 19): the UPI payee students pay to (a VPA such as institute@okaxis, and the name their UPI app
 * shows), whether an admit card needs the term's fees clear, and when the automatic reminders go (days before
 * and after an instalment's due day; 0 switches that reminder off).
 */
export const feeSettings = v.object({
  upiVpa: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((x) => x === "" || /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/.test(x), config.m("fees.rule.vpa")),
    ),
    "",
  ),
  upiPayeeName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, config.m("fees.rule.payee"))), ""),
  admitCardNeedsFeesClear: v.optional(v.boolean(), false),
  remindDaysBefore: reminderDays(3),
  remindDaysAfter: reminderDays(7),
});

/** A save of the fees group, with the version the form was filled from: a save over someone else's since is refused. */
export const feeSettingsSave = v.object({ ...feeSettings.entries, version: v.optional(v.string()) });
export type FeeSettingsSave = v.InferOutput<typeof feeSettingsSave>;

/** What the Site content screen edits of the institute group: everything but the uploaded brochure. */
export const instituteContentInput = v.omit(instituteSettings, ["brochure"]);
export type InstituteContentInput = v.InferOutput<typeof instituteContentInput>;
/** A save of those, with the version the page was filled from: a save over someone else's since is refused. */
export const instituteContentSave = v.object({ ...instituteContentInput.entries, version: v.optional(v.string()) });
export type InstituteContentSave = v.InferOutput<typeof instituteContentSave>;

export const settingsShape = {
  general: generalSettings,
  security: securitySettings,
  notifications: notificationSettings,
  system: systemSettings,
  institute: instituteSettings,
  fees: feeSettings,
  language: v.picklist(LANGUAGES),
} as const;

export type SettingsGroup = keyof typeof settingsShape;
export type Settings = { [K in SettingsGroup]: v.InferOutput<(typeof settingsShape)[K]> };

/** Defaults of spec part 2 §9; the institute group is seed content the admin can change. */
export const DEFAULT_SETTINGS: Settings = {
  general: {
    siteName: "Institute of Distance Education",
    siteDescription:
      "Distance and correspondence education: undergraduate, postgraduate and diploma programmes from partner universities across India.",
    adminEmail: "admin@institute.local",
    contactPhone: "+91 20 2612 3456",
    address: "2nd Floor, Shivaji Nagar, Pune, Maharashtra 411005",
    timeZone: "Asia/Kolkata",
    academicYearStart: 6,
  },
  security: {
    requireEmailVerification: true,
    enableTwoFactor: false,
    passwordExpiry: 90,
    maxLoginAttempts: 5,
    sessionTimeout: 24,
  },
  notifications: {
    emailNotifications: true,
    admissionAlerts: true,
    systemAlerts: true,
  },
  system: { maintenanceMode: false, debugMode: false, backupFrequency: "daily", logLevel: "info", cacheEnabled: true },
  institute: {
    tagline: "Learn from anywhere. Graduate with confidence.",
    email: "info@institute.local",
    phones: ["+91 20 2612 3456", "+91 22 2543 7890"],
    offices: [
      { name: "Pune office", address: "2nd Floor, Shivaji Nagar, Pune, Maharashtra 411005" },
      { name: "Mumbai office", address: "Office 14, Andheri East, Mumbai, Maharashtra 400069" },
    ],
    hours: "Monday to Saturday, 10:00 am – 6:00 pm",
    registration: "Registered under the Societies Registration Act, 1860",
    foundedYear: 2012,
  },
  fees: { upiVpa: "", upiPayeeName: "", admitCardNeedsFeesClear: false, remindDaysBefore: 3, remindDaysAfter: 7 },
  language: "english",
};

/** Per-student preferences stored with the account (DECISIONS 2). */
export const studentPreferences = v.object({
  emailNotifications: v.boolean(),
  smsNotifications: v.boolean(),
  pushNotifications: v.boolean(),
  theme: v.picklist(THEMES),
  language: v.picklist(LANGUAGES),
  showPhotoOnVerification: v.boolean(),
});
export type StudentPreferences = v.InferOutput<typeof studentPreferences>;

export const DEFAULT_STUDENT_PREFERENCES: StudentPreferences = {
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: true,
  theme: "light",
  language: "english",
  showPhotoOnVerification: true,
};

/**
 * PUT /admin/settings: one or more sections, each possibly partial (the screen sends the open section).
 * Each section is checked whole after merging over the stored values, so every rule still applies.
 */
export const settingsUpdateInput = v.pipe(
  v.object({
    general: v.optional(v.partial(generalSettings)),
    security: v.optional(v.partial(securitySettings)),
    notifications: v.optional(v.partial(notificationSettings)),
    system: v.optional(v.partial(systemSettings)),
    language: v.optional(v.picklist(LANGUAGES, config.m("rule.language"))),
  }),
  v.check((i) => Object.values(i).some((x) => x !== undefined), config.m("rule.nothing")),
);
export type SettingsUpdateInput = v.InferOutput<typeof settingsUpdateInput>;
