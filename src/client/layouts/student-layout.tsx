/** The student portal's frame (spec part 1 §2 "Student layout"): who is signed in, the portal's links, a top bar. */
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { portal } from "../../shared/i18n/portal.ts";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import { useT } from "../lib/i18n.tsx";
import { useSession } from "../lib/session.tsx";
import { BellIcon, CalendarIcon, FileIcon, GraduationCapIcon } from "../ui/icons.tsx";
import { BookIcon, CreditCardIcon, HelpCircleIcon, HomeIcon, SettingsIcon, UserIcon } from "../ui/more-icons.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { Avatar } from "./avatar.tsx";
import { Brand } from "./brand.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { type PortalLink, PortalShell } from "./portal-shell.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

type NavKey =
  | "dashboard"
  | "profile"
  | "profileShort"
  | "idCard"
  | "courses"
  | "library"
  | "exams"
  | "fees"
  | "notifications"
  | "help"
  | "settings";
const nav = (key: NavKey) => portal.t(`student.nav.${key}`);

const accountLinks = () => [
  { href: "/profile", label: nav("profileShort"), icon: <UserIcon size={18} /> },
  { href: "/settings", label: nav("settings"), icon: <SettingsIcon size={18} /> },
];

const LINKS: { href: string; key: NavKey; icon: ReactNode }[] = [
  { href: "/dashboard", key: "dashboard", icon: <HomeIcon /> },
  { href: "/profile", key: "profile", icon: <UserIcon /> },
  { href: "/id-card", key: "idCard", icon: <FileIcon /> },
  { href: "/courses", key: "courses", icon: <GraduationCapIcon /> },
  { href: "/library", key: "library", icon: <BookIcon /> },
  { href: "/exams", key: "exams", icon: <CalendarIcon /> },
  { href: "/fees", key: "fees", icon: <CreditCardIcon /> },
  { href: "/notifications", key: "notifications", icon: <BellIcon /> },
  { href: "/help", key: "help", icon: <HelpCircleIcon /> },
  { href: "/settings", key: "settings", icon: <SettingsIcon /> },
];

/**
 * The top bar's title by path (spec part 1 §2): the page's link, also below it (/fees/receipts/12 is Fees);
 * anything else reads "Student Portal". The spec names four pages because the others were placeholders
 * then; the issues that made them real (courses, library, exams, fees, notifications, help) name theirs.
 */
export const studentTitleFor = (path: string) => {
  const link = LINKS.find(({ href }) => path === href || path.startsWith(`${href}/`));
  return link ? nav(link.key) : portal.t("student.title");
};

export default function StudentLayout({ children }: { children: ReactNode }) {
  const t = useT(portal);
  const { user } = useSession();
  const [location] = useLocation();
  const links: PortalLink[] = LINKS.map(({ href, key, icon }) => ({ href, label: t(`student.nav.${key}`), icon }));
  const name = user?.name ?? "";

  return (
    <PortalShell
      areaLabel={t("student.area")}
      links={links}
      sidebarTop={
        <div className="stack portal-sidebar__identity">
          <Brand subtitle={t("student.title")} />
          <div className="portal-user">
            <Avatar name={name} photoUrl={user?.photo?.url} size="lg" />
            <div className="portal-user__text">
              <p className="portal-user__name">{name}</p>
              <p className="portal-user__meta">{user?.student_id ?? t("student.noId")}</p>
            </div>
          </div>
        </div>
      }
      title={<p className="portal-topbar__heading">{studentTitleFor(location)}</p>}
      actions={
        <>
          <LanguageSwitcher />
          <ThemeToggle />
          <NotificationBell />
          <AccountMenu links={accountLinks()} signOutLabel={t("student.signOut")} />
        </>
      }
    >
      {children}
    </PortalShell>
  );
}
