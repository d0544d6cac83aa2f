/** Building blocks reused by the feature schemas. */
import * as v from "valibot";
import { SEARCH_MAX } from "../constants.ts";
import { account } from "../i18n/account.ts";
import { validation } from "../i18n/validation.ts";

// One message per field: stop a field's checks at its first failure (on both sides).
v.setGlobalConfig({ abortPipeEarly: true });

/**
 * A rule's message: a text, or a catalogue message read when the rule fails (`ns.m("key")`), so the
 * server answers in the request's language and a form in the reader's (issue 16).
 */
export type Text = string | (() => string);
const read = (text: Text): string => (typeof text === "function" ? text() : text);

const tooLong = (max: number) => validation.m("maxLength", { max });

/** An Indian PIN code: six digits, the first never 0 (the postal zones are 1–9). */
const PIN_CODE = /^[1-9]\d{5}$/;

/** Devanagari digits (०–९, typed on Hindi and Marathi keyboards) as 0–9: for the fields that hold a number (walk 16a). */
export const westernDigits = (s: string): string => s.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x0966));
/** westernDigits in a field's rules, before its pattern. */
export const inWesternDigits = v.transform(westernDigits);
/**
 * A PIN code: six digits, the first not 0. Written as on letters, "411 001", it is stored as its six digits
 * (walk 16a). The application, the student's profile and the office's student form all check it so.
 */
export const pinCode = (message: () => string) =>
  v.pipe(
    v.string(),
    v.transform((s: string) => westernDigits(s).replace(/\s+/g, "")),
    v.regex(PIN_CODE, message),
  );

/** A phone number as people write one: digits with spaces or dashes between, perhaps a leading +; 8–20 characters. */
const PHONE = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;
/**
 * PHONE's shape, and not one digit over and over: "0000000000", "99999 99999" and "+91 00000 00000" stand in for a
 * number (walk 16a).
 */
export const isPhone = (p: string): boolean => PHONE.test(p) && !/^(\d)\1*$/.test(p.replace(/\D/g, "").replace(/^(?:91|0)(?=\d{10}$)/, ""));

/** An optional phone (blank, null or missing is none) by the one rule: isPhone, Devanagari digits read as 0–9. */
export const optionalPhone = (message: Text) =>
  v.pipe(
    clearableText(20),
    v.transform((s) => (s === undefined ? s : westernDigits(s))),
    v.check((p) => p === undefined || isPhone(p), message),
  );

/** Emoji and symbols: pictographs, flags, keycaps, skin tones and other symbols (★, ™). */
const NOT_IN_NAMES = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{So}|\p{Emoji_Modifier}|\u20E3/u;

/**
 * A person's name as typed (walk 16a): runs of spaces inside fold to one ("Priya  Sharma"), and a name holding
 * emoji or other pictographs is refused. Letters of every script, dots, apostrophes, hyphens and the Indic
 * joiners stay as typed. For required and optional fields alike (blank stays blank).
 */
export const personName = <S extends v.GenericSchema<unknown, string | null | undefined>>(field: S): S =>
  // Typed as the field itself: the same input and output (a string stays a string, blank stays blank), and the
  // same kind of schema (a pipe takes its first schema's), so an optional key stays optional.
  v.pipe(
    field as v.GenericSchema<unknown, string | null | undefined>,
    v.transform((s) => (typeof s === "string" ? s.replace(/\s+/g, " ") : s)),
    v.check((s) => typeof s !== "string" || !NOT_IN_NAMES.test(s), validation.m("nameSymbols")),
  ) as unknown as S;

/**
 * What is never text a person meant, and every text field loses:
 * - a NUL, which PostgreSQL refuses in a text column: the write failed with a generic "correct the highlighted
 *   fields" naming none (twelfth walk: a site name with a NUL broke every public form, whose e-mails carry it);
 * - the invisible marks that steer the direction of the text around them (embeddings, overrides, isolates,
 *   LRM/RLM/ALM): an applicant's right-to-left override in a name turned the office's own sentence around it
 *   backwards, ".(900000-6202-PPA) ABB rof deilppa atpuG raul" (walk 16a); and the zero-width space, word
 *   joiner and byte order mark, which made an invisible name count as filled in.
 * The zero-width joiner and non-joiner stay: Devanagari and other Indic spellings need them (क्ष written with a joiner).
 */
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
const withoutInvisible = v.transform((s: string) => s.replaceAll("\u0000", "").replace(INVISIBLE, ""));
/** A password is a secret, kept as typed but for a NUL: it must match what was set, whatever it holds. */
const secretString = (message: Text) =>
  v.pipe(
    v.optional(v.string(message), ""),
    v.transform((s: string) => s.replaceAll("\u0000", "")),
  );

/** Trimmed; joiners alone (ZWJ, ZWNJ) show nothing, so a field of only them is blank. */
const trimmedVisible = v.transform((s: string) => {
  const trimmed = s.trim();
  return /^[\u200C\u200D]+$/.test(trimmed) ? "" : trimmed;
});

/** A required text field: trimmed, and blank counts as missing. */
export const requiredText = (message: Text, max = 500) => v.pipe(filledIn(message), v.maxLength(max, tooLong(max)));

/**
 * A string that may arrive missing (a form field left out, an empty multipart value): missing becomes ""
 * so the field's own "… is required" message is reported instead of a generic "invalid key".
 */
export const requiredString = (message: Text) => v.pipe(v.optional(v.string(message), ""), withoutInvisible);

/** A field that must be filled in: missing or blank (once trimmed) says `message`; later rules see it trimmed. */
export const filledIn = (message: Text) => v.pipe(requiredString(message), trimmedVisible, v.nonEmpty(message));

/** An optional text field: trimmed; blank becomes undefined. */
export const optionalText = (max = 500) =>
  v.pipe(
    v.optional(v.string(), ""),
    withoutInvisible,
    trimmedVisible,
    v.maxLength(max, tooLong(max)),
    v.transform((s) => (s === "" ? undefined : s)),
  );

/** optionalText that also accepts null: what a form sends back after reading a stored empty value. */
export const clearableText = (max = 500) =>
  v.pipe(
    v.nullish(v.string(), ""),
    withoutInvisible,
    trimmedVisible,
    v.maxLength(max, tooLong(max)),
    v.transform((s) => (s === "" ? undefined : s)),
  );

/**
 * A required choice from a fixed list: nothing chosen says "<Label> is required"; a value outside the list
 * (an old bookmark, a hand-made request) says which values are allowed, with their labels where given.
 */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(
  options: T,
  label: Text,
  labels?: Record<T[number], Text>,
) => {
  const required = () => validation.t("required", { label: read(label) });
  const names = () => options.map((o) => read(labels?.[o as T[number]] ?? o)).join(", ");
  return v.pipe(
    filledIn(required),
    v.picklist(options, () => validation.t("chooseOne", { label: read(label), options: names() })),
  );
};

/** An e-mail address, trimmed and lower-cased. */
export const emailAddress = (requiredMessage: Text = account.m("emailAddressRequired")) =>
  v.pipe(filledIn(requiredMessage), v.maxLength(254, account.m("validEmail")), v.email(account.m("validEmail")), v.toLowerCase());

/** The one password policy (DECISIONS 9) for every password that is set. */
export const newPassword = v.pipe(
  secretString(account.m("passwordRequired")),
  v.nonEmpty(account.m("passwordRequired")),
  v.minLength(8, account.m("passwordMin8")),
  v.maxLength(128, account.m("passwordTooLong")),
  v.regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, account.m("passwordComplexity")),
);

/** A password being presented (login, current password): only required and bounded. */
export const presentedPassword = v.pipe(
  secretString(account.m("passwordRequired")),
  v.nonEmpty(account.m("passwordRequired")),
  v.maxLength(1024, account.m("passwordRequired")),
);

/** Field errors keyed by the field's dotted path, as both adapters and the forms report them. */
export type FieldErrors = Record<string, string[]>;

export function fieldErrorsOf(issues: v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "_form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a search term must lose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A search term on one line: control characters become spaces (pasted line breaks; a NUL would end the full-text
 * index's phrase, and PostgreSQL refuses it in text), then trimmed. Apostrophes stay as typed: the search reads
 * both forms (platform/search.ts: apostropheForms).
 */
const searchLine = v.pipe(
  v.optional(v.string(), ""),
  v.transform((s) => s.replace(CONTROL_CHARACTERS, " ").trim()),
);

/** What a list is searched for: one line of at most SEARCH_MAX (100) characters; `required` says what to type when blank. */
export const searchTerm = (required?: Text) =>
  required === undefined
    ? v.pipe(searchLine, v.maxLength(SEARCH_MAX, validation.m("search.max")))
    : v.pipe(searchLine, v.nonEmpty(required), v.maxLength(SEARCH_MAX, validation.m("search.max")));

/** page / limit / search of a server-paginated list (query strings arrive as text). */
export const pageParams = (defaultLimit = 10, maxLimit = 100) => ({
  page: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.integer(validation.m("page.whole")),
      v.minValue(1, validation.m("page.min")),
      v.maxValue(1_000_000, validation.m("page.max")),
    ),
    1,
  ),
  limit: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.integer(validation.m("limit.whole")),
      v.minValue(1, validation.m("limit.min")),
      v.maxValue(maxLimit, validation.m("limit.max", { max: maxLimit })),
    ),
    defaultLimit,
  ),
  search: searchTerm(),
});

/** A whole number typed in a form (text) or sent by a client (number), within [min, max]; blank is null when optional. */
export const wholeNumber = (min: number, max: number, message: Text, optional: boolean) =>
  v.pipe(
    v.nullish(v.union([v.string(), v.number()]), null),
    // Digits only: Number() also reads "0x2" as 2 and "4e1" as 40 (walk 16a), which nobody typing a term or marks means.
    v.transform((x) => {
      const typed = x === null ? "" : westernDigits(String(x).trim());
      return typed === "" ? null : /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    }),
    v.check((n) => (n === null ? optional : Number.isInteger(n) && n >= min && n <= max), message),
  );

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The youngest a student of the institute's programmes can plausibly be. */
const MIN_AGE_YEARS = 10;

/**
 * A date of birth: a real calendar day (not 2007-02-31: walk 16a found it stored, and printed as 3 Mar 2007)
 * after 1900, and at least MIN_AGE_YEARS years before today (a birthday of today, or last year, is a slip).
 */
export function isBirthDate(value: string, now: Date = new Date()): boolean {
  return isCalendarDay(value) && value > "1900-12-31" && value <= latestBirthDate(now);
}

/** Today's calendar day in India (YYYY-MM-DD), as passingYearRange counts the year. */
const INDIA_DAY = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });
function dayInIndia(now: Date): { year: number; monthDay: string } {
  const part = (type: string) => INDIA_DAY.formatToParts(now).find((p) => p.type === type)?.value ?? "";
  return { year: Number(part("year")), monthDay: `-${part("month")}-${part("day")}` };
}

/**
 * The latest date of birth isBirthDate takes (YYYY-MM-DD), also the date fields' `max`: counted from today in
 * India (at 00:30 in Pune it is already the new day; the UTC day was still yesterday), 29 February goes to the 28th.
 */
export function latestBirthDate(now: Date = new Date()): string {
  const today = dayInIndia(now);
  const day = `${today.year - MIN_AGE_YEARS}${today.monthDay}`;
  return isCalendarDay(day) ? day : day.replace(/29$/, "28");
}

/** The whole days from one YYYY-MM-DD day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The calendar day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The version of a record that an edit form was filled from (a student's, an application's `version`), sent
 * back with the save: a change someone else saved meanwhile is then refused, not overwritten (eleventh walk).
 * Optional: a save without it (the spec's REST PUT) is made as before.
 */
export const recordVersion = v.optional(v.pipe(v.string(), v.maxLength(64)));

/**
 * A record chosen in a picker or a filter: its id (as recordId takes it), or none: blank, null, missing, or one of
 * `none`'s words ("all"). Anything else reads as `message`.
 */
export const optionalRecordId = (message: Text, ...none: string[]) =>
  v.pipe(
    v.nullish(v.union([v.string(message), v.number(message)], message), null),
    v.transform((x) => {
      const s = x === null ? "" : String(x).trim();
      return s === "" || none.includes(s) ? null : s;
    }),
    v.check((s) => s === null || (/^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647), message),
    v.transform((s) => (s === null ? null : Number(s))),
  );

/** A record's id, from a path segment (text) or a tRPC input (number); anything else reads as `message`. */
export const recordId = (message: Text) =>
  v.pipe(
    v.union([v.string(message), v.number(message)], message),
    v.transform(String),
    v.regex(/^[1-9]\d{0,9}$/, message),
    v.transform(Number),
    // PostgreSQL's integer (issue 21): no id comes near it, and a larger one would fail the query, not miss.
    v.maxValue(2_147_483_647, message),
  );
