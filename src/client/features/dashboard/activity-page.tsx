/**
 * /admin/activity (behind the dashboard's Recent Activity link): the audit log — who did what, and when — newest
 * first, paginated on the server and filterable by the kind of record; page and filter are in the URL.
 */

import { Link } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { admission } from "../../../shared/i18n/admission.ts";
import { config } from "../../../shared/i18n/config.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { gallery } from "../../../shared/i18n/gallery.ts";
import { help } from "../../../shared/i18n/help.ts";
import { programmes } from "../../../shared/i18n/programmes.ts";
import { reports } from "../../../shared/i18n/reports.ts";
import { roster } from "../../../shared/i18n/roster.ts";
import { useT } from "../../lib/i18n.tsx";
import { timeAgo } from "../../lib/time-ago.ts";
import { trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { useNow } from "../../lib/use-now.ts";
import { ActivityIcon } from "../../ui/admin-icons.tsx";
import { Badge } from "../../ui/badge.tsx";
import { formatDateTime } from "../../ui/list-controls.tsx";
import { ListPage, ListTable, listAnswer, listFilter, listTableWords, pageWords } from "../../ui/list-page.tsx";
import { ChevronLeftIcon } from "../../ui/more-icons.tsx";
import { PersonCell, type TableColumn } from "../../ui/table.tsx";
import {
  ACTIVITY_FILTER_VALUES,
  type ActivityEntry,
  activityFilterLabel,
  actorText,
  describeActivity,
  kindLabel,
} from "./activity-text.ts";

const TYPE_FILTER = { key: "type", values: ACTIVITY_FILTER_VALUES };

export default function AdminActivityPage() {
  const t = useT(reports);
  // the statuses, ticket statuses and gallery categories the sentences name
  useT(admin);
  useT(help);
  useT(gallery);
  useT(roster); // office roles in the staff sentences
  useT(programmes); // the programme form's field names
  useT(config); // the institute details' field names
  useT(admission); // an application's field and document names (office edits)
  useT(fees); // an instalment's name in the fee sentences ("BBA · Year 1 · Instalment 2")
  const now = useNow();
  // The log has no search: only the page, its size and the kind of entry are asked for.
  const { list, query } = usePagedList(trpc.dashboard.activity, ({ page, limit }, { filter }) => ({ page, limit, type: filter }), {
    filter: TYPE_FILTER,
  });

  const columns: TableColumn<ActivityEntry>[] = [
    {
      key: "when",
      header: t("log.col.when"),
      className: "ui-table__cell--nowrap",
      render: (e) => (
        <span className="ops-cell-stack">
          <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
          <span className="text-sm text-muted">{timeAgo(e.createdAt, now)}</span>
        </span>
      ),
    },
    {
      key: "who",
      header: t("log.col.who"),
      render: (e) => {
        const actor = actorText(e);
        return <PersonCell name={actor.name} email={actor.detail} />;
      },
    },
    { key: "what", header: t("log.col.what"), className: "ops-break", render: (e) => describeActivity(e) },
    {
      key: "kind",
      header: t("log.col.record"),
      render: (e) => <Badge tone="neutral">{kindLabel(e.entityType)}</Badge>,
    },
    {
      key: "ip",
      header: t("log.col.from"),
      className: "ui-table__cell--nowrap",
      render: (e) => <span className="text-sm text-muted">{e.ip ?? "—"}</span>,
    },
  ];

  return (
    <ListPage
      name="activity"
      back={
        <Link href="/dashboard" className="ops-link ops-back">
          <ChevronLeftIcon size={16} /> {t("log.back")}
        </Link>
      }
      {...pageWords(t, "log.")}
      list={list}
      filter={{ ...listFilter(TYPE_FILTER, t("log.show"), activityFilterLabel), showLabel: true }}
      {...listAnswer(query, { failed: t("log.failed"), failedTitle: t("log.failedTitle") })}
      noun={t("log.noun")}
    >
      <ListTable
        {...listTableWords(t, "log.")}
        columns={columns}
        rows={query.data?.activities ?? []}
        loading={query.isPending}
        icon={<ActivityIcon size={28} />}
      />
    </ListPage>
  );
}
