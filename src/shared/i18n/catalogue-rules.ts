/**
 * What makes a Hindi or Marathi catalogue right against the English one (issue 16, docs/decisions/019): the
 * same keys, each message with the English placeholders, a plural message with an `other` form, and every
 * text written in Devanagari (not English copied over). Checked by catalogues.test.ts on the files and by
 * the translations tool before it writes a reviewed file back.
 */
import type { Catalogue, Message } from "./translate.ts";

export const messageTexts = (m: Message): string[] => (typeof m === "string" ? [m] : Object.values(m));

export const placeholdersOf = (m: Message): string[] =>
  [...new Set(messageTexts(m).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!)))].sort();

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every way `translated` differs from what `english` requires, one sentence each (empty when it is right). */
export function catalogueProblems(english: Catalogue, translated: Catalogue, where: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) if (!(key in translated)) problems.push(`${where}: "${key}" is missing`);
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${where}: "${key}" is not an English key`);
  for (const [key, message] of Object.entries(english)) {
    const other = translated[key];
    if (other === undefined) continue;
    const want = placeholdersOf(message).join(", ");
    const got = placeholdersOf(other).join(", ");
    if (want !== got) problems.push(`${where}: "${key}" must use the placeholders {${want}}, not {${got}}`);
    if (typeof message !== "string" && (typeof other !== "object" || !("other" in other)))
      problems.push(`${where}: "${key}" is a plural message and needs its "other" form`);
    if (messageTexts(other).some((text) => !DEVANAGARI.test(text))) problems.push(`${where}: "${key}" is not written in Devanagari`);
  }
  return problems;
}
