/**
 * The shells of Courses, Library, Exams and FAQs (DECISIONS 6): a button whose feature is not built yet
 * is shown, disabled, with a short visible hint that screen readers hear with it — never a dead click.
 */

import type { ReactNode } from "react";
import { useId } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "../../ui/button.tsx";
import { cx } from "../../ui/cx.ts";

export const COMING_SOON = "Coming soon";

export function ComingSoonButton({
  children,
  hint = COMING_SOON,
  variant = "primary",
  size = "md",
  className,
}: {
  size?: ButtonSize;
  children: ReactNode;
  /** the visible note beside the button */
  hint?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const hintId = useId();
  return (
    <span className={cx("ac-soon", className)}>
      <Button variant={variant} size={size} disabled aria-describedby={hintId}>
        {children}
      </Button>
      <span id={hintId} className="ac-soon__hint">
        {hint}
      </span>
    </span>
  );
}
