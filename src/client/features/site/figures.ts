/**
 * The institute's figures as the home and about pages show them (issue 17): computed by the server from
 * real data (`site.info.figures`: active students, listed programmes and their universities, offices,
 * years since founding), in the reader's number format, each named by its count ("1 Partner university"); a
 * figure that is 0 or unknown is left out.
 */
import { formatNumber } from "../../lib/format.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";

const KEYS = [
  ["years", "experience"],
  ["students", "students"],
  ["universities", "universities"],
  ["programmes", "programs"],
  ["offices", "offices"],
] as const;

export function instituteFigures(info: Pick<RouterOutputs["site"]["info"], "figures"> | undefined) {
  if (!info) return [];
  return KEYS.flatMap(([field, key]) => {
    const n = info.figures[field];
    return n ? [{ key, count: n, value: formatNumber(n) }] : [];
  });
}
