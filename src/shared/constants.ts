/** Business constants and option lists of the specification, shared by server and client. */

// Defined in its own module so the home page's first script (lib/i18n, shared/i18n/locales) can use it without
// carrying these lists: a module lives in one chunk, with every export any chunk imports from it.
export { isOneOf } from "./is-one-of.ts";

export const GENDERS = ["Male", "Female", "Other"] as const;
export const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;
export const EMERGENCY_RELATIONSHIPS = ["Father", "Mother", "Guardian", "Spouse", "Sibling", "Other"] as const;

/** Seed values only: the live lists are catalog data an admin can change (DECISIONS 16). */
export const SEED_ADMISSION_COURSES = [
  "Computer Science",
  "Information Technology",
  "Electronics",
  "Mechanical Engineering",
  "Civil Engineering",
  "Business Administration",
  "Commerce",
  "Arts",
] as const;
/** A programme's level (issue 17; db/programme-catalogue.ts has the same words). */
export const PROGRAMME_LEVELS = ["ug", "pg", "diploma", "certificate", "phd"] as const;
export const SEED_STREAMS = ["BBA", "MBA", "BA", "MA", "B.Com", "M.Com", "B.Sc", "M.Sc", "Social Work", "PhD"] as const;
export const SEED_STANDARDS = [
  "10th Grade",
  "12th Grade",
  "BA",
  "BSc",
  "BCom",
  "MA",
  "MSc",
  "MCom",
  "BBA",
  "MBA",
  "BCA",
  "MCA",
  "Diploma",
  "Certificate",
  "Other",
] as const;

export const GALLERY_CATEGORIES = ["Campus", "Facilities", "Sports", "Events", "Students", "Faculty"] as const;
export const CONTACT_SUBJECTS = ["admission", "courses", "fees", "facilities", "general", "support"] as const;
export const CONTACT_STATUSES = ["new", "in-progress", "resolved", "closed"] as const;
export const ADMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export const NOTIFICATION_TYPES = ["admission", "system", "security", "contact", "course", "support", "payment"] as const;
export const TICKET_CATEGORIES = ["general", "technical", "academic", "admission", "payment", "other"] as const;
/** The fewest characters a question's description may have (walk 33a: "x" was sent, and all the office saw). */
export const TICKET_DESCRIPTION_MIN = 10;
export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export const LANGUAGES = ["english", "hindi", "marathi"] as const;
export const THEMES = ["light", "dark"] as const;
export const TIME_ZONES = ["Asia/Kolkata", "UTC", "America/New_York", "Europe/London"] as const;
export const BACKUP_FREQUENCIES = ["hourly", "daily", "weekly", "monthly"] as const;
export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Year of passing: from 2015 (the spec) to the current year in India, computed when asked so the range moves
 * with the calendar (the spec's 2025 was "this year" when it was written).
 */
export function passingYearRange(now: Date = new Date()) {
  const year = Number(new Intl.DateTimeFormat("en-IN", { year: "numeric", timeZone: "Asia/Kolkata" }).format(now));
  return { min: 2015, max: Math.max(2025, year) };
}
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * A larger picture (width × height, read from its header) is refused before it is decoded: a 16000 × 16000
 * PNG of one colour is under 1 MB, and decoding it held ~750 MB and the server's one image slot for 6 s
 * (thirteenth walk). A phone photo or a certificate scanned at 600 dpi is well under it.
 */
export const IMAGE_MAX_MEGAPIXELS = 50;
export const PAGE_SIZE = 10;
/** The longest term a list is searched for (shared schemas' `searchTerm`; the lists' address keeps no more). */
export const SEARCH_MAX = 100;
/** An applicant's first or last name, at most. */
export const NAME_PART_MAX = 80;
/** A student's full name, at most: an approved applicant's first and last names with the space between (walk 16a). */
export const FULL_NAME_MAX = 2 * NAME_PART_MAX + 1;
export const NOTIFICATION_POLL_MS = 30_000;
export const CODE_LENGTH = 6;
export const CODE_LIFETIME_SECONDS = 300;
export const CODE_RESEND_AFTER_SECONDS = 60;
export const REJECTION_REASON_MIN = 10;
export const CONTACT_PREVIEW_CHARS = 50;

/** Widths of the web-sized variants stored for every gallery image (used in srcset). */
export const GALLERY_WIDTHS = [480, 960, 1600] as const;
export const galleryVariantUrl = (fileKey: string, width: number) => `/media/gallery/${fileKey}-${width}.webp`;

/** The most terms (semesters or years) a programme can have (issue 18). */
export const MAX_TERMS = 24;
