/**
 * The public site's frame (spec part 1 §1, DESIGN "Layout"): a sticky top bar whose links collapse into a
 * menu under 768 px, the dark-mode switch, a skip link, the page, and the footer. In maintenance mode
 * every public page gives way to the maintenance page; the bar (and so Login) keeps working.
 */
import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { MaintenancePage } from "../features/site/maintenance-page.tsx";
import { useSiteMaintenance } from "../features/site/site-status.ts";
import { useSession } from "../lib/session.tsx";
import { Button, buttonClass } from "../ui/button.tsx";
import { CloseIcon, MenuIcon } from "../ui/icons.tsx";
import { Brand } from "./brand.tsx";
import { PageLoading } from "./loading-view.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

interface NavLink {
  href: string;
  label: string;
}

/** By role the bar shows the admin links, the student links, or the public links (spec part 1 §1). */
const PUBLIC_LINKS: NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
  { href: "/gallery", label: "Gallery" },
  { href: "/contact", label: "Contact" },
  { href: "/admission", label: "Admission" },
];
const ADMIN_LINKS: NavLink[] = [
  { href: "/admin/dashboard", label: "Dashboard" },
  { href: "/admin/admissions", label: "Admissions" },
  { href: "/admin/students", label: "Students" },
  { href: "/admin/contacts", label: "Contacts" },
];
const STUDENT_LINKS: NavLink[] = [
  { href: "/student/dashboard", label: "Dashboard" },
  { href: "/student/profile", label: "Profile" },
  { href: "/student/id-card", label: "ID Card" },
];

export function PublicLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const [location] = useLocation();
  // ID card checks stay open during maintenance (an exam hall may be checking cards): docs/decisions/006.
  const maintenance = useSiteMaintenance() && !location.startsWith("/verify/");
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navId = useId();

  const links = user?.role === "admin" ? ADMIN_LINKS : user?.role === "student" ? STUDENT_LINKS : PUBLIC_LINKS;

  // A chosen link closes the menu.
  useEffect(() => setMenuOpen(false), [location]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
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
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__bar">
          <Brand />
          <button
            ref={menuButton}
            type="button"
            className="icon-button site-header__menu-button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          <nav id={navId} className={menuOpen ? "site-nav is-open" : "site-nav"} aria-label="Main">
            <ul className="site-nav__links">
              {links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="site-nav__link" aria-current={location === link.href ? "page" : undefined}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="site-nav__actions">
              <ThemeToggle />
              {user ? (
                <Button variant="secondary" size="sm" onClick={signOut} loading={signingOut}>
                  Sign out
                </Button>
              ) : (
                <>
                  <Link href="/login" className={buttonClass("ghost", "sm")}>
                    Login
                  </Link>
                  <Link href="/admission" className={buttonClass("accent", "sm")}>
                    Apply Now
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
