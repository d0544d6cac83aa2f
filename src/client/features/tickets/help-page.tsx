/**
 * /admin/help — Help and Support (spec part 2): tabs Support Tickets, FAQs and Documentation, Analytics.
 * Tickets: four counters, a table searched, filtered and paginated on the server (DECISIONS 13), New
 * Ticket, and a details view with the conversation, a response box, status and assignment. FAQs: the
 * published questions students read (written under Site content, issue 17; administrators get a link there).
 * The tab's analytics stay a shell (DECISIONS 6, the spec's "Analytics Coming Soon").
 * The tab, page, search and status filter live in the URL; ?open=<id> opens a ticket (lib/linked-record.ts).
 */

import { type ReactNode, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { help } from "../../../shared/i18n/help.ts";
import { useT } from "../../lib/i18n.tsx";
import { useRecordInAddress } from "../../lib/linked-record.ts";
import { isAdministrator } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useAddressWithQuery, usePagedList } from "../../lib/use-list-params.ts";
import { ActivityIcon, LifeBuoyIcon, ReplyIcon } from "../../ui/admin-icons.tsx";
import { Badge, priorityTone, statusTone } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { CheckCircleIcon, FileIcon } from "../../ui/icons.tsx";
import { IconAction } from "../../ui/list-controls.tsx";
import { CardTable, ListBody, ListEmpty, listAnswer, listFilter, listWords, PageFrame, pageWords } from "../../ui/list-page.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { Moment } from "../../ui/moment.tsx";
import { BarChartIcon, EyeIcon, HelpCircleIcon, PlusIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { actionsColumn, PersonCell, Table, type TableColumn } from "../../ui/table.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { useToast } from "../../ui/toast.tsx";
import { CreateTicketDialog } from "./create-ticket-dialog.tsx";
import { TicketDetailsDialog } from "./ticket-details-dialog.tsx";
import { categoryLabel, HELP_TEXT, priorityLabel, statusText, TICKET_FILTER_VALUES, ticketFilterLabel, truncate } from "./ticket-text.ts";

type TicketRow = RouterOutputs["tickets"]["list"]["tickets"][number];
type StatusFilter = (typeof TICKET_FILTER_VALUES)[number];

const TAB_IDS = ["tickets", "faqs", "analytics"] as const;
type TabId = (typeof TAB_IDS)[number];

const STATUS_FILTER = { key: "status", values: TICKET_FILTER_VALUES };

function parseTab(search: string): TabId {
  const raw = new URLSearchParams(search).get("tab");
  return TAB_IDS.some((id) => id === raw) ? (raw as TabId) : "tickets";
}

export default function AdminHelpPage() {
  const t = useT(help);
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const tab = parseTab(search);
  const administrator = isAdministrator(useSession().user?.role);
  const toast = useToast();
  const utils = trpc.useUtils();
  const [creating, setCreating] = useState(false);

  const selectTab = (id: string) => {
    // Each tab starts clean: the ticket list's page and filters belong to the tickets tab.
    navigate(address(id === "tickets" ? "" : `tab=${id}`));
  };

  const refresh = () =>
    Promise.all([utils.tickets.list.invalidate(), utils.tickets.summary.invalidate(), utils.dashboard.stats.invalidate()]);

  return (
    <PageFrame
      name="help"
      className="ac-help"
      {...pageWords(t, "")}
      actions={
        tab === "tickets" ? (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon size={18} /> {t("newTicket")}
          </Button>
        ) : tab === "faqs" && administrator ? (
          <Link href="/content?tab=faqs" className={buttonClass()}>
            <PlusIcon size={18} /> {t("addFaq")}
          </Link>
        ) : null
      }
    >
      <div>
        <Tabs
          idPrefix="help"
          label={t("tabs")}
          tabs={TAB_IDS.map((id) => ({ id, label: t(`tab.${id}`) }))}
          value={tab}
          onChange={selectTab}
        />
        <TabPanel idPrefix="help" id="tickets" value={tab}>
          <TicketsTab onNewTicket={() => setCreating(true)} onChanged={() => void refresh()} />
        </TabPanel>
        <TabPanel idPrefix="help" id="faqs" value={tab}>
          <FaqsTab administrator={administrator} />
        </TabPanel>
        <TabPanel idPrefix="help" id="analytics" value={tab}>
          <Card>
            <EmptyState icon={<BarChartIcon size={28} />} title={HELP_TEXT.analyticsSoon} description={t("analyticsSoon.text")} />
          </Card>
        </TabPanel>
      </div>

      {creating ? (
        <CreateTicketDialog
          onClose={() => setCreating(false)}
          onCreated={(number) => {
            setCreating(false);
            toast.show(t("created", { number }));
            void refresh();
          }}
        />
      ) : null}
    </PageFrame>
  );
}

function TicketsTab({ onNewTicket, onChanged }: { onNewTicket: () => void; onChanged: () => void }) {
  const t = useT(help);
  const summary = trpc.tickets.summary.useQuery();
  const { list, query } = usePagedList(trpc.tickets.list, (page, { filter }) => ({ ...page, status: filter as StatusFilter }), {
    filter: STATUS_FILTER,
  });
  // The ticket open is the one the address names: a notification's "Open the ticket" (/admin/help?open=12)
  // opens it, and so does a click on its row, which Back undoes.
  const [openId, setOpenId, closeTicket] = useRecordInAddress();
  const [focusResponse, setFocusResponse] = useState(false);

  const open = (id: number, respond: boolean) => {
    setFocusResponse(respond);
    setOpenId(id);
  };

  // A failed summary shows zeros (spec part 2 §8), the list's own counters when they are there.
  const stats = summary.data ?? query.data?.stats ?? (summary.isError ? { total: 0, open: 0, inProgress: 0, resolved: 0 } : undefined);
  const stat = (n: number | undefined) => (stats ? n : <Skeleton width="3ch" />);

  const columns: TableColumn<TicketRow>[] = [
    {
      key: "number",
      header: t("col.number"),
      render: (row) => (
        <span className="ops-cell-stack">
          <span className="ac-mono ac-ticket-number">{row.ticketNumber}</span>
          <span className="text-sm text-muted nowrap">
            <span className="sr-only">{t("col.created")}</span>
            <Moment time={row.createdAt} show="day" />
          </span>
        </span>
      ),
    },
    {
      key: "student",
      header: t("col.student"),
      render: (row) => <PersonCell name={row.studentName} email={row.studentEmail} />,
    },
    {
      key: "subject",
      header: t("col.subject"),
      className: "ops-text-cell ac-ticket-subject-cell",
      render: (row) => (
        <span className="ops-cell-stack">
          <span className="ops-cell-strong">{row.subject}</span>
          <span className="text-sm text-muted" title={row.description.length > 60 ? row.description.slice(0, 300) : undefined}>
            {truncate(row.description)}
          </span>
        </span>
      ),
    },
    { key: "category", header: t("col.category"), render: (row) => categoryLabel(row.category) },
    {
      key: "priority",
      header: t("col.priority"),
      className: "ui-table__cell--nowrap",
      render: (row) => <Badge tone={priorityTone(row.priority)}>{priorityLabel(row.priority)}</Badge>,
    },
    {
      key: "status",
      header: t("col.status"),
      className: "ui-table__cell--nowrap",
      render: (row) => (
        <span className="cluster cluster--sm">
          <Badge tone={statusTone(row.status)}>{statusText(row.status)}</Badge>
          {/* The person who raised it wrote after the office's answer: theirs to answer again (walk 17). */}
          {row.lastReplyBy === "author" && (row.status === "open" || row.status === "in_progress") ? (
            <Badge tone="info">{t("newReply")}</Badge>
          ) : null}
        </span>
      ),
    },
    actionsColumn((row) => (
      <span className="ops-row-actions">
        <IconAction label={t("view", { number: row.ticketNumber })} icon={<EyeIcon size={18} />} onClick={() => open(row.id, false)} />
        <IconAction
          label={t("respondTo", { number: row.ticketNumber })}
          icon={<ReplyIcon size={18} />}
          onClick={() => open(row.id, true)}
        />
      </span>
    )),
  ];

  let table: ReactNode;
  if (query.isPending) {
    table = (
      <div className="ac-loading-line" role="status">
        <span className="ui-spinner ui-spinner--sm" aria-hidden="true" />
        <span>{HELP_TEXT.loading}</span>
      </div>
    );
  } else {
    table = (
      <Table
        caption={t("caption")}
        captionHidden
        columns={columns}
        rows={query.data?.tickets ?? []}
        empty={
          <ListEmpty
            icon={<LifeBuoyIcon size={28} />}
            none={{ title: HELP_TEXT.empty, description: t("empty.text") }}
            action={
              <Button variant="secondary" onClick={onNewTicket}>
                <PlusIcon size={18} /> {t("firstTicket")}
              </Button>
            }
            noMatch={{ title: t("noMatch.title"), description: t("noMatch.text") }}
            showAll={t("showAll")}
          />
        }
      />
    );
  }

  return (
    <div className="stack stack--lg">
      <ListBody
        name="tickets"
        list={list}
        stats={
          <>
            <StatCard label={t("stat.total")} value={stat(stats?.total)} icon={<LifeBuoyIcon />} />
            <StatCard label={t("stat.open")} value={stat(stats?.open)} icon={<HelpCircleIcon />} tone="pending" />
            <StatCard label={t("stat.inProgress")} value={stat(stats?.inProgress)} icon={<ActivityIcon />} tone="info" />
            <StatCard label={t("stat.resolved")} value={stat(stats?.resolved)} icon={<CheckCircleIcon />} tone="approved" />
          </>
        }
        {...listWords(t, "")}
        filter={listFilter(STATUS_FILTER, t("filter"), ticketFilterLabel)}
        {...listAnswer(query, { failed: HELP_TEXT.loadFailed })}
      >
        <Card flush>{table}</Card>
      </ListBody>

      <TicketDetailsDialog ticketId={openId} focusResponse={focusResponse} onClose={closeTicket} onChanged={onChanged} />
    </div>
  );
}

type Faq = RouterOutputs["content"]["publicFaqs"]["faqs"][number];

/** The published FAQs, as students read them; the office writes them under Site content → FAQs. */
function FaqsTab({ administrator }: { administrator: boolean }) {
  const t = useT(help);
  const query = trpc.content.publicFaqs.useQuery(undefined, { staleTime: 60_000 });
  const columns: TableColumn<Faq>[] = [
    // ac-faq-cell: what the office wrote, in its own language
    { key: "question", header: t("faq.question"), className: "ops-text-cell ac-faq-cell", render: (f) => <strong>{f.question}</strong> },
    { key: "answer", header: t("faq.answer"), className: "ops-text-cell ac-faq-cell", render: (f) => truncate(f.answer, 140) },
    { key: "category", header: t("faq.category"), className: "ac-faq-cell", render: (f) => f.category ?? t("faq.general") },
  ];
  return (
    <div className="stack">
      <p className="text-muted">{t("faq.lead")}</p>
      {query.isError ? (
        <ListLoadError message={t("faq.failed")} query={query} />
      ) : (
        <CardTable
          caption={t("faq.caption")}
          columns={columns}
          rows={query.data?.faqs ?? []}
          loading={query.isPending}
          empty={
            <EmptyState
              icon={<FileIcon size={28} />}
              title={t("faq.none")}
              description={t("faq.none.text")}
              action={
                administrator ? (
                  <Link href="/content?tab=faqs" className={buttonClass("secondary")}>
                    {t("faq.edit")}
                  </Link>
                ) : undefined
              }
            />
          }
        />
      )}
    </div>
  );
}
