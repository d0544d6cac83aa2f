/** The frame of the account pages (sign in, reset, first login, password change): the card and the top row. */
import { type ReactNode, useEffect } from "react";
import { Link } from "wouter";
import { account } from "../../../shared/i18n/account.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { validation } from "../../../shared/i18n/validation.ts";
import { Brand } from "../../layouts/brand.tsx";
import { LanguageSwitcher } from "../../layouts/language-switcher.tsx";
import { ThemeToggle } from "../../layouts/theme-toggle.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { mainFocusWanted } from "../../lib/main-focus.ts";
import { richText } from "../../lib/rich-text.tsx";
import { useSession } from "../../lib/session.tsx";
import { noteScreenLanguage } from "./language-here.ts";
import type { UserType } from "./reset-flow.ts";

/** One of the links under an account page's card: a page to go to, or an action (signing out), after its words. */
export type AuthLink = { before?: string; label: string } & ({ href: string } | { onClick: () => void });

export function AuthScreen({
  title,
  lead,
  children,
  links,
  flush = false,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  links: AuthLink[];
  /** the content follows the lead directly (the sign-in page), without the body's top margin */
  flush?: boolean;
}) {
  // Every account form checks with the shared schemas, whose messages come from these catalogues.
  useT(account);
  useT(validation);
  noteScreenLanguage(useLocale(), useSession().user !== null);
  // Arrived with a page change that took the focus from the old page (signing in, sent on to change the
  // password): the main region takes it, as the portals' frame does (tenth walk: it stayed on the page).
  useEffect(() => {
    if (mainFocusWanted()) document.getElementById("main")?.focus();
  }, []);
  return (
    <main id="main" className="auth-page" tabIndex={-1}>
      <div className="auth-page__top">
        <Brand />
        <div className="auth-page__tools">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </div>
      <div className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {lead ? <p className="auth-card__lead">{lead}</p> : null}
        {flush ? children : <div className="auth-card__body">{children}</div>}
        <ul className="stack stack--sm list-plain auth-card__links">
          {links.map((link) => (
            <li key={link.label}>
              {link.before ? `${link.before} ` : null}
              {"href" in link ? (
                <Link href={link.href}>{link.label}</Link>
              ) : (
                <button type="button" className="link-button" onClick={link.onClick}>
                  {link.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}

/** A message with an `{email}` placeholder, the address set in bold (as the account pages show it). */
export function Emphasised({ text, email }: { text: string; email: string }) {
  return richText(text, { email: <strong className="auth-card__email">{email}</strong> });
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
  const t = useT(auth);
  return (
    <div className="segmented" role="group" aria-label={t("kind.label")}>
      {(["student", "admin"] as const).map((option) => (
        <button
          key={option}
          type="button"
          className="segmented__option"
          aria-pressed={value === option}
          disabled={disabled}
          onClick={() => onChange(option)}
        >
          {t(`kind.${option}`)}
        </button>
      ))}
    </div>
  );
}
