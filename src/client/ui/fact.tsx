/** One term and its value in a description list (<dl>): the row markup every fact sheet shares. */
import type { ReactNode } from "react";

export interface FactProps {
  label: ReactNode;
  children: ReactNode;
  /** the value's own class (e.g. a name set larger, an ID in tabular figures) */
  className?: string;
  /** the row's own class, where a list styles its rows */
  itemClassName?: string;
}

/** `<div><dt>label</dt><dd>value</dd></div>`, the grouping HTML allows inside a <dl>. */
export function Fact({ label, children, className, itemClassName }: FactProps) {
  return (
    <div className={itemClassName}>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
