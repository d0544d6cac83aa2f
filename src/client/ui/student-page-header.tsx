/**
 * A student portal page's heading: its title, the line under it, and the page's buttons beside them. The
 * heading is the tab's title too ("My fees – Institute name"), so the two cannot tell different stories.
 */
import type { ReactNode } from "react";
import { usePageTitle } from "../lib/site.ts";

export interface StudentPageHeaderProps {
  title: string;
  /** the heading as shown, when it sets `title`'s words with more than text (a receipt number's line breaks); named `title` */
  heading?: ReactNode;
  lead?: ReactNode;
  /** the page's buttons or links */
  actions?: ReactNode;
}

export function StudentPageHeader({ title, heading, lead, actions }: StudentPageHeaderProps) {
  usePageTitle(title);
  return (
    <header className="page-header student-page-header">
      <div>
        <h1 aria-label={heading === undefined ? undefined : title}>{heading ?? title}</h1>
        {lead ? <p>{lead}</p> : null}
      </div>
      {actions}
    </header>
  );
}
