/**
 * The product's languages (issue 16): English, Hindi and Marathi. A locale code here ("en", "hi", "mr")
 * is what the URL (`?lang=`), the `lang` cookie and `<html lang>` carry; the stored preference keeps the
 * specification's words ("english", "hindi", "marathi", spec part 1 §9).
 */
import type { LANGUAGES } from "../constants.ts";
import { isOneOf } from "../is-one-of.ts";

export const LOCALES = ["en", "hi", "mr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in its own script, as a switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी", mr: "मराठी" };

/**
 * The `Intl` locale of each language: Indian conventions (1,00,000; "25 Nov 2026"), and Latin digits in
 * Hindi and Marathi too, so that dates, amounts, phone numbers and IDs read the same as people type them
 * (Marathi would otherwise default to Devanagari digits): docs/decisions/019.
 */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-IN", hi: "hi-IN-u-nu-latn", mr: "mr-IN-u-nu-latn" };

/** The cookie that carries a visitor's choice to the server (page shells, e-mails, error messages). */
export const LOCALE_COOKIE = "lang";

type Language = (typeof LANGUAGES)[number];
const BY_LANGUAGE: Record<Language, Locale> = { english: "en", hindi: "hi", marathi: "mr" };
const LANGUAGE_OF: Record<Locale, Language> = { en: "english", hi: "hindi", mr: "marathi" };

export const isLocale = (value: unknown): value is Locale => isOneOf(LOCALES, value);

/** A locale code, or null for anything else. */
export const parseLocale = (value: unknown): Locale | null => (isLocale(value) ? value : null);

/** The stored preference's word for a locale, and back. */
export const languageOf = (locale: Locale): Language => LANGUAGE_OF[locale];
export const localeOfLanguage = (language: Language): Locale => BY_LANGUAGE[language];
