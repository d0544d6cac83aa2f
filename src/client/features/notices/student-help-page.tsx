/**
 * /student/help (issue 18): the student's own questions to the institute (support tickets, a page at a time
 * from the server, filtered by status), asking a new one (/student/help/new), one question's conversation
 * with the reply box (/student/help/<id>), and the published FAQs, searchable, each opening in place.
 */
import { Link } from "wouter";
import { TICKET_STATUSES } from "../../../shared/constants.ts";
import { help } from "../../../shared/i18n/help.ts";
import { notices } from "../../../shared/i18n/notices.ts";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { SubPages } from "../../lib/sub-pages.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select } from "../../ui/field.tsx";
import { QueryBody } from "../../ui/load-error.tsx";
import { HelpCircleIcon } from "../../ui/more-icons.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { HelpFaqs } from "./help-faqs.tsx";
import { NewTicketPage } from "./help-ticket-form.tsx";
import { TicketThread } from "./help-ticket-thread.tsx";

type MyTicket = RouterOutputs["tickets"]["mine"]["tickets"][number];

const STATUS_FILTER = { key: "status", values: ["all", ...TICKET_STATUSES] as const };
type StatusFilter = (typeof STATUS_FILTER.values)[number];

export default function StudentHelpPage() {
  return (
    <SubPages
      pages={{
        "/": () => <HelpHome />,
        "/new": () => <NewTicketPage />,
        "/:id": (params) => <TicketThread id={/^[1-9]\d{0,11}$/.test(params.id) ? Number(params.id) : null} />,
      }}
    />
  );
}

function HelpHome() {
  const t = useT(notices);
  return (
    <div className="page-stack help-page">
      <StudentPageHeader
        title={t("help.title")}
        lead={t("help.lead")}
        actions={
          <Link href="/new" className={buttonClass("primary")}>
            {t("help.ask")}
          </Link>
        }
      />
      <MyTickets />
      <HelpFaqs />
    </div>
  );
}

function MyTickets() {
  const t = useT(notices);
  const tHelp = useT(help);
  // A student's own questions have no search: only the page, its size and the status are asked for.
  const { list, query } = usePagedList(
    trpc.tickets.mine,
    ({ page, limit }, { filter }) => ({ page, limit, status: filter as StatusFilter }),
    { filter: STATUS_FILTER },
  );
  const stats = query.data?.stats;
  const countOf = (status: StatusFilter) =>
    !stats
      ? null
      : status === "all"
        ? stats.total
        : { open: stats.open, in_progress: stats.inProgress, resolved: stats.resolved, closed: stats.closed }[status];
  const options = STATUS_FILTER.values.map((value) => {
    const label = value === "all" ? t("help.filter.all") : tHelp(`status.${value}`);
    const n = countOf(value);
    return { value, label: n === null ? label : `${label} (${formatNumber(n)})` };
  });
  const tickets = query.data?.tickets ?? [];
  const filtered = list.filter !== "all";

  return (
    <section className="ui-card help-tickets" aria-labelledby="help-tickets-title">
      <div className="ui-card__body stack">
        <div className="cluster cluster--between">
          <h2 id="help-tickets-title" className="help-section-title">
            {t("help.mine")}
          </h2>
          {stats && stats.total > 0 ? (
            <Select
              id="help-status"
              label={t("help.filter")}
              fieldClassName="help-tickets__filter"
              options={options}
              value={list.filter}
              onChange={(e) => list.setFilter(e.target.value)}
            />
          ) : null}
        </div>
        <QueryBody
          query={query}
          failed={t("help.loadFailed")}
          lines={4}
          empty={
            tickets.length === 0 &&
            (filtered ? (
              <EmptyState
                icon={<HelpCircleIcon size={28} />}
                title={t("help.noMatch")}
                action={
                  <Button variant="secondary" onClick={() => list.setFilter("all")}>
                    {t("help.showAll")}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<HelpCircleIcon size={28} />}
                title={t("help.none")}
                description={t("help.none.text")}
                action={
                  <Link href="/new" className={buttonClass("secondary")}>
                    {t("help.ask")}
                  </Link>
                }
              />
            ))
          }
        >
          <ul className="help-ticket-list list-plain" aria-label={t("help.mine")} aria-busy={query.isFetching && query.isPlaceholderData}>
            {tickets.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        </QueryBody>
        <Pagination page={list.page} totalPages={query.data?.pagination.totalPages ?? 0} onChange={list.setPage} />
        <p className="text-sm text-muted help-email-note">{t("help.emailNote")}</p>
      </div>
    </section>
  );
}

function TicketRow({ ticket }: { ticket: MyTicket }) {
  const t = useT(notices);
  const tHelp = useT(help);
  return (
    <li className="help-ticket-row cluster cluster--between cluster--top">
      <div className="help-ticket-row__main">
        <Link href={`/${ticket.id}`} className="help-ticket-row__subject">
          {ticket.subject}
        </Link>
        <span className="text-sm text-muted">
          {ticket.ticketNumber} · {tHelp(`category.${ticket.category}`)} ·{" "}
          <time dateTime={ticket.updatedAt}>{t("help.updated", { date: formatDate(ticket.updatedAt) })}</time>
        </span>
      </div>
      <Badge tone={statusTone(ticket.status)}>{tHelp(`status.${ticket.status}`)}</Badge>
    </li>
  );
}
