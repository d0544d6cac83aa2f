/**
 * A student portal page's heading: its title, the line under it, and the page's buttons beside them. The
 * heading is the tab's title too ("My fees – Institute name"), so the two cannot tell different stories.
 */
import type { ReactNode } from "react";
import { usePageTitle } from "../lib/site.ts";

export interface StudentPageHeaderProps {
  title: string;
  lead?: ReactNode;
  /** the page's buttons or links */
  actions?: ReactNode;
}

export function StudentPageHeader({ title, lead, actions }: StudentPageHeaderProps) {
  usePageTitle(title);
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
