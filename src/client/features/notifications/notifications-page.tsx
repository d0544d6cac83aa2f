/**
 * /admin/notifications (spec part 2, Notifications screen): Mark all as read (only when unread exist),
 * search, type filter, four counters, the list with relative times, and a details dialog that marks the
 * notification read. Searched, filtered and paginated on the server (DECISIONS 13); the list state is in
 * the URL. Every change refreshes the top bar's badge at once.
 */

import { useState } from "react";
import { NOTIFICATION_POLL_MS } from "../../../shared/constants.ts";
import { alerts } from "../../../shared/i18n/alerts.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { useNow } from "../../lib/use-now.ts";
import { CheckDoubleIcon, LifeBuoyIcon, ServerIcon, ShieldIcon } from "../../ui/admin-icons.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { StatCard } from "../../ui/card.tsx";
import { focusList, useFocusStaysInItems } from "../../ui/focus-stays.ts";
import { AlertCircleIcon, BellIcon, CalendarIcon, FileIcon, MailIcon } from "../../ui/icons.tsx";
import { IconAction } from "../../ui/list-controls.tsx";
import { ListEmpty, ListPage, listAnswer, listFilter, listWords } from "../../ui/list-page.tsx";
import { Moment } from "../../ui/moment.tsx";
import { TrashIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { useToast } from "../../ui/toast.tsx";
import { filterLabel, NOTIFICATION_FILTERS, priorityLabel, priorityTone, typeLabel } from "./labels.ts";
import { NotificationDetails, type NotificationItem } from "./notification-details.tsx";
import { useRefreshNotifications } from "./use-unread-count.ts";

const TYPE_FILTER = { key: "type", values: NOTIFICATION_FILTERS };
type TypeFilter = (typeof NOTIFICATION_FILTERS)[number];

const TYPE_ICONS: Record<string, typeof BellIcon> = {
  admission: FileIcon,
  contact: MailIcon,
  security: ShieldIcon,
  system: ServerIcon,
  support: LifeBuoyIcon,
  course: CalendarIcon,
};

export default function AdminNotificationsPage() {
  const t = useT(alerts);
  const now = useNow();
  const toast = useToast();
  const refresh = useRefreshNotifications();
  const { list, query } = usePagedList(trpc.notifications.list, (page, { filter }) => ({ ...page, type: filter as TypeFilter }), {
    filter: TYPE_FILTER,
    // New notifications show up while the screen is open, at the badge's pace (not while it is in the background).
    refetchInterval: NOTIFICATION_POLL_MS,
  });

  const [opened, setOpened] = useState<NotificationItem | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const markRead = trpc.notifications.markRead.useMutation();
  const markAll = trpc.notifications.markAllRead.useMutation();
  const remove = trpc.notifications.remove.useMutation();

  const counts = query.data?.counts;
  const items = query.data?.notifications ?? [];
  // A deleted notification's item leaves with the focus: it goes to the item now in its place (ui/focus-stays.ts).
  const focus = useFocusStaysInItems<HTMLUListElement>(":scope > li", items);

  const open = (n: NotificationItem) => {
    setOpened(n);
    if (n.read) return;
    markRead.mutate(
      { id: n.id },
      {
        onSuccess: ({ notification }) => {
          setOpened((current) => (current?.id === notification.id ? notification : current));
          void refresh();
        },
      },
    );
  };

  const readOne = (n: NotificationItem) => {
    setBusyId(n.id);
    markRead.mutate(
      { id: n.id },
      {
        onSuccess: () => void refresh(),
        onError: (err) => toast.failed(err, t("readFailed")),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const deleteOne = (n: NotificationItem) => {
    setBusyId(n.id);
    remove.mutate(
      { id: n.id },
      {
        onSuccess: () => {
          setOpened((current) => (current?.id === n.id ? null : current));
          toast.show(t("deleted"));
          void refresh();
        },
        onError: (err) => toast.failed(err, t("deleteFailed")),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const readAll = (event: { currentTarget: Element }) => {
    const button = event.currentTarget;
    markAll.mutate(undefined, {
      onSuccess: ({ updated }) => {
        focusList(focus.ref.current, button);
        toast.show(t("allRead", { count: updated }));
        void refresh();
      },
      onError: (err) => toast.failed(err, t("allReadFailed")),
    });
  };

  const stat = (n: number | undefined) => (counts ? n : <Skeleton width="3ch" />);

  return (
    <ListPage
      name="notifications"
      title={t("title")}
      description={counts ? (counts.unread > 0 ? t("unread", { count: counts.unread }) : t("caughtUp")) : t("lead")}
      actions={
        counts && counts.unread > 0 ? (
          <Button variant="secondary" loading={markAll.isPending} onClick={readAll}>
            <CheckDoubleIcon size={18} /> {t("markAll")}
          </Button>
        ) : null
      }
      stats={
        <>
          <StatCard label={t("stat.total")} value={stat(counts?.total)} icon={<BellIcon />} />
          <StatCard label={t("stat.unread")} value={stat(counts?.unread)} icon={<MailIcon />} tone="accent" />
          <StatCard label={t("stat.high")} value={stat(counts?.highPriority)} icon={<AlertCircleIcon />} tone="rejected" />
          <StatCard label={t("stat.recent")} value={stat(counts?.recent24h)} icon={<CalendarIcon />} tone="info" />
        </>
      }
      list={list}
      {...listWords(t, "")}
      filter={listFilter(TYPE_FILTER, t("filter"), filterLabel)}
      {...listAnswer(query, { failed: t("failed"), failedTitle: t("failedTitle") })}
      after={
        <NotificationDetails
          notification={opened}
          now={now}
          deleting={opened !== null && busyId === opened.id && remove.isPending}
          onDelete={deleteOne}
          onClose={() => setOpened(null)}
        />
      }
    >
      <div className="ops-list-card" aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <ul className="ops-notice-list list-plain" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="ops-notice-item">
                <Skeleton width="2.5rem" height="2.5rem" />
                <div className="stack stack--xs ops-notice-item__body">
                  <Skeleton lines={2} />
                </div>
              </li>
            ))}
          </ul>
        ) : items.length === 0 ? (
          <ListEmpty
            icon={<BellIcon size={28} />}
            none={{ title: t("none.title"), description: t("none.text") }}
            noMatch={{ title: t("noMatch.title"), description: t("noMatch.text") }}
            showAll={t("showAll")}
          />
        ) : (
          <ul className="ops-notice-list list-plain" aria-label={t("title")} {...focus}>
            {items.map((n) => {
              const Icon = TYPE_ICONS[n.type] ?? BellIcon;
              return (
                <li key={n.id} className={n.read ? "ops-notice-item" : "ops-notice-item is-unread"}>
                  <span className={`icon-tile ops-notice-item__icon ops-notice-item__icon--${n.type}`} aria-hidden="true">
                    <Icon size={20} />
                  </span>
                  <div className="stack stack--xs ops-notice-item__body">
                    <button type="button" className="ops-notice-item__title" onClick={() => open(n)}>
                      {n.read ? null : <span className="sr-only">{t("unreadMark")}</span>}
                      {n.title}
                    </button>
                    <p className="ops-notice-item__message">{n.message}</p>
                    <div className="ops-notice-item__meta cluster cluster--sm">
                      <Badge tone={priorityTone(n.priority)}>{priorityLabel(n.priority)}</Badge>
                      <Badge tone="info">{typeLabel(n.type)}</Badge>
                      <Moment time={n.createdAt} show="ago" now={now} />
                    </div>
                  </div>
                  <div className="ops-notice-item__actions">
                    {n.read ? null : (
                      <IconAction
                        label={t("markOne", { title: n.title })}
                        icon={<CheckDoubleIcon size={18} />}
                        loading={busyId === n.id && markRead.isPending}
                        onClick={() => readOne(n)}
                      />
                    )}
                    <IconAction
                      label={t("deleteOne", { title: n.title })}
                      icon={<TrashIcon size={18} />}
                      loading={busyId === n.id && remove.isPending}
                      onClick={() => deleteOne(n)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </ListPage>
  );
}
