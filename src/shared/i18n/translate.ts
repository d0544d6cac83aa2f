/**
 * The product's own small translation layer (docs/decisions/019): catalogues of messages by namespace and
 * locale, `{name}` placeholders, plurals through `Intl.PluralRules`, numbers through `Intl.NumberFormat`
 * with Indian grouping. English ships with the code that uses it; Hindi and Marathi catalogues are loaded
 * when that language is chosen. A namespace's keys are its English catalogue's, so a wrong key fails
 * `tsc`, and a Hindi or Marathi catalogue that lacks a key fails it too (see `namespace`).
 */
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "./locales.ts";

/** A message: plain text, or one text per plural form ("one", "few", … and always "other"). */
export type Message = string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>);
export type Catalogue = Record<string, Message>;
/** A catalogue that has every key of the English one. */
export type Complete<M extends Catalogue> = { [K in keyof M]: Message };
export type Params = Record<string, string | number>;
type Loader<M extends Catalogue> = () => Promise<{ default: Complete<M> }>;

/** Where the current locale comes from: the chosen language in the browser, the request on the server. */
let localeSource: () => Locale = () => DEFAULT_LOCALE;
export function setLocaleSource(source: () => Locale): void {
  localeSource = source;
}
export const currentLocale = (): Locale => localeSource();

/**
 * Told when a namespace is read in a language whose catalogue has not been loaded (the text falls back to
 * English): the browser reports it and fetches the catalogue (lib/i18n.tsx). A screen must load every
 * namespace it shows (`useT(ns)`), including those of shared label helpers such as contactSubjectLabel.
 */
let onUnloaded: (ns: Namespace<Catalogue>, locale: Locale) => void = () => {};
export function whenUnloaded(handler: (ns: Namespace<Catalogue>, locale: Locale) => void): void {
  onUnloaded = handler;
}

/** Told of every namespace as it is made (and of those made before it is set): lib/i18n.tsx loads some at once. */
const made: Namespace<Catalogue>[] = [];
let onMade: (ns: Namespace<Catalogue>) => void = () => {};
export function whenMade(handler: (ns: Namespace<Catalogue>) => void): void {
  onMade = handler;
  for (const ns of made) handler(ns);
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();
const rulesFor = (locale: Locale) => {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(INTL_LOCALE[locale])));
  return rules;
};
const numbersFor = (locale: Locale) => {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(INTL_LOCALE[locale])));
  return format;
};

/** A number written the current language's way (1,00,000), as a message's placeholders are. */
export const formatCount = (n: number): string => numbersFor(currentLocale()).format(n);

/** Fills a message's `{name}` placeholders; numbers are written the locale's way (1,00,000). */
export function render(message: Message, locale: Locale, params?: Params): string {
  let text: string;
  if (typeof message === "string") text = message;
  else {
    const count = Number(params?.count ?? 0);
    // None takes the plural form in every language here: Hindi's rules give 0 the "one" form, and the catalogues'
    // "one" is the singular ("0 विद्यार्थी को सूचित किया" read wrong; walk 21).
    text = (count === 0 ? undefined : message[rulesFor(locale).select(count)]) ?? message.other;
  }
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? numbersFor(locale).format(value) : value;
  });
}

export interface Namespace<M extends Catalogue> {
  readonly name: string;
  /** true when the locale's catalogue is here (English always is) */
  has(locale: Locale): boolean;
  /** Fetches the locale's catalogue (once). */
  load(locale: Locale): Promise<void>;
  /** The message in the locale (the current one by default); English where the catalogue is not loaded. */
  t(key: keyof M & string, params?: Params, locale?: Locale): string;
  /**
   * The message read later, in the language current then: what the shared valibot schemas take, so a
   * server request and a form each get their own language (valibot calls it when a rule fails).
   */
  m(key: keyof M & string, params?: Params): () => string;
}

export type KeyOf<N> = N extends Namespace<infer M> ? keyof M & string : never;

/**
 * A namespace: its English catalogue (imported where it is used, so it travels in that code's chunk) and
 * a loader for each other language (`() => import("./hi/x.json")`: a chunk of its own). The loaders'
 * type requires every English key, so a missing translation is a type error.
 */
export function namespace<M extends Catalogue>(name: string, en: M, loaders: { hi: Loader<M>; mr: Loader<M> }): Namespace<M> {
  const loaded = new Map<Locale, Catalogue>([["en", en]]);
  const pending = new Map<Locale, Promise<void>>();
  const self: Namespace<M> = {
    name,
    has: (locale) => loaded.has(locale),
    load(locale) {
      if (loaded.has(locale) || locale === "en") return Promise.resolve();
      let p = pending.get(locale);
      if (!p) {
        p = loaders[locale]().then(
          (module) => void loaded.set(locale, module.default),
          (error: unknown) => {
            pending.delete(locale);
            throw error;
          },
        );
        pending.set(locale, p);
      }
      return p;
    },
    t(key, params, locale = localeSource()) {
      const catalogue = loaded.get(locale);
      if (!catalogue) onUnloaded(self as unknown as Namespace<Catalogue>, locale);
      return render(catalogue?.[key] ?? en[key] ?? key, catalogue ? locale : "en", params);
    },
    m(key, params) {
      return () => self.t(key, params);
    },
  };
  made.push(self as unknown as Namespace<Catalogue>);
  onMade(self as unknown as Namespace<Catalogue>);
  return self;
}

/** An object whose each property is read in the current language at each use (e.g. a table of field labels). */
export function labelsOf<K extends string>(keys: readonly K[], read: (key: K) => string): Readonly<Record<K, string>> {
  return Object.defineProperties({}, Object.fromEntries(keys.map((key) => [key, { get: () => read(key), enumerable: true }]))) as Record<
    K,
    string
  >;
}
