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
    // A message of punctuation alone (a sentence's end: "।" in Hindi, "." in Marathi) has no letters to write.
    if (messageTexts(other).some((text) => !DEVANAGARI.test(text) && /\p{L}/u.test(text)))
      problems.push(`${where}: "${key}" is not written in Devanagari`);
  }
  return problems;
}

/**
 * The keys of a catalogue that no code reads (dead words: a screen that changed and left them behind), given
 * the text of every source file. A key counts as read when the code names it in quotes (`t("a.b")`), as a
 * property (`MSG.invalidInput`, for catalogues read as a table), or through a template that builds it: a
 * prefix with a dot in it (`` t(`filter.${value}`) ``, `` `an.per${unit}` ``) or a suffix after one
 * (`` t(`${words}title`) ``, where `words` may be empty). Lenient on purpose: a key it cannot see being built would fail a test for nothing.
 */
export function unreadKeys(keys: readonly string[], source: string): string[] {
  const prefixes = new Set([...source.matchAll(/`([\w.-]*\.[\w.-]*)\$\{/g)].map((m) => m[1]!));
  const suffixes = new Set([...source.matchAll(/\}([\w.-]+)`/g)].map((m) => m[1]!));
  const properties = new Set([...source.matchAll(/\.([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!));
  const quoted = new Set([...source.matchAll(/"([\w.-]+)"|'([\w.-]+)'|`([\w.-]+)`/g)].map((m) => m[1] ?? m[2] ?? m[3]!));
  const built = (key: string) =>
    [...prefixes].some((p) => key.startsWith(p) && key.length > p.length) || [...suffixes].some((s) => key.endsWith(s));
  return keys.filter((key) => !quoted.has(key) && !properties.has(key) && !built(key));
}
