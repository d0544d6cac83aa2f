/**
 * Settings → Notifications: the six alert switches (saved with Save Settings) and Recent Notifications —
 * the admin's real, latest notifications (the spec kept them local; here mark read, delete and Mark all
 * as read change them for good, as on the Notifications screen).
 */

import { useState } from "react";
import { Link } from "wouter";
import { alerts } from "../../../shared/i18n/alerts.ts";
import { config } from "../../../shared/i18n/config.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { cx } from "../../ui/cx.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { BellIcon } from "../../ui/icons.tsx";
import { failureMessage, IconAction } from "../../ui/list-controls.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { Moment } from "../../ui/moment.tsx";
import { CheckIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { typeLabel } from "../notifications/labels.ts";
import { useRefreshNotifications } from "../notifications/use-unread-count.ts";
import { SettingsPanel, ToggleList } from "./section-fields.tsx";
import type { SettingsForms } from "./settings-form.ts";

type Notifications = SettingsForms["notifications"];

const TOGGLES = ["emailNotifications", "admissionAlerts", "systemAlerts"] as const satisfies readonly (keyof Notifications)[];

export const RECENT_NOTIFICATIONS_LIMIT = 10;

export function NotificationsSection({ value, onChange }: { value: Notifications; onChange: (patch: Partial<Notifications>) => void }) {
  const t = useT(config);
  return (
    <div className="stack stack--lg">
      <fieldset className="ac-settings-fieldset">
        <legend>{t("alerts.legend")}</legend>
        <p className="text-sm text-muted ac-settings-note">{t("alerts.note")}</p>
        <ToggleList
          idOf={(key) => `settings-notifications-${key}`}
          toggles={TOGGLES.map((key) => ({ key, label: t(`alerts.${key}`), description: t(`alerts.${key}.text`) }))}
          value={value}
          onChange={onChange}
        />
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
  payment: "approved",
} as const;

export function RecentNotifications() {
  const t = useT(config);
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
      setError(failureMessage(err, t("recent.actionFailed")));
    } finally {
      setBusyId(null);
    }
  };

  const items = list.data?.notifications ?? [];
  const unread = list.data?.counts.unread ?? 0;

  return (
    <SettingsPanel
      id="settings-recent-title"
      title={t("recent.title")}
      actions={
        <div className="cluster cluster--sm">
          {unread > 0 ? (
            <Button size="sm" variant="secondary" loading={markAll.isPending} onClick={() => void run(null, () => markAll.mutateAsync())}>
              <CheckIcon size={16} /> {alerts.t("markAll")}
            </Button>
          ) : null}
          <Link href="/notifications" className="ops-link">
            {t("recent.viewAll")}
          </Link>
        </div>
      }
      error={error}
      onDismissError={() => setError(null)}
    >
      {list.isPending ? (
        <div className="stack stack--sm" aria-busy="true">
          <Skeleton lines={3} />
          <span className="sr-only" role="status">
            {t("recent.loading")}
          </span>
        </div>
      ) : list.isError ? (
        <ListLoadError message={t("recent.loadFailed")} retryLabel={config.t("tryAgain")} query={list} />
      ) : items.length === 0 ? (
        <EmptyState icon={<BellIcon size={28} />} title={alerts.t("none.title")} description={alerts.t("none.text")} />
      ) : (
        <ul className="ac-recent list-plain" aria-label={t("recent.title")}>
          {items.map((n) => (
            <li key={n.id} className={cx("ac-recent__item", !n.read && "is-unread")}>
              <div className="ac-recent__text">
                <p className="ac-recent__title cluster cluster--sm">
                  <Badge tone={TYPE_TONES[n.type as keyof typeof TYPE_TONES] ?? "neutral"}>{typeLabel(n.type)}</Badge>
                  <span className="ops-cell-strong">{n.title}</span>
                  {!n.read ? <span className="sr-only">{t("recent.unread")}</span> : null}
                </p>
                <p className="ac-recent__message">{n.message}</p>
                <p className="text-sm text-muted">
                  <Moment time={n.createdAt} show="ago" />
                </p>
              </div>
              <span className="ops-row-actions">
                {!n.read ? (
                  <IconAction
                    label={alerts.t("markOne", { title: n.title })}
                    icon={<CheckIcon size={18} />}
                    loading={busyId === n.id && markRead.isPending}
                    onClick={() => void run(n.id, () => markRead.mutateAsync({ id: n.id }))}
                  />
                ) : null}
                <IconAction
                  label={alerts.t("deleteOne", { title: n.title })}
                  icon={<TrashIcon size={18} />}
                  loading={busyId === n.id && remove.isPending}
                  onClick={() => void run(n.id, () => remove.mutateAsync({ id: n.id }))}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </SettingsPanel>
  );
}
