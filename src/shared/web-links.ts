/**
 * The web addresses written in a text (a notice's "pay at https://…"), found the same way for the portal, which
 * makes them links, and the e-mail's HTML (walk 17: a notice's address could not be tapped on a phone). Only
 * http and https; punctuation that ends a sentence after an address is not part of it.
 */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
/** What a sentence puts after an address: full stops, commas, closing brackets and quotes, a danda. */
const TRAILING = /[.,;:!?'"’”»)\]}।]+$/;

export type TextPart = { text: string } | { text: string; href: string };

export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const href = match[0].replace(TRAILING, "");
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: href, href });
    from = match.index + href.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
