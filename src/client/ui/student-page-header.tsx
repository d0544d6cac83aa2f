/** A student portal page's heading: its title, the line under it, and the page's buttons beside them. */
import type { ReactNode } from "react";

export interface StudentPageHeaderProps {
  title: ReactNode;
  lead?: ReactNode;
  /** the page's buttons or links */
  actions?: ReactNode;
}

export function StudentPageHeader({ title, lead, actions }: StudentPageHeaderProps) {
  return (
    <header className="page-header student-page-header">
      <div>
        <h1>{title}</h1>
        {lead ? <p>{lead}</p> : null}
      </div>
      {actions}
    </header>
  );
}
