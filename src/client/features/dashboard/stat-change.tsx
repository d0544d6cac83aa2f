/** A headline figure's change as the server computed it (docs/decisions/005): its label and what it compares. */

import type { RouterOutputs } from "../../lib/trpc.ts";
import { TrendDownIcon, TrendUpIcon } from "../../ui/admin-icons.tsx";

export type FigureChange = RouterOutputs["dashboard"]["stats"]["changes"]["totalStudents"];

export function StatChange({ change }: { change: FigureChange }) {
  const direction = change.value === null ? "new" : change.value > 0 ? "up" : change.value < 0 ? "down" : "flat";
  return (
    <span className="ops-change">
      <span className={`ops-change__label ops-change__label--${direction}`}>
        {direction === "up" ? <TrendUpIcon size={14} /> : direction === "down" ? <TrendDownIcon size={14} /> : null}
        {change.label}
      </span>{" "}
      <span className="ops-change__basis">{change.comparedWith}</span>
    </span>
  );
}
