/**
 * The parts of an office details dialog (a student, an inquiry, a ticket, a notification): a titled section
 * named by its own heading (a student's sign-in and emergency contact, an inquiry's message and replies, a
 * ticket's conversation, a notification's details), and a fact in its details list (dl.ops-details).
 */
import type { ReactNode } from "react";
import { Fact, type FactProps } from "./fact.tsx";

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

export interface DetailsFactProps extends Omit<FactProps, "itemClassName"> {
  /** the row spans the list's two columns (e.g. an address) */
  wide?: boolean;
}

/** One fact in an office details list: the portal's Fact in the list's row. */
export function DetailsFact({ wide = false, ...fact }: DetailsFactProps) {
  return <Fact {...fact} itemClassName={wide ? "ops-details__row ops-details__row--wide" : "ops-details__row"} />;
}
