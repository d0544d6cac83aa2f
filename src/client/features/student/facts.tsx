/** The student portal's term–value lists (profile, account settings): a missing value shows dimmed. */
import type { ReactNode } from "react";
import { Fact } from "../../ui/fact.tsx";
import { notSpecified } from "./format.ts";

/** Rows of [term, value]; a value that is "Not specified" is marked as missing. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="student-facts">
      {rows.map(([term, value]) => (
        <Fact key={term} label={term} className={value === notSpecified() ? "is-missing" : undefined}>
          {value}
        </Fact>
      ))}
    </dl>
  );
}
