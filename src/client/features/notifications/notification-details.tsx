/** One notification in full: its message, type and priority, when it arrived, and its free key/value details. */
import { Link } from "wouter";
import { alerts } from "../../../shared/i18n/alerts.ts";
import { help } from "../../../shared/i18n/help.ts";
import { useT } from "../../lib/i18n.tsx";
import { richText } from "../../lib/rich-text.tsx";
import { timeAgo } from "../../lib/time-ago.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { DetailsFact, DetailsSection } from "../../ui/details-section.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { formatDateTime } from "../../ui/list-controls.tsx";
import { TrashIcon } from "../../ui/more-icons.tsx";
import { areaOf, detailLabel, detailValue, priorityLabel, priorityTone, typeLabel } from "./labels.ts";

export type NotificationItem = RouterOutputs["notifications"]["list"]["notifications"][number];

export function NotificationDetails({
  notification,
  now,
  deleting,
  onDelete,
  onClose,
}: {
  notification: NotificationItem | null;
  now: Date;
  deleting: boolean;
  onDelete: (n: NotificationItem) => void;
  onClose: () => void;
}) {
  const t = useT(alerts);
  useT(help); // a ticket's category, priority and status (labels.ts: detailValue)
  const n = notification;
  const details = n ? visibleDetails(n.data) : [];
  const area = n ? areaOf(n) : null;
  return (
    <Dialog
      open={n !== null}
      onClose={onClose}
      title={n?.title ?? ""}
      size="md"
      footer={
        n ? (
          <>
            <Button variant="ghost" className="ops-footer-start" loading={deleting} onClick={() => onDelete(n)}>
              <TrashIcon size={18} /> {t("det.delete")}
            </Button>
            {area ? (
              <Link href={area.href} className={buttonClass("secondary")}>
                {area.label}
              </Link>
            ) : null}
            <Button onClick={onClose}>{t("det.close")}</Button>
          </>
        ) : null
      }
    >
      {n ? (
        <div className="stack">
          <div className="cluster cluster--sm">
            <Badge tone={priorityTone(n.priority)}>{priorityLabel(n.priority)}</Badge>
            <Badge tone="info">{typeLabel(n.type)}</Badge>
            <Badge tone={n.read ? "neutral" : "accent"}>{n.read ? t("det.read") : t("det.unread")}</Badge>
          </div>
          <p className="ops-prose">{n.message}</p>
          <p className="text-sm text-muted">
            {richText(t("det.received", { ago: timeAgo(n.createdAt, now).toLowerCase() }), {
              time: <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>,
            })}
            {n.readAt ? richText(t("det.readAt"), { time: <time dateTime={n.readAt}>{formatDateTime(n.readAt)}</time> }) : null}
          </p>
          {details.length > 0 ? (
            <DetailsSection id="notification-details-heading" title={t("det.details")}>
              <dl className="ops-details">
                {details.map(([key, value]) => (
                  <DetailsFact key={key} label={detailLabel(key)}>
                    {detailValue(key, value)}
                  </DetailsFact>
                ))}
              </dl>
            </DetailsSection>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * The details worth reading: internal record numbers (`admissionId: 12`) mean nothing on their own and
 * are left out; everything else is shown as it came.
 */
export function visibleDetails(data: Record<string, unknown>): [string, unknown][] {
  return Object.entries(data).filter(([key, value]) => !(/Id$/.test(key) && typeof value === "number"));
}
