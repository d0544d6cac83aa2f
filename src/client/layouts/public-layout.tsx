/**
 * The public site's frame (spec part 1 §1, DESIGN "Layout"): a sticky top bar whose links collapse into a
 * menu under 1,280 px (not DESIGN's 768: the row needs about 1,250 px, decision 023), the dark-mode switch, a skip link, the page, and the footer. In maintenance mode
 * every public page gives way to the maintenance page; the bar (and so Login) keeps working.
 */
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { common } from "../../shared/i18n/common.ts";
import type { KeyOf } from "../../shared/i18n/translate.ts";
import { useSiteMaintenance } from "../features/site/site-status.ts";
import { useT } from "../lib/i18n.tsx";
import { useSession } from "../lib/session.tsx";
import { Button, buttonClass } from "../ui/button.tsx";
import { CloseIcon, MenuIcon } from "../ui/icons.tsx";
import { Brand } from "./brand.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { PageLoading } from "./loading-view.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

interface NavLink {
  href: string;
  label: KeyOf<typeof common>;
}

/** Shown only while the site is in maintenance: its own chunk, not part of every visitor's first download. */
const MaintenancePage = lazy(() => import("../features/site/maintenance-page.tsx").then((m) => ({ default: m.MaintenancePage })));

/** By role the bar shows the office links (administrators and staff), the student links, or the public links (spec part 1 §1). */
const PUBLIC_LINKS: NavLink[] = [
  { href: "/", label: "nav.home" },
  { href: "/about", label: "nav.about" },
  { href: "/programmes", label: "nav.programmes" },
  { href: "/gallery", label: "nav.gallery" },
  { href: "/contact", label: "nav.contact" },
  { href: "/admission", label: "nav.admission" },
];
const ADMIN_LINKS: NavLink[] = [
  { href: "/admin/dashboard", label: "nav.dashboard" },
  { href: "/admin/admissions", label: "nav.admissions" },
  { href: "/admin/students", label: "nav.students" },
  { href: "/admin/contacts", label: "nav.contacts" },
];
const STUDENT_LINKS: NavLink[] = [
  { href: "/student/dashboard", label: "nav.dashboard" },
  { href: "/student/profile", label: "nav.profile" },
  { href: "/student/id-card", label: "nav.idCard" },
];

export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT(common);
  const { user, logout } = useSession();
  const [location] = useLocation();
  // ID card checks stay open during maintenance (an exam hall may be checking cards): docs/decisions/006.
  const maintenance = useSiteMaintenance() && !location.startsWith("/verify/");
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const navId = useId();

  const links = !user ? PUBLIC_LINKS : user.role === "student" ? STUDENT_LINKS : ADMIN_LINKS;

  // A new page (Back included) closes the menu.
  useEffect(() => setMenuOpen(false), [location]);

  // The open menu closes on Escape (focus back on its button), and when a tap or focus lands outside the bar,
  // so Tab cannot wander behind it (the disclosure pattern). A link chosen in the bar closes it: see onClick.
  useEffect(() => {
    if (!menuOpen) return;
    const types = ["keydown", "pointerdown", "focusin"];
    const close = (event: Event) => {
      if ((event as KeyboardEvent).key === "Escape") menuButton.current?.focus();
      else if (event.type === "keydown" || header.current?.contains(event.target as Node)) return;
      setMenuOpen(false);
    };
    for (const type of types) document.addEventListener(type, close);
    return () => {
      for (const type of types) document.removeEventListener(type, close);
    };
  }, [menuOpen]);

  // logout() never fails: a failed server call still ends the session here.
  const signOut = async () => {
    setSigningOut(true);
    await logout();
    setSigningOut(false);
    setMenuOpen(false);
  };

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      {/* A link chosen in the bar closes the menu, its own page's link too (the location does not change then). */}
      <header ref={header} className="site-header" onClick={(event) => (event.target as Element).closest("a") && setMenuOpen(false)}>
        <div className="container site-header__bar">
          <Brand />
          <button
            ref={menuButton}
            type="button"
            className="icon-button site-header__menu-button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label={t("menu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          <nav id={navId} className={menuOpen ? "site-nav is-open" : "site-nav"} aria-label={t("nav.main")}>
            <ul className="site-nav__links">
              {links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="site-nav__link" aria-current={location === link.href ? "page" : undefined}>
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="site-nav__actions">
              <LanguageSwitcher />
              <ThemeToggle />
              {user ? (
                <Button variant="secondary" size="sm" onClick={signOut} loading={signingOut}>
                  {t("signOut")}
                </Button>
              ) : (
                <>
                  <Link href="/login" className={buttonClass("ghost", "sm")}>
                    {t("login")}
                  </Link>
                  <Link href="/admission" className={buttonClass("accent", "sm")}>
                    {t("applyNow")}
                  </Link>
                </>
              )}
            </div>
          </nav>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading fill />}>{maintenance ? <MaintenancePage /> : children}</Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
