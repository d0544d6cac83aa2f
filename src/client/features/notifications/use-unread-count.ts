/**
 * The top bar's unread count (spec part 2 §9: polled every 30 seconds while signed in). React Query
 * pauses the interval while the tab is hidden (`refetchIntervalInBackground: false` follows
 * document.visibilityState) and asks again as soon as the tab is shown.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
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

/**
 * A notice that arrives says something changed (a payment confirmed, a ticket answered, results out): the
 * page on screen asks the server again for what it shows, as the badge does, instead of waiting for a reload.
 * Once, by the top bar's bell; only the queries in use are fetched again.
 */
export function useFreshOnNewNotice(count: number | undefined) {
  const client = useQueryClient();
  const last = useRef(count);
  useEffect(() => {
    if (count !== undefined && last.current !== undefined && count > last.current) {
      void client.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey[0]) !== '["notifications","unreadCount"]' });
    }
    last.current = count;
  }, [count, client]);
}

/** After any change to notifications: the badge and the list ask the server again at once. */
export function useRefreshNotifications() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
}

/** "3 unread notifications"; "Notifications" when there are none. */
export function unreadLabel(count: number): string {
  if (count <= 0) return portal.t("bell.none");
  // Over 99 the bell shows "99+": its name starts with what it shows, for voice control (walk 13b).
  return portal.t(count > 99 ? "bell.many" : "bell.unread", { count });
}
