/** The top bar's bell in either portal: a link to its notifications page with the unread count (hidden at 0). */
import { Link } from "wouter";
import { BellIcon } from "../../ui/icons.tsx";
import { unreadLabel, useFreshOnNewNotice, useUnreadCount } from "./use-unread-count.ts";

export function NotificationBell() {
  const { data } = useUnreadCount();
  useFreshOnNewNotice(data?.count);
  const count = data?.count ?? 0;
  const label = unreadLabel(count);
  return (
    <Link href="/notifications" className="icon-button ops-bell" aria-label={label} title={label}>
      <BellIcon />
      {count > 0 ? (
        <span className="ops-bell__count" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
