/** The head of the exams' printed sheets (the admit card, the statement of marks): the institute, the sheet's title and its line. */
import type { ReactNode } from "react";

export interface SheetHeadProps {
  institute: { name: string; address: string | null };
  /** the heading's id, which names the sheet (its article's aria-labelledby) */
  titleId: string;
  title: string;
  /** the line under the title: the term, the day it was prepared */
  sub: ReactNode;
}

export function SheetHead({ institute, titleId, title, sub }: SheetHeadProps) {
  return (
    <header className="admit-card__head cluster cluster--between cluster--top">
      <div>
        <p className="admit-card__institute">{institute.name}</p>
        {institute.address ? <p className="admit-card__address">{institute.address}</p> : null}
      </div>
      <div className="admit-card__heading">
        <h2 id={titleId} className="admit-card__title">
          {title}
        </h2>
        <p className="admit-card__term">{sub}</p>
      </div>
    </header>
  );
}
