/**
 * One programmes catalogue from the three lists the product had before issue 17 (admission courses,
 * streams, students' standards): the same names once each, with a level read from the name. Used by the
 * migration that brings an existing database onto the catalogue and by the demo seed, so both make the
 * same rows from the same names.
 */
import type { PROGRAMME_LEVELS } from "../src/shared/constants.ts";

export type ProgrammeLevel = (typeof PROGRAMME_LEVELS)[number];

/** Two spellings of one programme ("B.Com", "BCom", "bcom") have one key. */
export const programmeKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** The level a programme's name suggests: MBA, M.Sc → postgraduate; PhD; Diploma; Certificate, 10th Grade; else undergraduate. */
export function levelOf(name: string): ProgrammeLevel {
  const n = name.trim();
  if (/^ph\.?\s?d/i.test(n)) return "phd";
  if (/diploma/i.test(n)) return "diploma";
  if (/certificate|grade|^ssc|^hsc/i.test(n)) return "certificate";
  if (/^M[A-Z.]|^M(Com|Sc|Phil)\b|^master/.test(n) || /^pg\b/i.test(n)) return "pg";
  return "ug";
}

/** A readable address part, unique among `taken` (which it joins). */
export function slugOf(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "programme";
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

const MONTHS: Record<ProgrammeLevel, number> = { ug: 36, pg: 24, diploma: 12, certificate: 12, phd: 36 };

export interface CatalogueRow {
  slug: string;
  name: string;
  level: ProgrammeLevel;
  duration_months: number;
  mode: "distance";
  fee_period: "year";
  instalments: number;
  admission_open: number;
  archived: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/**
 * Catalogue rows for names in order of preference (the first spelling of a key wins); a name open for
 * admission stays open. `known` holds the keys and slugs of rows that exist already.
 */
export function catalogueRows(
  names: readonly { name: string; open: boolean }[],
  at: string,
  known: { keys: Set<string>; slugs: Set<string> } = { keys: new Set(), slugs: new Set() },
): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  const byKey = new Map<string, CatalogueRow>();
  for (const { name, open } of names) {
    const trimmed = name.trim();
    const key = programmeKey(trimmed);
    if (!key || known.keys.has(key)) continue;
    const seen = byKey.get(key);
    if (seen) {
      if (open) seen.admission_open = 1;
      continue;
    }
    const level = levelOf(trimmed);
    const row: CatalogueRow = {
      slug: slugOf(trimmed, known.slugs),
      name: trimmed,
      level,
      duration_months: MONTHS[level],
      mode: "distance",
      fee_period: "year",
      instalments: 1,
      admission_open: open ? 1 : 0,
      archived: 0,
      sort_order: (known.keys.size + rows.length + 1) * 10,
      created_at: at,
      updated_at: at,
    };
    byKey.set(key, row);
    rows.push(row);
  }
  return rows;
}
