/**
 * The language of a request (issue 16): the visitor's choice in the `lang` cookie (set by the client's
 * switcher), or `?lang=` on a page address (a shared link, a search result). Everything a request says
 * in words (error and validation messages, the page shell) reads it through `currentLocale()`. API
 * clients that send neither get English, the specification's texts; pages, the institute's default language.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, parseLocale } from "../../shared/i18n/locales.ts";
import { setLocaleSource } from "../../shared/i18n/translate.ts";

const storage = new AsyncLocalStorage<Locale>();
const fromRequest = () => storage.getStore() ?? DEFAULT_LOCALE;

/**
 * Runs `fn` (and everything it awaits) in a language other than the request's: an e-mail rendered for its
 * recipient, whose language need not be the language of whoever caused it (an admin approving). Without
 * a language, `fn` runs in the current one.
 */
export function inLocale<T>(locale: Locale | null | undefined, fn: () => T): T {
  return locale ? storage.run(locale, fn) : fn();
}

/**
 * The request's language: `?lang=` on a page request, else the cookie, else `fallback` (English for the
 * API; the institute's default language for pages).
 */
export function localeOf(c: Context, fallback: Locale = DEFAULT_LOCALE): Locale {
  const fromUrl = c.req.path.startsWith("/api/") ? null : parseLocale(c.req.query("lang"));
  return fromUrl ?? parseLocale(getCookie(c, LOCALE_COOKIE)) ?? fallback;
}

/**
 * Runs the rest of each request in its language, once the catalogues (`ready`) are here. A page asked for
 * without a language gets `pageDefault()` (the institute's default, System Settings → General), which the
 * browser then starts in; API answers stay English unless asked otherwise. Making the middleware also
 * makes the request the source of `currentLocale()` (the browser's code, when a test process loads it
 * too, sets its own).
 */
export function requestLocale(ready: Promise<void>, pageDefault: () => Promise<Locale> = async () => DEFAULT_LOCALE): MiddlewareHandler {
  setLocaleSource(fromRequest);
  return async (c, next) => {
    await ready;
    const fallback = c.req.path.startsWith("/api/") ? DEFAULT_LOCALE : await pageDefault();
    return storage.run(localeOf(c, fallback), next);
  };
}
