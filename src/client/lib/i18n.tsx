/**
 * The chosen language in the browser (issue 16, docs/decisions/019): where it comes from on start
 * (`?lang=`, then the remembered choice, then the device's languages), how it changes (its catalogues
 * are fetched first, so a switch never shows a half-translated screen), and `useT`, which gives a
 * component its namespace's messages in that language (suspending while a catalogue loads).
 */
import { useMemo, useSyncExternalStore } from "react";
import { common } from "../../shared/i18n/common.ts";
import { DEFAULT_LOCALE, INTL_LOCALE, LOCALE_COOKIE, type Locale, parseLocale } from "../../shared/i18n/locales.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { type Catalogue, type Namespace, type Params, setLocaleSource, whenMade, whenUnloaded } from "../../shared/i18n/translate.ts";
import { setFormatLocale } from "./format.ts";
import { STORAGE_KEYS } from "./storage.ts";

let locale: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();
/**
 * The frame's and the shared messages' namespaces, and every namespace a screen has used since: a switch
 * loads them all before it happens.
 */
const inUse = new Set<Namespace<Catalogue>>([common, messages] as unknown as Namespace<Catalogue>[]);

setLocaleSource(() => locale);

/**
 * The shared schemas' messages: any form may check its input with a schema, also one that never calls
 * useFormState, so they are loaded as soon as the code that has them arrives, and with every switch (a
 * wrong Hindi password once read "Password must be at least 8 characters long"). In Hindi and Marathi they
 * come in the chunk `messages` has loaded already (i18n/<lang>/basics.ts).
 */
const SCHEMA_NAMESPACES = new Set(["validation", "account"]);
whenMade((ns) => {
  if (!SCHEMA_NAMESPACES.has(ns.name)) return;
  inUse.add(ns);
  void ns.load(locale).catch(() => {});
});

/**
 * A namespace read in a language whose catalogue was never loaded shows English: the screen forgot its
 * useT (docs/decisions/019). Reported once (the browser tests fail on console errors), then fetched so the
 * next render and every later switch have it. A namespace already in use is being loaded by its useT.
 */
whenUnloaded((ns, wanted) => {
  if (inUse.has(ns)) return;
  inUse.add(ns);
  void ns.load(wanted).catch(() => {});
  console.error(`i18n: ${wanted}/${ns.name} read before its useT`);
});

export const getLocale = (): Locale => locale;

function readStored(): Locale | null {
  try {
    return parseLocale(globalThis.localStorage?.getItem(STORAGE_KEYS.language));
  } catch {
    return null;
  }
}

/**
 * The `lang` cookie tells the server the language the page shows, so its answers (errors, messages) match
 * it: for a year when chosen, for this browser session when it only came from the device's settings.
 * SameSite=Lax, no secret in it.
 */
function tellServer(next: Locale, chosen: boolean): void {
  if (typeof document === "undefined") return;
  document.cookie = `${LOCALE_COOKIE}=${next}; Path=/;${chosen ? " Max-Age=31536000;" : ""} SameSite=Lax`;
}

function remember(next: Locale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEYS.language, next);
  } catch {
    // No storage: the cookie still carries the choice.
  }
  tellServer(next, true);
}

/**
 * The language to start in: `?lang=` (a shared link, a search result), the remembered choice, the
 * institute's default when it is not English (the server writes it into the page's `<html lang>`), the
 * device's, else English.
 */
export function initialLocale(
  search = globalThis.location?.search ?? "",
  languages = globalThis.navigator?.languages ?? [],
  served = globalThis.document?.documentElement.lang,
): Locale {
  const fromUrl = parseLocale(new URLSearchParams(search).get("lang"));
  if (fromUrl) return fromUrl;
  const stored = readStored();
  if (stored) return stored;
  const institute = parseLocale(served);
  if (institute && institute !== DEFAULT_LOCALE) return institute;
  for (const tag of languages) {
    const base = parseLocale(tag.toLowerCase().split("-")[0]);
    if (base) return base;
  }
  return DEFAULT_LOCALE;
}

function apply(next: Locale): void {
  locale = next;
  setLocaleSource(getLocale);
  setFormatLocale(INTL_LOCALE[next]);
  if (typeof document !== "undefined") document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

let asked = 0;

/**
 * Switches to a language once the catalogues in use are here. A choice is remembered on the device;
 * `keep: false` is for a language nobody chose (the device's own, on a first visit). A later call wins: one
 * whose catalogues arrive after it changes nothing and answers false (review: two choices in a row could end
 * in the first).
 */
export async function changeLocale(next: Locale, { keep = true }: { keep?: boolean } = {}): Promise<boolean> {
  const mine = ++asked;
  await Promise.all([...inUse].map((ns) => ns.load(next)));
  if (mine !== asked) return false;
  // The cookie says what the page shows, also over an older one: a phone keeps session cookies for months, and
  // one from before its language changed had the server answer in English under a Hindi page.
  if (keep) remember(next);
  else tellServer(next, false);
  if (next !== locale) apply(next);
  return true;
}

/** Starts in the initial language (main.tsx renders once it has); English if its catalogues cannot be fetched. */
export async function startLocale(): Promise<void> {
  const search = globalThis.location?.search ?? "";
  const chosenInUrl = parseLocale(new URLSearchParams(search).get("lang")) !== null;
  try {
    // A language from the address is a choice to remember; a remembered one is remembered again, so the
    // cookie says it even when it said another (cookies cleared, another tab: the server answered in English
    // under a Hindi page, thirteenth walk).
    await changeLocale(initialLocale(search), { keep: chosenInUrl || readStored() !== null });
  } catch {
    // Offline or a failed chunk: English, which ships with the code.
  }
  // Taken and remembered, the language leaves the address (before the router reads it): a reload, or a sign-in
  // that comes back here, follows what is chosen since, not the link (walk 27b: a reload took it back).
  if (chosenInUrl) {
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

export type Translate<M extends Catalogue> = (key: keyof M & string, params?: Params) => string;

/** The namespace's messages in the chosen language; suspends (the nearest Suspense shows) while they load. */
export function useT<M extends Catalogue>(ns: Namespace<M>): Translate<M> {
  const current = useLocale();
  inUse.add(ns as unknown as Namespace<Catalogue>);
  const t = useMemo<Translate<M>>(() => (key, params) => ns.t(key, params, current), [ns, current]);
  // A thrown promise rather than `use()`: React then renders the component afresh once the catalogue is here.
  // (With `use`, React replays the component from where it stopped, and the hooks the component calls after
  // useT, never mounted, would break that replay once the catalogue is loaded and `use` is no longer called.)
  if (!ns.has(current)) throw ns.load(current);
  return t;
}
