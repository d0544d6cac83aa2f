/**
 * A titled part of an office details dialog (a student's sign-in and emergency contact, an inquiry's message
 * and replies, a ticket's conversation, a notification's details): a section named by its own heading.
 */
import type { ReactNode } from "react";

export interface DetailsSectionProps {
  /** the heading's id, which names the section */
  id: string;
  title: ReactNode;
  children: ReactNode;
}

export function DetailsSection({ id, title, children }: DetailsSectionProps) {
  return (
    <section aria-labelledby={id} className="stack stack--sm">
      <h3 id={id} className="ops-subheading">
        {title}
      </h3>
      {children}
    </section>
  );
}
