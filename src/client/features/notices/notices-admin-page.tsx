/**
 * /admin/notices (issue 18, the office): notices and events for students — publish one to every student or
 * to one programme's (they are notified at once, by e-mail too if asked), and the list, searched, filtered
 * (notices / events / upcoming events) and paginated by the server. Administrators may delete one, which
 * also withdraws its notifications from the students' lists.
 */
import { useState } from "react";
import { notices } from "../../../shared/i18n/notices.ts";
import { NOTICE_FILTERS, type NoticeFilter } from "../../../shared/schemas/notices.ts";
import { formatDate, formatDateTime, formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { eventTime, wallClock } from "../../lib/institute-clock.ts";
import { isAdministrator } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Badge, priorityTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { StatCard } from "../../ui/card.tsx";
import { BellIcon, CalendarIcon } from "../../ui/icons.tsx";
import { ConfirmDialog, RowActionLabel } from "../../ui/list-controls.tsx";
import { ListPage, ListTable, listAnswer, listFilter, listTableWords, listWords } from "../../ui/list-page.tsx";
import { PlusIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { actionsColumn, type TableColumn } from "../../ui/table.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { useSaved } from "../../ui/use-saved.ts";
import { NoticeFormDialog } from "./notice-form-dialog.tsx";

type OfficeNotice = RouterOutputs["notices"]["list"]["notices"][number];

const FILTER = { key: "show", values: NOTICE_FILTERS };

/** The body's first words in the table. */
const excerpt = (text: string, max = 90) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
};

export default function NoticesAdminPage() {
  const t = useT(notices);
  const utils = trpc.useUtils();
  const canDelete = isAdministrator(useSession().user?.role);
  const { list, query } = usePagedList(trpc.notices.list, (page, { filter }) => ({ ...page, filter: filter as NoticeFilter }), {
    filter: FILTER,
  });
  const [publishing, setPublishing] = useState<number | null>(null);
  const remove = trpc.notices.remove.useMutation();

  const refresh = () => utils.notices.list.invalidate();
  const saved = useSaved(refresh);
  const deleting = useConfirmed<OfficeNotice>(
    (n, { done, failed }) => remove.mutate({ id: n.id }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    { reload: refresh, failed: t("admin.failed.delete") },
  );
  const counts = query.data?.counts;
  // A figure waits for the list; if the list cannot load, it says so instead of waiting for ever.
  const figure = (n: number | undefined) => (n !== undefined ? formatNumber(n) : query.isError ? "—" : <Skeleton width="3ch" />);

  const columns: TableColumn<OfficeNotice>[] = [
    {
      key: "notice",
      header: t("admin.col.notice"),
      className: "notices-cell-main",
      render: (n) => (
        <div className="notices-cell-stack">
          <span className="notices-cell-title cluster cluster--sm">
            <Badge tone={n.kind === "event" ? "accent" : "neutral"}>{t(`kind.${n.kind}`)}</Badge> <strong>{n.title}</strong>
          </span>
          <span className="text-sm text-muted">{excerpt(n.body)}</span>
        </div>
      ),
    },
    {
      key: "audience",
      header: t("admin.col.audience"),
      render: (n) => (
        <div className="notices-cell-stack">
          <span>{n.programmeName ?? t("admin.everyone")}</span>
          <span className="text-sm text-muted">
            {t("admin.notified", { count: n.recipients })}
            {/* Nobody notified is nobody e-mailed (walk 19a: "0 students notified · e-mailed too"). */}
            {n.emailed && n.recipients > 0 ? ` · ${t("admin.emailed")}` : ""}
          </span>
        </div>
      ),
    },
    {
      key: "when",
      header: t("admin.col.when"),
      render: (n) =>
        n.kind === "event" && n.eventDate ? (
          <div className="notices-cell-stack">
            <span className="nowrap">
              {formatDate(n.eventDate)}
              {n.eventTime ? `, ${eventTime(n.eventDate, n.eventTime)}` : ""}
            </span>
            {n.venue ? <span className="text-sm text-muted">{n.venue}</span> : null}
            {n.upcoming ? null : (
              <span>
                <Badge tone="neutral">{t("admin.past")}</Badge>
              </span>
            )}
          </div>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      key: "priority",
      header: t("admin.col.priority"),
      className: "ui-table__cell--nowrap",
      render: (n) => <Badge tone={priorityTone(n.priority)}>{t(`priority.${n.priority}`)}</Badge>,
    },
    {
      key: "published",
      header: t("admin.col.published"),
      render: (n) => (
        <div className="notices-cell-stack">
          <time className="nowrap" dateTime={n.publishedAt}>
            {formatDateTime(wallClock(n.publishedLocal))}
          </time>
          {n.publishedBy ? <span className="text-sm text-muted">{t("admin.by", { name: n.publishedBy })}</span> : null}
        </div>
      ),
    },
  ];
  if (canDelete) {
    columns.push(
      actionsColumn((n) => (
        <Button size="sm" variant="ghost" onClick={() => deleting.ask(n)}>
          <TrashIcon size={16} />
          <RowActionLabel label={t("admin.delete")} spoken={t("admin.deleteOf", { title: n.title })} />
        </Button>
      )),
    );
  }

  const publishButton = (
    <Button onClick={() => setPublishing(Date.now())}>
      <PlusIcon size={18} /> {t("admin.publish")}
    </Button>
  );

  return (
    <ListPage
      name="notices"
      className="notices-admin"
      title={t("title")}
      description={t("admin.lead")}
      actions={publishButton}
      stats={
        <>
          <StatCard label={t("admin.stat.notices")} value={figure(counts?.notices)} icon={<BellIcon />} />
          <StatCard label={t("admin.stat.events")} value={figure(counts?.events)} icon={<CalendarIcon />} tone="accent" />
          <StatCard label={t("admin.stat.upcoming")} value={figure(counts?.upcoming)} icon={<CalendarIcon />} tone="info" />
        </>
      }
      list={list}
      {...listWords(t, "admin.")}
      filter={listFilter(FILTER, t("admin.filter"), (value) => t(`filter.${value}`))}
      {...listAnswer(query, { failed: t("admin.failed.load") })}
      after={
        <>
          {publishing !== null ? (
            <NoticeFormDialog key={publishing} open onClose={() => setPublishing(null)} onPublished={saved(() => setPublishing(null))} />
          ) : null}
          <ConfirmDialog
            {...deleting.dialog}
            title={deleting.row ? t("admin.deleteTitle", { title: deleting.row.title }) : ""}
            confirmLabel={t("admin.delete")}
            busyLabel={t("admin.deleting")}
            busy={remove.isPending}
          >
            <p>{deleting.row ? t("admin.deleteText", { count: deleting.row.recipients }) : null}</p>
            <p>{t("admin.deleteEmails")}</p>
          </ConfirmDialog>
        </>
      }
    >
      <ListTable
        {...listTableWords(t, "admin.")}
        columns={columns}
        rows={query.data?.notices ?? []}
        loading={query.isPending}
        icon={<BellIcon size={28} />}
        action={publishButton}
      />
    </ListPage>
  );
}
