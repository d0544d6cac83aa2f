/** The portals' account menu in the top bar: the signed-in person's photo and name, their links, and Sign out. */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { portal } from "../../shared/i18n/portal.ts";
import { useT } from "../lib/i18n.tsx";
import { leaveFirst } from "../lib/leave-warning.ts";
import { useSession } from "../lib/session.tsx";
import { LogoutIcon } from "../ui/more-icons.tsx";
import { Avatar } from "./avatar.tsx";
import { MenuButton } from "./menu-button.tsx";

export function AccountMenu({
  links,
  signOutLabel,
}: {
  links: readonly { href: string; label: string; icon: ReactNode }[];
  signOutLabel: string;
}) {
  const t = useT(portal);
  const { user, logout } = useSession();
  const name = user?.name ?? "";
  return (
    <MenuButton
      label={t("accountMenu")}
      buttonContent={
        <>
          <Avatar name={name} photoUrl={user?.photo?.url} size="sm" />
          <span className="menu__button-name">{name}</span>
        </>
      }
    >
      {links.map((link) => (
        <Link key={link.href} href={link.href} className="menu__item">
          {link.icon} {link.label}
        </Link>
      ))}
      <button type="button" className="menu__item" onClick={() => leaveFirst(() => void logout(), false)}>
        <LogoutIcon size={18} /> {signOutLabel}
      </button>
    </MenuButton>
  );
}
