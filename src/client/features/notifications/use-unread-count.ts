/**
 * The top bar's unread count (spec part 2 §9: polled every 30 seconds while signed in). React Query
 * pauses the interval while the tab is hidden (`refetchIntervalInBackground: false` follows
 * document.visibilityState) and asks again as soon as the tab is shown.
 */
import { NOTIFICATION_POLL_MS } from "../../../shared/constants.ts";
import { portal } from "../../../shared/i18n/portal.ts";
import { trpc } from "../../lib/trpc.ts";

export function useUnreadCount() {
  return trpc.notifications.unreadCount.useQuery(undefined, {
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    // A failed poll is not worth an alert (spec part 2 §8): the badge keeps its last figure.
    retry: false,
  });
}

/** After any change to notifications: the badge and the list ask the server again at once. */
export function useRefreshNotifications() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
}

/** "3 unread notifications"; "Notifications" when there are none. */
export function unreadLabel(count: number): string {
  if (count <= 0) return portal.t("bell.none");
  return portal.t("bell.unread", { count });
}
