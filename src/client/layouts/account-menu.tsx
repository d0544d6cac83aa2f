/** The portals' account menu in the top bar: the signed-in person's photo and name, their links, and Sign out. */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { portal } from "../../shared/i18n/portal.ts";
import { useT } from "../lib/i18n.tsx";
import { SIGNING_OUT, useSession } from "../lib/session.tsx";
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
  // A page holding unsaved work cancels the event and asks first, then signs out on "Discard and go on"
  // (lib/leave-warning.ts, stop 46); with nothing to lose, out at once. An event, not an import of the guards'
  // module: the portal's frame needs no other chunk for it, and the first script's chunk map stays as it was.
  const signOut = () => {
    const out = () => void logout();
    if (dispatchEvent(new CustomEvent(SIGNING_OUT, { cancelable: true, detail: out }))) out();
  };
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
      <button type="button" className="menu__item" onClick={signOut}>
        <LogoutIcon size={18} /> {signOutLabel}
      </button>
    </MenuButton>
  );
}
