/**
 * The translations as one file per language for a reviewer (issue 16): `bun run translations export hi`
 * writes every Hindi message beside its English one into a spreadsheet (CSV: area, key, plural form,
 * English, Hindi); `bun run translations import hi <file>` checks the reviewed sheet against the English
 * catalogues (catalogue-rules.ts: every key, its placeholders and plural forms, Devanagari) and, only if
 * nothing is wrong, writes it back into `src/shared/i18n/hi/*.json`. The catalogues stay one file per
 * area, so each screen downloads only its own (docs/decisions/019); this is how a person reads them whole.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { catalogueProblems } from "../../shared/i18n/catalogue-rules.ts";
import type { Catalogue, Message } from "../../shared/i18n/translate.ts";
import { parseCsv, toCsv } from "../platform/csv.ts";

export const REVIEWED = { hi: "Hindi", mr: "Marathi" } as const;
export type ReviewedLanguage = keyof typeof REVIEWED;
/** Every area's catalogue, by its file name without .json. */
export type Catalogues = Record<string, Catalogue>;

const HEADER = (language: ReviewedLanguage) => ["Area", "Key", "Plural form", "English", REVIEWED[language]];
/** csv.ts writes a cell that starts like a formula with a leading ' (CSV injection): read it back without. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
/** The plural forms a row is written for: English's and the translation's (Hindi and Marathi use one/other). */
const formsOf = (english: Message, translated: Message | undefined) => [
  ...new Set([...Object.keys(english), ...(translated && typeof translated === "object" ? Object.keys(translated) : [])]),
];

/** The review sheet: a byte-order mark (so spreadsheets read Devanagari as UTF-8), then one row per message or plural form. */
export function reviewSheet(english: Catalogues, translated: Catalogues, language: ReviewedLanguage): string {
  const rows: string[][] = [];
  for (const [area, messages] of Object.entries(english)) {
    for (const [key, message] of Object.entries(messages)) {
      const other = translated[area]?.[key];
      if (typeof message === "string") {
        rows.push([area, key, "", message, typeof other === "string" ? other : ""]);
        continue;
      }
      for (const form of formsOf(message, other)) {
        const text = other && typeof other === "object" ? other[form as keyof typeof other] : undefined;
        rows.push([area, key, form, message[form as keyof typeof message] ?? message.other, text ?? ""]);
      }
    }
  }
  return `\uFEFF${toCsv(HEADER(language), rows)}`;
}

/** A reviewed sheet read back: every area's catalogue, or what is wrong with it (nothing is written then). */
export function readReviewSheet(
  english: Catalogues,
  sheet: string,
  language: ReviewedLanguage,
): { catalogues: Catalogues; problems: [] } | { catalogues: null; problems: string[] } {
  const [head, ...records] = parseCsv(sheet);
  const problems: string[] = [];
  if (!head || head.cells.map((c) => c.trim()).join(",") !== HEADER(language).join(","))
    return { catalogues: null, problems: [`line 1 must be the header: ${HEADER(language).join(",")}`] };
  const read: Record<string, Record<string, Message>> = {};
  const seen = new Set<string>();
  for (const { line, cells } of records) {
    const [area = "", key = "", form = "", , text = ""] = cells.map(unguarded);
    const english_ = english[area]?.[key];
    if (english_ === undefined) {
      problems.push(`line ${line}: ${area} "${key}" is not an English message`);
      continue;
    }
    const id = `${area}\0${key}\0${form}`;
    if (seen.has(id)) problems.push(`line ${line}: ${area} "${key}"${form ? ` (${form})` : ""} appears twice`);
    seen.add(id);
    const catalogue = (read[area] ??= {});
    if (typeof english_ === "string") {
      if (form) problems.push(`line ${line}: ${area} "${key}" has no plural forms`);
      else catalogue[key] = text;
    } else if (!form) problems.push(`line ${line}: ${area} "${key}" needs its plural form named`);
    else if (text !== "") catalogue[key] = { ...(catalogue[key] as object), [form]: text } as Message;
  }
  for (const [area, messages] of Object.entries(english))
    problems.push(...catalogueProblems(messages, read[area] ?? {}, `${language}/${area}`));
  return problems.length ? { catalogues: null, problems } : { catalogues: read as Catalogues, problems: [] };
}

/** A catalogue as its file holds it: the English key order, two-space indents, a final newline. */
export function catalogueFile(english: Catalogue, translated: Catalogue): string {
  return `${JSON.stringify(Object.fromEntries(Object.keys(english).map((key) => [key, translated[key]])), null, 2)}\n`;
}

const DIR = path.join(import.meta.dir, "..", "..", "shared", "i18n");
const readCatalogues = (locale: string): Catalogues =>
  Object.fromEntries(
    readdirSync(path.join(DIR, "en"))
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => [name.slice(0, -5), JSON.parse(readFileSync(path.join(DIR, locale, name), "utf8")) as Catalogue]),
  );

const USAGE = `Usage: bun run translations export <hi|mr> [file.csv]
       bun run translations import <hi|mr> <file.csv>`;

function main(args: string[]): number {
  const [command, language, file] = args;
  if ((command !== "export" && command !== "import") || (language !== "hi" && language !== "mr") || (command === "import" && !file)) {
    console.error(USAGE);
    return 2;
  }
  const english = readCatalogues("en");
  if (command === "export") {
    const out = file ?? `translations-${language}.csv`;
    writeFileSync(out, reviewSheet(english, readCatalogues(language), language));
    console.log(
      `${REVIEWED[language]} beside English written to ${out}: review it, then \`bun run translations import ${language} ${out}\`.`,
    );
    return 0;
  }
  const result = readReviewSheet(english, readFileSync(file!, "utf8"), language);
  if (!result.catalogues) {
    console.error(`${file} was not imported; nothing was written:\n${result.problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  const current = readCatalogues(language);
  const changed = Object.keys(english).filter(
    (area) => catalogueFile(english[area]!, result.catalogues[area]!) !== catalogueFile(english[area]!, current[area]!),
  );
  const written = changed.map((area) => path.join(DIR, language, `${area}.json`));
  for (const [i, area] of changed.entries()) writeFileSync(written[i]!, catalogueFile(english[area]!, result.catalogues[area]!));
  // The repository's formatter keeps short plural objects on one line, as the files are written by hand.
  if (written.length) Bun.spawnSync([path.join(DIR, "..", "..", "..", "node_modules", ".bin", "biome"), "format", "--write", ...written]);
  console.log(changed.length ? `Updated ${changed.map((a) => `${language}/${a}.json`).join(", ")}.` : "Nothing changed.");
  return 0;
}

if (import.meta.main) process.exit(main(process.argv.slice(2)));
