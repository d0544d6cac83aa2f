/** The dashboard's Recent Activity: up to 3 latest applications and 2 latest inquiries, newest first. */
import { Link } from "wouter";
import { admin, statusName } from "../../../shared/i18n/admin.ts";
import { useT } from "../../lib/i18n.tsx";
import { linkedRecord } from "../../lib/linked-record.ts";
import { canSeePage } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { ArrowRightIcon } from "../../ui/admin-icons.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Card } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { FileIcon, MailIcon } from "../../ui/icons.tsx";
import { Moment } from "../../ui/moment.tsx";
import { Skeleton } from "../../ui/spinner.tsx";

type Entry = RouterOutputs["dashboard"]["stats"]["recentActivity"][number];

export function RecentActivity({ entries, loading, now }: { entries: readonly Entry[]; loading: boolean; now: Date }) {
  const t = useT(admin);
  // The whole activity log is the administrators' (issue 17).
  const allowed = canSeePage(useSession().user?.role, "activity");
  return (
    <Card
      title={t("recent.title")}
      actions={
        allowed ? (
          <Link href="/activity" className="ops-link">
            {t("recent.viewAll")} <ArrowRightIcon size={16} />
          </Link>
        ) : null
      }
    >
      {loading ? (
        <div aria-hidden="true" className="stack">
          <Skeleton lines={2} />
          <Skeleton lines={2} />
          <Skeleton lines={2} />
        </div>
      ) : entries.length === 0 ? (
        <EmptyState title={t("recent.empty")} description={t("recent.emptyText")} />
      ) : (
        <ul className="ops-activity list-plain">
          {entries.slice(0, 5).map((e) => (
            <li key={`${e.type}-${e.id}`} className="ops-activity__item">
              <span className={`icon-tile icon-tile--round ops-activity__icon ops-activity__icon--${e.type}`} aria-hidden="true">
                {e.type === "admission" ? <FileIcon size={18} /> : <MailIcon size={18} />}
              </span>
              <div className="ops-activity__text">
                <Link href={linkedRecord(e.type === "admission" ? "/admissions" : "/contacts", e.id)} className="ops-activity__title">
                  {e.title}
                </Link>
                <p className="ops-activity__description">{e.description}</p>
              </div>
              <div className="ops-activity__meta cluster cluster--sm">
                <Badge tone={statusTone(e.status)}>{statusName(e.status)}</Badge>
                <Moment time={e.time} show="ago" now={now} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
