/**
 * Settings → Notifications: the six alert switches (saved with Save Settings) and Recent Notifications —
 * the admin's real, latest notifications (the spec kept them local; here mark read, delete and Mark all
 * as read change them for good, as on the Notifications screen).
 */

import { useState } from "react";
import { Link } from "wouter";
import { timeAgo } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { cx } from "../../ui/cx.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { BellIcon } from "../../ui/icons.tsx";
import { failureMessage, formatDateTime, IconAction } from "../../ui/list-controls.tsx";
import { CheckIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { typeLabel } from "../notifications/labels.ts";
import { useRefreshNotifications } from "../notifications/use-unread-count.ts";
import { ToggleList } from "./section-fields.tsx";
import type { SettingsForms } from "./settings-form.ts";

type Notifications = SettingsForms["notifications"];

const TOGGLES: { key: keyof Notifications; label: string; description: string }[] = [
  {
    key: "emailNotifications",
    label: "Email notifications",
    description: "Also e-mail the alerts below, and new contact inquiries, to the admin e-mail address in General.",
  },
  { key: "admissionAlerts", label: "Admission alerts", description: "Be told about every new application." },
  {
    key: "systemAlerts",
    label: "System alerts",
    description: "Be told about failed backups, undelivered e-mails and other system events.",
  },
];

export const RECENT_NOTIFICATIONS_LIMIT = 10;

export const NOTIFICATION_TEXT = {
  emptyTitle: "No notifications found",
  emptyDescription: "You're all caught up!",
  actionFailed: "We could not update your notifications. Please try again.",
  loadFailed: "We could not load your notifications.",
} as const;

export function NotificationsSection({ value, onChange }: { value: Notifications; onChange: (patch: Partial<Notifications>) => void }) {
  return (
    <div className="stack stack--lg">
      <fieldset className="ac-settings-fieldset">
        <legend>Alerts</legend>
        <p className="text-sm text-muted ac-settings-note">
          Admission alerts and system alerts decide which of those events appear under the bell for every administrator; security, contact
          and support events always do. Delivery by e-mail, SMS, push and the weekly report is still being connected: those choices are
          stored and will apply then.
        </p>
        <ToggleList idOf={(key) => `settings-notifications-${key}`} toggles={TOGGLES} value={value} onChange={onChange} />
      </fieldset>
      <RecentNotifications />
    </div>
  );
}

const TYPE_TONES = {
  admission: "info",
  contact: "pending",
  security: "rejected",
  support: "accent",
  system: "neutral",
  course: "approved",
} as const;

export function RecentNotifications() {
  const list = trpc.notifications.list.useQuery({ page: 1, limit: RECENT_NOTIFICATIONS_LIMIT });
  const refresh = useRefreshNotifications();
  const markRead = trpc.notifications.markRead.useMutation();
  const markAll = trpc.notifications.markAllRead.useMutation();
  const remove = trpc.notifications.remove.useMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (id: number | null, action: () => Promise<unknown>) => {
    setBusyId(id);
    setError(null);
    try {
      await action();
      await refresh();
    } catch (err) {
      setError(failureMessage(err, NOTIFICATION_TEXT.actionFailed));
    } finally {
      setBusyId(null);
    }
  };

  const items = list.data?.notifications ?? [];
  const unread = list.data?.counts.unread ?? 0;

  return (
    <section className="ac-settings-fieldset" aria-labelledby="settings-recent-title">
      <div className="ac-recent__header">
        <h3 id="settings-recent-title" className="ac-settings-fieldset__title">
          Recent Notifications
        </h3>
        <div className="cluster cluster--sm">
          {unread > 0 ? (
            <Button size="sm" variant="secondary" loading={markAll.isPending} onClick={() => void run(null, () => markAll.mutateAsync())}>
              <CheckIcon size={16} /> Mark all as read
            </Button>
          ) : null}
          <Link href="/notifications" className="ops-link">
            View all
          </Link>
        </div>
      </div>
      {error ? (
        <Alert tone="error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {list.isPending ? (
        <div className="stack stack--sm" aria-busy="true">
          <Skeleton lines={3} />
          <span className="sr-only" role="status">
            Loading notifications
          </span>
        </div>
      ) : list.isError ? (
        <Alert tone="error">
          <p>{NOTIFICATION_TEXT.loadFailed}</p>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState icon={<BellIcon size={28} />} title={NOTIFICATION_TEXT.emptyTitle} description={NOTIFICATION_TEXT.emptyDescription} />
      ) : (
        <ul className="ac-recent" aria-label="Recent notifications">
          {items.map((n) => (
            <li key={n.id} className={cx("ac-recent__item", !n.read && "is-unread")}>
              <div className="ac-recent__text">
                <p className="ac-recent__title">
                  <Badge tone={TYPE_TONES[n.type as keyof typeof TYPE_TONES] ?? "neutral"}>{typeLabel(n.type)}</Badge>
                  <span className="ops-cell-strong">{n.title}</span>
                  {!n.read ? <span className="sr-only">(unread)</span> : null}
                </p>
                <p className="ac-recent__message">{n.message}</p>
                <p className="text-sm text-muted">
                  <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                    {timeAgo(n.createdAt)}
                  </time>
                </p>
              </div>
              <span className="ops-row-actions">
                {!n.read ? (
                  <IconAction
                    label={`Mark "${n.title}" as read`}
                    icon={<CheckIcon size={18} />}
                    loading={busyId === n.id && markRead.isPending}
                    onClick={() => void run(n.id, () => markRead.mutateAsync({ id: n.id }))}
                  />
                ) : null}
                <IconAction
                  label={`Delete "${n.title}"`}
                  icon={<TrashIcon size={18} />}
                  loading={busyId === n.id && remove.isPending}
                  onClick={() => void run(n.id, () => remove.mutateAsync({ id: n.id }))}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
