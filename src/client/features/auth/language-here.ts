/**
 * A language chosen on the account screens (their switch) before signing in is the person's choice, and signing in
 * keeps it (walk 33a: Marathi picked on the set-password page, then the sign-in took the account's English, stored
 * from the language the application was filled in). A language the tab merely started in — remembered on a shared
 * office computer from someone else — is not a choice, and the account's own applies (decision 019). What the first
 * account screen opened in is kept for the tab (sessionStorage), so a reload between the two does not lose it. The
 * screens hand in the language they show (`useLocale`): nothing more is asked of the first script's i18n.
 */
import type { Locale } from "../../../shared/i18n/locales.ts";

const KEY = "accountScreensOpenedIn";

function kept(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function keep(locale: string | null): void {
  try {
    if (locale) sessionStorage.setItem(KEY, locale);
    else sessionStorage.removeItem(KEY);
  } catch {
    // No storage: a choice is then not told apart from where the tab started, and the account's language applies.
  }
}

/**
 * Called by every account screen with the language it shows: the first one shown signed out notes it; one shown
 * signed in (changing a password) forgets it, so the next person at this computer starts afresh.
 */
export function noteScreenLanguage(shown: Locale, signedIn: boolean): void {
  if (signedIn) keep(null);
  else if (!kept()) keep(shown);
}

/** At a sign-in, with the language shown now: the one chosen since the account screens opened, or null; noted afresh next. */
export function takeLanguageChosenHere(now: Locale): Locale | null {
  const openedIn = kept();
  keep(null);
  return openedIn !== null && now !== openedIn ? now : null;
}
