/**
 * The notice board (stop 53; docs/studies/notices.md "The notice board"): the notices and events the institute
 * published for every student or the student's programme, read from the notices themselves, so a student who
 * joined after one was published finds it as well. A notice stays 90 days, an event until its day; newest first,
 * five a page.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { student } from "../../../shared/i18n/student.ts";
import { NOTICE_BOARD_DAYS } from "../../../shared/schemas/notices.ts";
import { useT } from "../../lib/i18n.tsx";
import { eventTime } from "../../lib/institute-clock.ts";
import { trpc } from "../../lib/trpc.ts";
import { useNow } from "../../lib/use-now.ts";
import { Badge } from "../../ui/badge.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { CalendarIcon } from "../../ui/icons.tsx";
import { LinkedText } from "../../ui/linked-text.tsx";
import { QueryBody } from "../../ui/load-error.tsx";
import { Moment } from "../../ui/moment.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { formatDate } from "./format.ts";

const PAGE = 5;

export function NoticeBoard() {
  const t = useT(student);
  const now = useNow();
  const [page, setPage] = useState(1);
  const query = trpc.notices.board.useQuery({ page, limit: PAGE }, { placeholderData: keepPreviousData });
  const items = query.data?.notices ?? [];
  return (
    <div className="stack stack--md">
      <p className="text-muted">{t("board.lead", { days: NOTICE_BOARD_DAYS })}</p>
      <QueryBody
        query={query}
        failed={t("board.loadFailed")}
        lines={4}
        empty={
          items.length === 0 && <EmptyState icon={<CalendarIcon size={28} />} title={t("board.empty")} description={t("board.emptyText")} />
        }
      >
        <ul className="student-notifications__list list-plain" aria-label={t("board.list")}>
          {items.map((n) => (
            <li key={n.id} className="ui-card student-notice">
              <div className="ui-card__body stack stack--sm">
                <div className="cluster cluster--between cluster--sm">
                  <h2 className="student-notice__title">{n.title}</h2>
                  <div className="cluster cluster--sm">
                    {n.kind === "event" ? <Badge tone="info">{t("board.event")}</Badge> : null}
                    {n.forProgramme ? <Badge tone="neutral">{t("board.forProgramme")}</Badge> : null}
                  </div>
                </div>
                {n.kind === "event" && n.eventDate ? (
                  <p className="student-notice__when">
                    <time dateTime={n.eventDate}>{formatDate(n.eventDate)}</time>
                    {n.eventTime ? ` · ${eventTime(n.eventDate, n.eventTime)}` : ""}
                    {n.venue ? ` · ${n.venue}` : ""}
                  </p>
                ) : null}
                <p className="student-notice__message">
                  <LinkedText text={n.body} />
                </p>
                <Moment className="text-sm text-muted" time={n.publishedAt} show="ago" now={now} />
              </div>
            </li>
          ))}
        </ul>
      </QueryBody>
      <Pagination page={page} totalPages={query.data?.pagination.totalPages ?? 0} onChange={setPage} />
    </div>
  );
}
