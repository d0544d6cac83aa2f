/**
 * The admin area's frame (spec part 2 §2): sidebar, a top bar that greets by the time of day with the
 * live time and date, the unread-notification badge (polled every 30 s), a settings link and the profile
 * menu, and the footer with the institute's details (address, e-mail, quick links, programs, registration).
 */

import type { ReactNode } from "react";
import { Link } from "wouter";
import { NOTIFICATION_POLL_MS } from "../../shared/constants.ts";
import { portal } from "../../shared/i18n/portal.ts";
import { firstNameOf } from "../../shared/names.ts";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import { formatTime, formatWeekdayDate } from "../lib/format.ts";
import { greetingText } from "../lib/greeting.ts";
import { useT } from "../lib/i18n.tsx";
import { wallClockAt } from "../lib/institute-clock.ts";
import { canSeePage, isAdministrator } from "../lib/office.ts";
import { useSession } from "../lib/session.tsx";
import { useInstituteInfo, useInstituteName } from "../lib/site.ts";
import { trpc } from "../lib/trpc.ts";
import { useNow } from "../lib/use-now.ts";
import { MegaphoneIcon, UserCogIcon } from "../ui/admin-icons.tsx";
import { BellIcon, CalendarIcon, FileIcon, GraduationCapIcon, MailIcon, UsersIcon } from "../ui/icons.tsx";
import { BarChartIcon, BookIcon, CreditCardIcon, HelpCircleIcon, HomeIcon, ImageIcon, SettingsIcon, UserIcon } from "../ui/more-icons.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { Brand } from "./brand.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { type PortalLink, PortalShell } from "./portal-shell.tsx";
import { FooterBottom, FooterColumn, InstituteContactList, StreamTags } from "./site-footer.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { useRoleFollow } from "./use-role-follow.ts";

const LINKS = [
  { href: "/dashboard", key: "dashboard", icon: <HomeIcon /> },
  { href: "/admissions", key: "admissions", icon: <FileIcon /> },
  { href: "/students", key: "students", icon: <UsersIcon /> },
  { href: "/contacts", key: "contacts", icon: <MailIcon /> },
  { href: "/programmes", key: "programmes", icon: <GraduationCapIcon /> },
  { href: "/courses", key: "courses", icon: <BookIcon /> },
  { href: "/library", key: "library", icon: <BookIcon /> },
  { href: "/exams", key: "exams", icon: <CalendarIcon /> },
  { href: "/notices", key: "notices", icon: <MegaphoneIcon /> },
  { href: "/fees", key: "fees", icon: <CreditCardIcon /> },
  { href: "/gallery", key: "gallery", icon: <ImageIcon /> },
  { href: "/content", key: "content", icon: <FileIcon /> },
  { href: "/analytics", key: "analytics", icon: <BarChartIcon /> },
  { href: "/notifications", key: "notifications", icon: <BellIcon /> },
  { href: "/help", key: "help", icon: <HelpCircleIcon /> },
  { href: "/staff", key: "staff", icon: <UserCogIcon /> },
  { href: "/settings", key: "settings", icon: <SettingsIcon /> },
] as const;

/**
 * The Fees link's count: the UPI payments students reported that wait for the office (the To confirm tab's list,
 * its total only), asked as often as the bell's, and at once after a decision there (it invalidates feeDesk).
 * Nothing is asked for someone who cannot see Fees.
 */
function useUpiWaiting(canSeeFees: boolean): PortalLink["waiting"] {
  const t = useT(portal);
  const { data } = trpc.feeDesk.pending.useQuery(
    { page: 1, limit: 1 },
    { enabled: canSeeFees, refetchInterval: NOTIFICATION_POLL_MS, refetchIntervalInBackground: false, retry: false },
  );
  const count = canSeeFees ? (data?.pagination.totalItems ?? 0) : 0;
  return count > 0 ? { count, label: t("admin.nav.upiWaiting", { count }) } : undefined;
}

export default function AdminLayout({ children }: { children: ReactNode }) {
  const t = useT(portal);
  const { user } = useSession();
  useRoleFollow();
  const upiWaiting = useUpiWaiting(canSeePage(user?.role, "fees"));
  const links: PortalLink[] = LINKS.filter(({ key }) => canSeePage(user?.role, key)).map(({ href, key, icon }) => ({
    href,
    label: t(`admin.nav.${key}`),
    icon,
    waiting: key === "fees" ? upiWaiting : undefined,
  }));
  const accountLinks = [
    { href: "/settings?section=profile", label: t("admin.profileSettings"), icon: <UserIcon size={18} /> },
    { href: "/settings", label: t("admin.accountSettings"), icon: <SettingsIcon size={18} /> },
  ];
  const name = user?.name ?? "";

  return (
    <PortalShell
      areaLabel={t("admin.area")}
      links={links}
      // A staff member (a counsellor) is not an administrator: the frame does not call itself theirs (walk 33a).
      sidebarTop={<Brand subtitle={t(isAdministrator(user?.role) ? "admin.panel" : "admin.panelStaff")} />}
      title={<Greeting firstName={firstNameOf(name)} />}
      actions={
        <>
          <LanguageSwitcher />
          <ThemeToggle />
          <NotificationBell />
          <Link
            href="/settings"
            className="icon-button portal-topbar__settings"
            aria-label={t("admin.settings")}
            title={t("admin.settings")}
          >
            <SettingsIcon />
          </Link>
          <AccountMenu links={accountLinks} signOutLabel={t("admin.signOut")} />
        </>
      }
      footer={<AdminFooter />}
    >
      {children}
    </PortalShell>
  );
}

/**
 * The top bar's greeting with the live time and date, both on the institute's clock (decision 025). Its own
 * component, drawn inside the portal shell (which sets lib/format.ts's zone first), and only it redraws every minute.
 */
function Greeting({ firstName }: { firstName: string }) {
  const now = useNow();
  // The instant, written on the institute's clock like every other time in the portals; the greeting by its hour.
  const instant = now.toISOString();
  const timeZone = useInstituteInfo().data?.timeZone;
  return (
    <div className="portal-greeting">
      <p className="portal-topbar__heading">
        {greetingText(wallClockAt(now, timeZone))}
        {firstName ? `, ${firstName}` : ""}
      </p>
      <p className="portal-greeting__clock">
        <time dateTime={instant}>
          {formatTime(instant)} · {formatWeekdayDate(instant)}
        </time>
      </p>
    </div>
  );
}

/** Staff's shortcuts: the activity log (otherwise only behind the dashboard) and the public pages they send people to. */
const QUICK_LINKS = [
  { href: "/activity", key: "activity" },
  { href: "/notifications", key: "notifications" },
  { href: "/help", key: "help" },
  { href: "~/", key: "site" },
  { href: "~/admission", key: "admission" },
  { href: "~/admission-status", key: "status" },
] as const;

/** The footer of spec part 2 §2 from the institute's settings (`site.info`), in the public footer's styles. */
function AdminFooter() {
  const t = useT(portal);
  const { user } = useSession();
  const { data: info, isError } = useInstituteInfo();
  const name = useInstituteName();
  return (
    <footer className="site-footer site-footer--compact ops-footer">
      <div className="site-footer__grid">
        <FooterColumn id="ops-footer-contact" title={t("admin.footer.institute")}>
          {info ? <InstituteContactList info={info} /> : isError ? <p className="text-muted">{t("admin.footer.failed")}</p> : null}
        </FooterColumn>
        <FooterColumn id="ops-footer-links" title={t("admin.footer.links")} nav>
          <ul className="footer-list">
            {QUICK_LINKS.filter((link) => canSeePage(user?.role, link.href.slice(1))).map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{t(`admin.link.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </FooterColumn>
        {info && info.streams.length > 0 ? (
          <FooterColumn id="ops-footer-programs" title={t("admin.footer.programs")}>
            <StreamTags streams={info.streams} />
          </FooterColumn>
        ) : null}
      </div>
      <FooterBottom className="site-footer__bottom" name={name} registration={info?.registration} />
    </footer>
  );
}
