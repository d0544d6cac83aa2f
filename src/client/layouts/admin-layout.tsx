/**
 * The admin area's frame (spec part 2 §2): sidebar, a top bar that greets by the time of day with the
 * live time and date, the unread-notification badge (polled every 30 s), a settings link and the profile
 * menu, and the footer with the institute's details (address, e-mail, quick links, programs, registration).
 */

import type { ReactNode } from "react";
import { Link } from "wouter";
import { firstNameOf } from "../../shared/names.ts";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import { formatTime, formatWeekdayDate } from "../lib/format.ts";
import { greetingFor } from "../lib/greeting.ts";
import { useSession } from "../lib/session.tsx";
import { useInstituteInfo, useInstituteName } from "../lib/site.ts";
import { useNow } from "../lib/use-now.ts";
import { BellIcon, CalendarIcon, FileIcon, GraduationCapIcon, MailIcon, UsersIcon } from "../ui/icons.tsx";
import { BarChartIcon, BookIcon, HelpCircleIcon, HomeIcon, ImageIcon, SettingsIcon, UserIcon } from "../ui/more-icons.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { Brand } from "./brand.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { type PortalLink, PortalShell } from "./portal-shell.tsx";
import { InstituteContactList } from "./site-footer.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

const ACCOUNT_LINKS = [
  { href: "/settings?section=profile", label: "Profile Settings", icon: <UserIcon size={18} /> },
  { href: "/settings", label: "Account Settings", icon: <SettingsIcon size={18} /> },
];

const LINKS: PortalLink[] = [
  { href: "/dashboard", label: "Dashboard", icon: <HomeIcon /> },
  { href: "/admissions", label: "Admissions", icon: <FileIcon /> },
  { href: "/students", label: "Students", icon: <UsersIcon /> },
  { href: "/contacts", label: "Contacts", icon: <MailIcon /> },
  { href: "/courses", label: "Courses", icon: <GraduationCapIcon /> },
  { href: "/library", label: "Library", icon: <BookIcon /> },
  { href: "/exams", label: "Exams", icon: <CalendarIcon /> },
  { href: "/gallery", label: "Gallery", icon: <ImageIcon /> },
  { href: "/analytics", label: "Analytics", icon: <BarChartIcon /> },
  { href: "/notifications", label: "Notifications", icon: <BellIcon /> },
  { href: "/help", label: "Help & Support", icon: <HelpCircleIcon /> },
  { href: "/settings", label: "Settings", icon: <SettingsIcon /> },
];

export default function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const now = useNow();
  const name = user?.name ?? "";
  const firstName = firstNameOf(name);

  return (
    <PortalShell
      areaLabel="Admin area"
      links={LINKS}
      sidebarTop={<Brand subtitle="Admin Panel" />}
      title={
        <div className="portal-greeting">
          <p className="portal-topbar__heading">
            {greetingFor(now)}
            {firstName ? `, ${firstName}` : ""}
          </p>
          <p className="portal-greeting__clock">
            <time dateTime={now.toISOString()}>
              {formatTime(now)} · {formatWeekdayDate(now)}
            </time>
          </p>
        </div>
      }
      actions={
        <>
          <LanguageSwitcher />
          <ThemeToggle />
          <NotificationBell />
          <Link href="/settings" className="icon-button portal-topbar__settings" aria-label="Settings" title="Settings">
            <SettingsIcon />
          </Link>
          <AccountMenu links={ACCOUNT_LINKS} signOutLabel="Sign Out" />
        </>
      }
      footer={<AdminFooter />}
    >
      {children}
    </PortalShell>
  );
}

/** Staff's shortcuts: the activity log (otherwise only behind the dashboard) and the public pages they send people to. */
const QUICK_LINKS = [
  { href: "/activity", label: "Activity log" },
  { href: "/notifications", label: "Notifications" },
  { href: "/help", label: "Help & Support" },
  { href: "~/", label: "Public website" },
  { href: "~/admission", label: "Admission form" },
  { href: "~/admission-status", label: "Application status" },
] as const;

/** The footer of spec part 2 §2 from the institute's settings (`site.info`), in the public footer's styles. */
function AdminFooter() {
  const { data: info, isError } = useInstituteInfo();
  const name = useInstituteName();
  return (
    <footer className="site-footer site-footer--compact ops-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="ops-footer-contact">
          <h2 id="ops-footer-contact" className="site-footer__heading">
            Institute
          </h2>
          {info ? (
            <InstituteContactList info={info} />
          ) : isError ? (
            <p className="text-muted">The institute's details could not be loaded just now.</p>
          ) : null}
        </section>
        <nav aria-labelledby="ops-footer-links">
          <h2 id="ops-footer-links" className="site-footer__heading">
            Quick links
          </h2>
          <ul className="footer-list">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {info && info.streams.length > 0 ? (
          <section aria-labelledby="ops-footer-programs">
            <h2 id="ops-footer-programs" className="site-footer__heading">
              Programs
            </h2>
            <ul className="footer-tags">
              {info.streams.map((stream) => (
                <li key={stream}>{stream}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <div className="site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {name}
          {info?.registration ? <> · {info.registration}</> : null}
        </p>
      </div>
    </footer>
  );
}
