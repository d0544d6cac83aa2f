/** The student portal's frame (spec part 1 §2 "Student layout"): who is signed in, the portal's links, a top bar. */
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { useSession } from "../lib/session.tsx";
import { BellIcon, CalendarIcon, FileIcon, GraduationCapIcon } from "../ui/icons.tsx";
import { BookIcon, HelpCircleIcon, HomeIcon, SettingsIcon, UserIcon } from "../ui/more-icons.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { Avatar } from "./avatar.tsx";
import { Brand } from "./brand.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { type PortalLink, PortalShell } from "./portal-shell.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

const ACCOUNT_LINKS = [
  { href: "/profile", label: "Profile", icon: <UserIcon size={18} /> },
  { href: "/settings", label: "Settings", icon: <SettingsIcon size={18} /> },
];

const LINKS: PortalLink[] = [
  { href: "/dashboard", label: "Dashboard", icon: <HomeIcon /> },
  { href: "/profile", label: "My Profile", icon: <UserIcon /> },
  { href: "/id-card", label: "ID Card", icon: <FileIcon /> },
  { href: "/courses", label: "My Courses", icon: <GraduationCapIcon /> },
  { href: "/library", label: "Library", icon: <BookIcon /> },
  { href: "/exams", label: "Exams", icon: <CalendarIcon /> },
  { href: "/notifications", label: "Notifications", icon: <BellIcon /> },
  { href: "/help", label: "Help & Support", icon: <HelpCircleIcon /> },
  { href: "/settings", label: "Settings", icon: <SettingsIcon /> },
];

/** The top bar's title by path (spec part 1 §2); anything else reads "Student Portal". */
const TITLES: Record<string, string> = {
  "/dashboard": "Dashboard",
  "/profile": "My Profile",
  "/id-card": "ID Card",
  "/settings": "Settings",
};
export const studentTitleFor = (path: string) => TITLES[path.replace(/\/$/, "")] ?? "Student Portal";

export default function StudentLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [location] = useLocation();
  const name = user?.name ?? "";

  return (
    <PortalShell
      areaLabel="Student portal"
      links={LINKS}
      sidebarTop={
        <div className="portal-sidebar__identity">
          <Brand subtitle="Student Portal" />
          <div className="portal-user">
            <Avatar name={name} photoUrl={user?.photo?.url} size="lg" />
            <div className="portal-user__text">
              <p className="portal-user__name">{name}</p>
              <p className="portal-user__meta">{user?.student_id ?? "Student ID not assigned yet"}</p>
            </div>
          </div>
        </div>
      }
      title={<p className="portal-topbar__heading">{studentTitleFor(location)}</p>}
      actions={
        <>
          <LanguageSwitcher />
          <ThemeToggle />
          <AccountMenu links={ACCOUNT_LINKS} signOutLabel="Sign out" />
        </>
      }
    >
      {children}
    </PortalShell>
  );
}
