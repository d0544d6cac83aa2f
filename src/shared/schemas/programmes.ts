/**
 * The programmes catalogue (issue 17): the office's form, its list query and ids. One schema each, used by
 * the form, the tRPC input and the service. Money is typed in rupees and kept in paise (integers only).
 */
import * as v from "valibot";
import { PROGRAMME_LEVELS } from "../constants.ts";
import { programmes } from "../i18n/programmes.ts";
import { optionalText, pageParams, recordId, recordVersion, requiredChoice, requiredText, westernDigits, wholeNumber } from "./common.ts";

/** The syllabus is a PDF of at most this size. */
export const SYLLABUS_MAX_BYTES = 10 * 1024 * 1024;

export const PROGRAMME_MODES = ["distance", "online", "blended"] as const;
export const FEE_PERIODS = ["year", "semester"] as const;

/**
 * "18,000.50" → 1800050 paise; no floating point on the way. Blank → null (fee on request). Commas only group
 * digits, the Indian way ("1,20,000") or the international one ("120,000"): "1,2,3" is not ₹123 (walk 16a).
 */
export function rupeesToPaise(text: string): number | null | undefined {
  // Spaces only around the rupee sign: "1 2 3" is not ₹123 either.
  const t = westernDigits(text).trim().replace(/^₹\s*/, "");
  if (t === "") return null;
  const m = /^(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.(\d{1,2}))?$/.exec(t);
  const whole = m?.[1]?.replaceAll(",", "");
  if (!m || !whole || whole.length > 8) return undefined;
  return Number(whole) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** 1800050 paise → "18000.50" (the form's own text), 1800000 → "18000". */
export const paiseToRupeesText = (paise: number | null) =>
  paise === null ? "" : `${Math.floor(paise / 100)}${paise % 100 ? `.${String(paise % 100).padStart(2, "0")}` : ""}`;

export const programmeFormEntries = {
  name: requiredText(programmes.m("rule.name"), 120),
  level: requiredChoice(PROGRAMME_LEVELS, programmes.m("rule.level"), {
    ug: programmes.m("level.ug"),
    pg: programmes.m("level.pg"),
    diploma: programmes.m("level.diploma"),
    certificate: programmes.m("level.certificate"),
    phd: programmes.m("level.phd"),
  }),
  university: optionalText(200),
  durationMonths: wholeNumber(1, 120, programmes.m("rule.months"), true),
  mode: requiredChoice(PROGRAMME_MODES, programmes.m("rule.mode"), {
    distance: programmes.m("mode.distance"),
    online: programmes.m("mode.online"),
    blended: programmes.m("mode.blended"),
  }),
  eligibility: optionalText(1000),
  summary: optionalText(2000),
  fee: v.pipe(
    v.nullish(v.union([v.string(), v.number()]), ""),
    v.transform((x) => rupeesToPaise(String(x ?? ""))),
    v.check((p): p is number | null => p !== undefined, programmes.m("rule.fee")),
  ),
  feePeriod: requiredChoice(FEE_PERIODS, programmes.m("rule.period")),
  instalments: wholeNumber(1, 12, programmes.m("rule.instalments"), false),
  seats: wholeNumber(1, 100_000, programmes.m("rule.seats"), true),
  admissionOpen: v.optional(v.boolean(), true),
  sortOrder: wholeNumber(0, 1_000_000, programmes.m("rule.order"), true),
};

export const programmeForm = v.object(programmeFormEntries);
export type ProgrammeForm = v.InferOutput<typeof programmeForm>;

const programmeId = recordId(programmes.m("rule.notFound"));
// `version`: what the form was filled from; a change saved since by someone else is refused (walk 16b, stop 47).
export const programmeUpdateInput = v.object({ id: programmeId, version: recordVersion, ...programmeFormEntries });
export type ProgrammeUpdateInput = v.InferOutput<typeof programmeUpdateInput>;
export const programmeArchiveInput = v.object({ id: programmeId, archived: v.boolean() });

export const PROGRAMME_STATUSES = ["all", "open", "closed", "archived"] as const;
export const programmeListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(PROGRAMME_STATUSES, programmes.m("rule.status")), "all"),
});
export type ProgrammeListQuery = v.InferOutput<typeof programmeListQuery>;

export const programmeSlugInput = v.object({ slug: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,80}$/, programmes.m("notFound"))) });
