/**
 * /student/notifications (issue 18's notification bell, first step): what the institute has told the
 * student — ticket replies, notices, reminders — newest first, a page at a time from the server, refreshed
 * every 30 seconds while the tab is shown; unread ones stand out and are marked read one by one or all at
 * once (the top bar's badge follows at once). One about something with a page of its own (a ticket, a receipt,
 * Courses, Exams, the library) offers it as "Open", which also marks it read. Its second tab is the notice
 * board (notice-board.tsx).
 */
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { NOTIFICATION_POLL_MS } from "../../../shared/constants.ts";
import { student } from "../../../shared/i18n/student.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { useAddressWithQuery } from "../../lib/use-list-params.ts";
import { useNow } from "../../lib/use-now.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { focusList, useFocusStaysInItems } from "../../ui/focus-stays.ts";
import { BellIcon } from "../../ui/icons.tsx";
import { LinkedText } from "../../ui/linked-text.tsx";
import { RowActionLabel } from "../../ui/list-controls.tsx";
import { QueryBody } from "../../ui/load-error.tsx";
import { Moment } from "../../ui/moment.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useRefreshNotifications, useUnreadCount } from "../notifications/use-unread-count.ts";
import { NoticeBoard } from "./notice-board.tsx";

const PAGE = 10;

export default function StudentNotificationsPage() {
  const t = useT(student);
  const now = useNow();
  const toast = useToast();
  const refresh = useRefreshNotifications();
  const [page, setPage] = useState(1);
  // ?tab=board: the notice board (stop 53), what the institute published for the student, whenever they joined.
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const tab = new URLSearchParams(useSearch()).get("tab") === "board" ? "board" : "all";
  const query = trpc.notifications.list.useQuery(
    { page, limit: PAGE, search: "", type: "all" },
    // Read while its tab is shown: the notice board's tab asks for nothing every 30 s.
    {
      placeholderData: keepPreviousData,
      refetchInterval: NOTIFICATION_POLL_MS,
      refetchIntervalInBackground: false,
      enabled: tab === "all",
    },
  );
  const unread = useUnreadCount().data?.count ?? 0;
  const markRead = trpc.notifications.markRead.useMutation();
  const markAll = trpc.notifications.markAllRead.useMutation();
  const failed = (err: unknown) => toast.failed(err, t("notif.failed"));
  const items = query.data?.notifications ?? [];
  // Mark as read takes its button away: the focus goes to the card's Open, or to the list (ui/focus-stays.ts).
  const focus = useFocusStaysInItems<HTMLUListElement>(":scope > li", items);

  return (
    <div className="page-stack student-notifications">
      <StudentPageHeader
        title={t("notif.title")}
        lead={t("notif.lead")}
        actions={
          tab === "all" && unread > 0 ? (
            <Button
              variant="secondary"
              loading={markAll.isPending}
              onClick={(event) => {
                const button = event.currentTarget;
                markAll.mutate(undefined, {
                  onSuccess: () => {
                    focusList(focus.ref.current, button);
                    void refresh();
                  },
                  onError: failed,
                });
              }}
            >
              {t("notif.markAll")}
            </Button>
          ) : null
        }
      />

      <Tabs
        idPrefix="notif"
        label={t("notif.tabs")}
        tabs={[
          { id: "all", label: t("notif.tab.all") },
          { id: "board", label: t("notif.tab.board") },
        ]}
        value={tab}
        onChange={(id) => navigate(address(id === "board" ? "tab=board" : ""))}
      />
      <TabPanel idPrefix="notif" id="board" value={tab}>
        <NoticeBoard />
      </TabPanel>
      <TabPanel idPrefix="notif" id="all" value={tab} className="stack stack--md">
        <QueryBody
          query={query}
          failed={t("notif.loadFailed")}
          lines={6}
          empty={items.length === 0 && <EmptyState icon={<BellIcon size={28} />} title={t("notif.title")} description={t("notif.none")} />}
        >
          <ul className="student-notifications__list list-plain" aria-label={t("notif.list")} {...focus}>
            {items.map((n) => (
              <li key={n.id} className={n.read ? "ui-card student-notice" : "ui-card student-notice is-unread"}>
                <div className="ui-card__body stack stack--sm">
                  <div className="cluster cluster--between cluster--sm">
                    <h2 className="student-notice__title">{n.title}</h2>
                    {n.read ? null : <Badge tone="info">{t("notif.unread")}</Badge>}
                  </div>
                  <p className="student-notice__message">
                    <LinkedText text={n.message} />
                  </p>
                  <div className="cluster cluster--between cluster--sm">
                    <Moment className="text-sm text-muted" time={n.createdAt} show="ago" now={now} />
                    <div className="cluster cluster--sm">
                      {n.read ? null : (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => markRead.mutate({ id: n.id }, { onSuccess: () => void refresh(), onError: failed })}
                        >
                          <RowActionLabel label={t("notif.markRead")} spoken={t("notif.markReadOf", { title: n.title })} />
                        </Button>
                      )}
                      {/* What it is about (a ticket, a receipt, Courses, Exams): opening it reads it. */}
                      {n.link ? (
                        <Link
                          href={`~${n.link}`}
                          className={buttonClass("secondary", "sm")}
                          onClick={() => {
                            if (!n.read) markRead.mutate({ id: n.id }, { onSuccess: () => void refresh() });
                          }}
                        >
                          <RowActionLabel label={t("notif.open")} spoken={t("notif.openOf", { title: n.title })} />
                        </Link>
                      ) : null}
                    </div>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </QueryBody>
        <Pagination page={page} totalPages={query.data?.pagination.totalPages ?? 0} onChange={setPage} />
      </TabPanel>
    </div>
  );
}
