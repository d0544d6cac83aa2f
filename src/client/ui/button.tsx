/** The one button: variants for emphasis, a loading state that blocks double submits, and buttonClass for links. */
import type { ButtonHTMLAttributes, Ref } from "react";
import { cx } from "./cx.ts";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "accent";
export type ButtonSize = "sm" | "md" | "lg";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** primary: the main action; accent (saffron): the one call to action on a public page; danger: destructive. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner and blocks the button until the work ends: aria-busy and aria-disabled, its clicks
   * cancelled (which also stops Enter's submission of its form). It stays focusable, so the focus of a
   * person who pressed it stays where it was: a `disabled` button under focus drops it to the page.
   */
  loading?: boolean;
  /** Full width of its container. */
  block?: boolean;
  /** Square button for a lone icon; give it an aria-label. */
  iconOnly?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/** The class string of a button, for a link that should look like one: <Link className={buttonClass("accent")}>. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", block = false): string {
  return cx("ui-button", `ui-button--${variant}`, `ui-button--${size}`, block && "ui-button--block");
}

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  block = false,
  iconOnly = false,
  type = "button",
  disabled,
  className,
  children,
  ref,
  onClick,
  ...rest
}: ButtonProps) {
  const blocked = loading && !disabled;
  return (
    <button
      ref={ref}
      type={type}
      className={cx(buttonClass(variant, size, block), iconOnly && "ui-button--icon", loading && "is-loading", className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={blocked || undefined}
      onClick={blocked ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <span className="ui-spinner ui-spinner--sm ui-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
