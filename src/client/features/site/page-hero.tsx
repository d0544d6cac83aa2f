/** The band at the top of About, Gallery and Contact: eyebrow, the page's one h1, and a short lead. */
import type { ReactNode } from "react";

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="page-hero">
      <div className="container page-hero__inner">
        {eyebrow ? <p className="eyebrow page-hero__eyebrow">{eyebrow}</p> : null}
        <h1 className="page-hero__title">{title}</h1>
        {lead ? <p className="page-hero__lead">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
