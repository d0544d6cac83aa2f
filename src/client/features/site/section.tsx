/**
 * The public pages' building blocks: a page section with its heading and lead, a grid of features
 * (icon, title, text) and the closing call to action. One markup for every page, so the pages list only
 * their words.
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { buttonClass } from "../../ui/button.tsx";
import { cx } from "../../ui/cx.ts";

export interface SectionProps {
  /** the heading's id is `${id}-title` */
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  tone?: "muted" | "primary";
  /** the heading centred above the content */
  center?: boolean;
  className?: string;
  containerClassName?: string;
  busy?: boolean;
  children: ReactNode;
}

export function Section({ id, title, lead, tone, center = false, className, containerClassName, busy, children }: SectionProps) {
  return (
    <section className={cx("section", tone && `section--${tone}`, className)} aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <div className={cx("container", containerClassName)}>
        <div className={cx("section__header", center && "section__header--center")}>
          <h2 id={`${id}-title`}>{title}</h2>
          {lead ? <p className="lead">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

export interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

/** Features as cards: an icon, a title and a sentence each. */
export function FeatureGrid({ items, columns }: { items: readonly Feature[]; columns?: 3 }) {
  return (
    <ul className={cx("feature-grid", columns === 3 && "feature-grid--3")}>
      {items.map((item) => (
        <li key={item.title} className="feature">
          <span className="feature__icon" aria-hidden="true">
            {item.icon}
          </span>
          <h3 className="feature__title">{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The closing invitation of a page: a heading and lead beside a link to the admission form and a second link. */
export function CallToAction({
  id,
  title,
  lead,
  tone,
  primary,
  secondary,
}: {
  id: string;
  title: string;
  lead: ReactNode;
  tone?: "muted";
  /** the label of the link to the admission form */
  primary: string;
  secondary: { href: string; label: string };
}) {
  return (
    <section className={cx("section", tone && `section--${tone}`)} aria-labelledby={`${id}-title`}>
      <div className="container cta">
        <div>
          <h2 id={`${id}-title`}>{title}</h2>
          <p className="lead">{lead}</p>
        </div>
        <div className="cta__actions">
          <Link href="/admission" className={buttonClass("primary", "lg")}>
            {primary}
          </Link>
          <Link href={secondary.href} className={buttonClass("secondary", "lg")}>
            {secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
