/**
 * The page shell (index.html) in the request's language (issue 16): `<html lang>`, the description in
 * that language, and `hreflang` alternates naming each language's address of a public page (`?lang=hi`),
 * so search engines index all three. Each variant (shell, language, origin) is made once and kept with
 * its compressed copies (static-files.ts: sendShell).
 */
import { isOneOf } from "../../shared/constants.ts";
import { LOCALES, type Locale } from "../../shared/i18n/locales.ts";

/** The public pages search engines should index in every language. */
export const INDEXED_PAGES = ["/", "/about", "/programmes", "/gallery", "/contact", "/faq", "/admission", "/admission-status"] as const;

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * Text put into the shell as it is: each `.replace` takes a function, so a "$'", "$`" or "$&" in an
 * institute's, a programme's or an FAQ's words is not read as a replacement pattern (it copied the rest of the
 * page into the title: thirteenth walk). `meta` is the tag's naming attribute, e.g. `name="description"`.
 */
export const withMetaContent = (html: string, meta: string, text: string) =>
  html.replace(new RegExp(`(<meta ${meta} content=")[^"]*"`), (_, open: string) => `${open}${text}"`);
export const beforeHeadEnd = (html: string, extra: string) => html.replace("</head>", () => `${extra}</head>`);

/** A public page's address in a language: `?lang=hi` / `?lang=mr`, none for English (and x-default). */
export const addressIn = (origin: string, pagePath: string, locale: Locale | null): string =>
  `${origin}${pagePath}${locale && locale !== "en" ? `?lang=${locale}` : ""}`;

/** `<link rel="alternate" hreflang>` for each language of a page, plus x-default (English). */
export function languageLinks(origin: string, pagePath: string): string {
  return [
    ...LOCALES.map(
      (locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeAttribute(addressIn(origin, pagePath, locale))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(addressIn(origin, pagePath, null))}">`,
  ].join("");
}

/** The hreflang links of an indexed page (INDEXED_PAGES); nothing for any other address. */
export const alternates = (origin: string, pagePath: string): string =>
  isOneOf(INDEXED_PAGES, pagePath) ? languageLinks(origin, pagePath) : "";

/**
 * index.html in a language: lang attribute, description (and its Open Graph copy), the words shown without
 * JavaScript (index.html has them in English), alternates.
 */
export function localizeShell(html: string, locale: Locale, words: { description: string; noscript: string }, links: string): string {
  let out = html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  if (locale !== "en") {
    const text = escapeAttribute(words.description);
    out = withMetaContent(withMetaContent(out, 'name="description"', text), 'property="og:description"', text);
    out = out.replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeAttribute(words.noscript)}</noscript>`);
  }
  return links ? beforeHeadEnd(out, links) : out;
}
