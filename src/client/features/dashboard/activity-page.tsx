/**
 * /admin/activity (behind the dashboard's View All): the audit log — who did what, and when — newest
 * first, paginated on the server and filterable by the kind of record; page and filter are in the URL.
 */

import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "wouter";
import { PAGE_SIZE } from "../../../shared/constants.ts";
import { timeAgo } from "../../lib/format.ts";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { useKeepPageInRange, useListParams } from "../../lib/use-list-params.ts";
import { useNow } from "../../lib/use-now.ts";
import { ActivityIcon } from "../../ui/admin-icons.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Card } from "../../ui/card.tsx";
import { formatDateTime } from "../../ui/list-controls.tsx";
import { ListEmpty, ListPage } from "../../ui/list-page.tsx";
import { ChevronLeftIcon } from "../../ui/more-icons.tsx";
import { PersonCell, Table, type TableColumn } from "../../ui/table.tsx";
import { ACTIVITY_FILTERS, type ActivityEntry, actorText, describeActivity } from "./activity-text.ts";

const TYPE_FILTER = { key: "type", values: ACTIVITY_FILTERS.map((f) => f.value) };
/** The record's short name in its badge (the filter says "Accounts and sign-in"; the badge "Account"). */
const KIND_LABELS: Record<string, string> = Object.fromEntries(ACTIVITY_FILTERS.map((f) => [f.value, f.badge]));
const kindLabel = (type: string | null) => (type ? (KIND_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1)) : "Other");

export default function AdminActivityPage() {
  usePageTitle("Activity Log");
  const now = useNow();
  const list = useListParams(TYPE_FILTER);
  const query = trpc.dashboard.activity.useQuery(
    { page: list.page, limit: PAGE_SIZE, type: list.filter },
    { placeholderData: keepPreviousData },
  );
  useKeepPageInRange(list, query.data?.pagination.totalPages);

  const columns: TableColumn<ActivityEntry>[] = [
    {
      key: "when",
      header: "When",
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
      header: "Who",
      render: (e) => {
        const actor = actorText(e);
        return <PersonCell name={actor.name} email={actor.detail} />;
      },
    },
    { key: "what", header: "What", className: "ops-break", render: (e) => describeActivity(e) },
    {
      key: "kind",
      header: "Record",
      render: (e) => <Badge tone="neutral">{kindLabel(e.entityType)}</Badge>,
    },
    {
      key: "ip",
      header: "From",
      className: "ui-table__cell--nowrap",
      render: (e) => <span className="text-sm text-muted">{e.ip ?? "—"}</span>,
    },
  ];

  return (
    <ListPage
      name="activity"
      back={
        <Link href="/dashboard" className="ops-link ops-back">
          <ChevronLeftIcon size={16} /> Dashboard
        </Link>
      }
      title="Activity Log"
      description="Who did what, and when: every change made in the admin area and to accounts, newest first."
      list={list}
      filter={{ key: "type", label: "Show", options: ACTIVITY_FILTERS, showLabel: true }}
      failed={
        query.isError && !query.data
          ? {
              title: "Activity not loaded",
              message: "We could not load the activity log. Please check your internet connection and try again.",
              onRetry: () => void query.refetch(),
            }
          : null
      }
      pagination={query.data?.pagination}
      noun="entries"
    >
      <Card flush>
        <Table
          caption="Activity log"
          captionHidden
          className="ops-table"
          columns={columns}
          rows={query.data?.activities ?? []}
          rowKey={(e) => e.id}
          loading={query.isPending}
          empty={
            <ListEmpty
              list={list}
              icon={<ActivityIcon size={28} />}
              none={{
                title: "No activity recorded yet",
                description: "Changes to admissions, students, inquiries and settings will be listed here.",
              }}
              noMatch={{ title: "No activity of this kind yet", description: "Choose “All activity” to see everything that was recorded." }}
              showAll="Show all activity"
            />
          }
        />
      </Card>
    </ListPage>
  );
}
