/**
 * The admin area's frame (spec part 2 §2): sidebar, a top bar that greets by the time of day with the
 * live time and date, a settings link and the profile menu, and the footer with the institute's details.
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { greetingFor } from "../lib/greeting.ts";
import { useSession } from "../lib/session.tsx";
import { useNow } from "../lib/use-now.ts";
import {
  BarChartIcon,
  BellIcon,
  BookIcon,
  CalendarIcon,
  FileIcon,
  GraduationCapIcon,
  HelpCircleIcon,
  HomeIcon,
  ImageIcon,
  LogoutIcon,
  MailIcon,
  SettingsIcon,
  UserIcon,
  UsersIcon,
} from "../ui/icons.tsx";
import { Avatar } from "./avatar.tsx";
import { Brand } from "./brand.tsx";
import { MenuButton } from "./menu-button.tsx";
import { type PortalLink, PortalShell } from "./portal-shell.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

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

const dateFormat = new Intl.DateTimeFormat("en-IN", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit" });

export default function AdminLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const now = useNow();
  const name = user?.name ?? "";
  const firstName = name.split(/\s+/)[0] ?? name;

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
              {timeFormat.format(now)} · {dateFormat.format(now)}
            </time>
          </p>
        </div>
      }
      actions={
        <>
          <ThemeToggle />
          <Link href="/settings" className="icon-button portal-topbar__settings" aria-label="Settings" title="Settings">
            <SettingsIcon />
          </Link>
          <MenuButton
            label="Account menu"
            buttonContent={
              <>
                <Avatar name={name} photoUrl={user?.photo?.url} size="sm" />
                <span className="menu__button-name">{name}</span>
              </>
            }
          >
            <Link href="/settings?section=profile" className="menu__item">
              <UserIcon size={18} /> Profile Settings
            </Link>
            <Link href="/settings" className="menu__item">
              <SettingsIcon size={18} /> Account Settings
            </Link>
            <button type="button" className="menu__item" onClick={() => void logout()}>
              <LogoutIcon size={18} /> Sign Out
            </button>
          </MenuButton>
        </>
      }
      footer={<SiteFooter compact />}
    >
      {children}
    </PortalShell>
  );
}
