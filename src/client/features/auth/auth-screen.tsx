/** The frame of the account pages (sign in, reset, first login, password change): the card and the top row. */
import type { ReactNode } from "react";
import { Brand } from "../../layouts/brand.tsx";
import { ThemeToggle } from "../../layouts/theme-toggle.tsx";
import type { UserType } from "./reset-flow.ts";

export function AuthScreen({
  title,
  lead,
  children,
  footer,
  flush = false,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** the content follows the lead directly (the sign-in page), without the body's top margin */
  flush?: boolean;
}) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-page__top">
        <Brand />
        <ThemeToggle />
      </div>
      <div className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {lead ? <p className="auth-card__lead">{lead}</p> : null}
        {flush ? children : <div className="auth-card__body">{children}</div>}
        {footer ? <ul className="auth-card__links">{footer}</ul> : null}
      </div>
    </main>
  );
}

/** The Student/Admin switch, in the login page's style (buttons with aria-pressed). */
export function AccountTypeSwitch({
  value,
  onChange,
  disabled,
}: {
  value: UserType;
  onChange: (next: UserType) => void;
  disabled?: boolean;
}) {
  return (
    <div className="segmented" role="group" aria-label="Account type">
      {(["student", "admin"] as const).map((option) => (
        <button
          key={option}
          type="button"
          className="segmented__option"
          aria-pressed={value === option}
          disabled={disabled}
          onClick={() => onChange(option)}
        >
          {option === "student" ? "Student" : "Admin"}
        </button>
      ))}
    </div>
  );
}
