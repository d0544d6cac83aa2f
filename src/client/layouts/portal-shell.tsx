/**
 * The frame both portals share (DESIGN "Layout"): a sidebar that collapses to icons on desktop and is a
 * drawer under 1024 px, a top bar, and the page. Each portal layout fills in its links and top bar.
 */
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { common } from "../../shared/i18n/common.ts";
import { portal } from "../../shared/i18n/portal.ts";
import { formatNumber } from "../lib/format.ts";
import { useLocale, useT } from "../lib/i18n.tsx";
import { mainFocusWanted } from "../lib/main-focus.ts";
import { useInstituteInfo } from "../lib/site.ts";
import { Badge } from "../ui/badge.tsx";
import { CloseIcon, MenuIcon } from "../ui/icons.tsx";
import { ChevronLeftIcon, ChevronRightIcon, HomeIcon } from "../ui/more-icons.tsx";
import { useToastsClearOfFocus } from "../ui/toasts-clear-of-focus.ts";
import { PageLoading } from "./loading-view.tsx";
import { SignInAgain } from "./sign-in-again.tsx";

export interface PortalLink {
  /** relative to the area (e.g. "/dashboard" under /student) */
  href: string;
  label: string;
  icon: ReactNode;
  /** what waits there for someone (e.g. UPI payments to confirm): its count beside the name, and the count in words */
  waiting?: { count: number; label: string };
}

const DESKTOP = "(min-width: 1024px)";

const SIDEBAR_KEY = "sidebar";

/**
 * The sidebar's first state: the person's own choice if they made one, else icons only on laptop screens
 * (1024–1279 px), so the admin tables keep their columns and actions in view (issue 14.6).
 */
function initiallyCollapsed(): boolean {
  try {
    const stored = localStorage.getItem(SIDEBAR_KEY);
    if (stored === "collapsed" || stored === "expanded") return stored === "collapsed";
  } catch {
    // storage off: fall through to the screen width
  }
  return typeof window.matchMedia === "function" && window.matchMedia("(min-width: 1024px) and (max-width: 1279.98px)").matches;
}

function rememberSidebar(collapsed: boolean) {
  try {
    localStorage.setItem(SIDEBAR_KEY, collapsed ? "collapsed" : "expanded");
  } catch {
    // not remembered: the next visit starts from the screen width again
  }
}

/** A link's count of what waits there: the figure to see, the words to hear ("3 UPI payments waiting to be confirmed"). */
function WaitingCount({ count, label }: { count: number; label: string }) {
  return (
    <>
      {" "}
      <Badge tone="pending">
        <span aria-hidden="true">{formatNumber(count)}</span>
        <span className="sr-only">{label}</span>
      </Badge>
    </>
  );
}

/**
 * What the server wrote in words (notifications, the dashboard's comparisons, activity sentences) is in the
 * language it was asked in (the lang cookie): a switch of language asks every shown answer again, so nothing
 * stays in the old language until a reload.
 */
function useAnswersInLanguage() {
  const locale = useLocale();
  const queries = useQueryClient();
  const asked = useRef(locale);
  useEffect(() => {
    if (locale === asked.current) return;
    asked.current = locale;
    void queries.invalidateQueries();
  }, [locale, queries]);
}

export function PortalShell({
  areaLabel,
  links,
  sidebarTop,
  title,
  actions,
  footer,
  children,
}: {
  /** names the sidebar's navigation, e.g. "Student portal" */
  areaLabel: string;
  links: readonly PortalLink[];
  /** brand and, for students, who is signed in */
  sidebarTop: ReactNode;
  /** the top bar's left side */
  title: ReactNode;
  /** the top bar's right side */
  actions: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  // The institute's settings set the clock every time is written on (lib/site.ts, decision 025): read while
  // the shell renders, so the page and the top bar inside it, rendered after, already use it.
  useInstituteInfo();
  useAnswersInLanguage();
  const t = useT(portal);
  const tCommon = useT(common);
  const [location] = useLocation();
  const [collapsed, setCollapsedState] = useState(initiallyCollapsed);
  const setCollapsed = (update: (c: boolean) => boolean) =>
    setCollapsedState((c) => {
      const next = update(c);
      rememberSidebar(next);
      return next;
    });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  /** Where focus goes once the drawer has closed: its button (Close, Escape), the page chosen in it, or nowhere. */
  const returnFocus = useRef<"menu" | "main" | null>(null);

  const closeDrawer = (toMenuButton: boolean) => {
    returnFocus.current = toMenuButton ? "menu" : null;
    setDrawerOpen(false);
  };

  useToastsClearOfFocus();

  // Arrived with a page change that took the focus from the old page (signing in): the main region takes it.
  useEffect(() => {
    if (mainFocusWanted()) document.getElementById("main")?.focus();
  }, []);

  // Once the page is no longer inert behind the drawer: back to the menu button, or into the page chosen.
  useEffect(() => {
    if (drawerOpen || !returnFocus.current) return;
    const target = returnFocus.current === "menu" ? menuButton.current : document.getElementById("main");
    returnFocus.current = null;
    target?.focus();
  }, [drawerOpen]);

  // Choosing a page closes the drawer; the link chosen goes with it, so focus goes to the new page (as the
  // public site's menu does), not to the document.
  const sidebar = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new location closes it (drawerOpen is read, not watched)
  useEffect(() => {
    if (drawerOpen && sidebar.current?.contains(document.activeElement)) returnFocus.current = "main";
    setDrawerOpen(false);
  }, [location]);

  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeDrawer(true);
    };
    // Focus gone out of the drawer (the page behind is inert, so to "Leave without saving?" asked at one of its
    // links, or the skip link): it closes, leaving the focus where it went, as the public site's menu does. On
    // Stay the question gives the focus to the menu button, and the work is in view again (stop 47).
    // Tab past its last link, or Shift+Tab past its first, finds only the skip link (the page behind is inert):
    // then the focus goes back to the menu button, not to the page's top (walk 24a).
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Element;
      if (!sidebar.current?.contains(target)) closeDrawer(target.classList?.contains("skip-link") === true);
    };
    // Growing past the drawer breakpoint turns the drawer back into the sidebar.
    const desktop = globalThis.matchMedia?.(DESKTOP);
    const onResize = () => desktop?.matches && setDrawerOpen(false);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    desktop?.addEventListener("change", onResize);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      desktop?.removeEventListener("change", onResize);
    };
  }, [drawerOpen]);

  const isCurrent = (href: string) => location === href || location.startsWith(`${href}/`);
  const classes = ["portal", collapsed && "portal--collapsed", drawerOpen && "portal--drawer-open"].filter(Boolean).join(" ");

  return (
    <div className={classes}>
      <a className="skip-link" href="#main">
        {tCommon("skipToContent")}
      </a>
      <aside ref={sidebar} id={sidebarId} className="portal-sidebar" aria-label={areaLabel}>
        <div className="portal-sidebar__top">
          {sidebarTop}
          <button
            ref={closeButton}
            type="button"
            className="icon-button portal-sidebar__close"
            aria-label={t("closeMenu")}
            onClick={() => closeDrawer(true)}
          >
            <CloseIcon />
          </button>
        </div>
        <nav className="portal-nav" aria-label={areaLabel}>
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="portal-nav__link"
                  aria-current={isCurrent(link.href) ? "page" : undefined}
                  title={collapsed ? (link.waiting ? `${link.label} · ${link.waiting.label}` : link.label) : undefined}
                >
                  <span className="portal-nav__icon" aria-hidden="true">
                    {link.icon}
                    {link.waiting ? <span className="portal-nav__waiting">{formatNumber(link.waiting.count)}</span> : null}
                  </span>
                  <span className="portal-nav__label">
                    {link.label}
                    {link.waiting ? <WaitingCount {...link.waiting} /> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="portal-sidebar__bottom">
          <Link href="~/" className="portal-nav__link" title={collapsed ? t("backToWebsite") : undefined}>
            <span className="portal-nav__icon" aria-hidden="true">
              <HomeIcon />
            </span>
            <span className="portal-nav__label">{t("backToWebsite")}</span>
          </Link>
          <button type="button" className="portal-nav__link portal-sidebar__collapse" onClick={() => setCollapsed((c) => !c)}>
            <span className="portal-nav__icon" aria-hidden="true">
              {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
            </span>
            <span className="portal-nav__label">{collapsed ? t("expand") : t("collapse")}</span>
          </button>
        </div>
      </aside>
      {drawerOpen ? <div className="portal-backdrop" aria-hidden="true" onClick={() => closeDrawer(false)} /> : null}
      <div className="portal-main" inert={drawerOpen || undefined}>
        <header className="portal-topbar">
          <button
            ref={menuButton}
            type="button"
            className="icon-button portal-topbar__menu"
            aria-label={t("openMenu")}
            aria-expanded={drawerOpen}
            aria-controls={sidebarId}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          <div className="portal-topbar__title">{title}</div>
          <div className="portal-topbar__actions">{actions}</div>
        </header>
        <main id="main" className="portal-content" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </main>
        {footer}
      </div>
      <SignInAgain />
    </div>
  );
}
