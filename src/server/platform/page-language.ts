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

/** `<link rel="alternate" hreflang>` for each language of a public page, plus x-default (English). */
export function alternates(origin: string, pagePath: string): string {
  if (!isOneOf(INDEXED_PAGES, pagePath)) return "";
  const href = (locale: Locale | null) => `${origin}${pagePath}${locale && locale !== "en" ? `?lang=${locale}` : ""}`;
  return [
    ...LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeAttribute(href(locale))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(href(null))}">`,
  ].join("");
}

/** index.html in a language: lang attribute, description (and its Open Graph copy), alternates. */
export function localizeShell(html: string, locale: Locale, description: string, links: string): string {
  let out = html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  if (locale !== "en") {
    const text = escapeAttribute(description);
    out = out
      .replace(/(<meta name="description" content=")[^"]*"/, `$1${text}"`)
      .replace(/(<meta property="og:description" content=")[^"]*"/, `$1${text}"`);
  }
  return links ? out.replace("</head>", `${links}</head>`) : out;
}
