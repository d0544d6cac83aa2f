/** Raised content blocks: Card for sections of a page, StatCard for one number on a dashboard. */

import type { CSSProperties, ReactNode, Ref } from "react";
import { useId } from "react";
import { formatNumber } from "../lib/format.ts";
import { cx } from "./cx.ts";

export type CardProps = {
  title?: ReactNode;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** Let the content touch the card edges, e.g. a Table inside. */
  flush?: boolean;
  /** For a screen that moves focus to the title after a step (the heading can then take focus, tabIndex -1). */
  titleRef?: Ref<HTMLHeadingElement>;
};

/** A titled card is a <section> named by its title, so it shows up in screen-reader landmarks. */
export function Card({ title, actions, children, className, headingLevel = 2, flush = false, titleRef }: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title !== undefined || actions !== undefined;
  const Root = title !== undefined ? "section" : "div";
  return (
    <Root className={cx("ui-card", flush && "ui-card--flush", className)} aria-labelledby={title !== undefined ? titleId : undefined}>
      {hasHeader ? (
        <div className="ui-card__header cluster cluster--between">
          {title !== undefined ? (
            <Heading id={titleId} className="ui-card__title" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
              {title}
            </Heading>
          ) : null}
          {actions !== undefined ? <div className="ui-card__actions">{actions}</div> : null}
        </div>
      ) : null}
      <div className="ui-card__body">{children}</div>
    </Root>
  );
}

export type StatTone = "primary" | "accent" | "pending" | "approved" | "rejected" | "info" | "neutral";

export type StatCardProps = {
  label: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  /** A short line under the value, e.g. "12 this week". */
  hint?: ReactNode;
  /** Colour of the icon chip (default primary). */
  tone?: StatTone;
  className?: string;
};

/**
 * A role="group" named by its label, so "Pending applications, 14" is read together. A count is grouped as
 * the reader's language groups it ("20,000", "1,00,000"; thirteenth walk: "20000" beside the range line's
 * "20,000"). A long figure ("₹1,03,833.32") never breaks inside: its size shrinks to fit its column
 * (components.css, `--chars`).
 */
export function StatCard({ label, value: given, icon, hint, tone = "primary", className }: StatCardProps) {
  const labelId = useId();
  const value = typeof given === "number" ? formatNumber(given) : given;
  const chars = typeof value === "string" ? value.length : 0;
  return (
    <div role="group" aria-labelledby={labelId} className={cx("ui-stat", `ui-stat--${tone}`, className)}>
      <div className="ui-stat__text">
        <p id={labelId} className="ui-stat__label">
          {label}
        </p>
        <p className="ui-stat__value" style={chars > 6 ? ({ "--chars": chars } as CSSProperties) : undefined}>
          {value}
        </p>
        {hint !== undefined ? <p className="ui-stat__hint">{hint}</p> : null}
      </div>
      {icon !== undefined ? (
        <span className="ui-stat__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
    </div>
  );
}
