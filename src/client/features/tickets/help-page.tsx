/**
 * /admin/help — Help and Support (spec part 2): tabs Support Tickets, FAQs and Documentation, Analytics.
 * Tickets: four counters, a table searched, filtered and paginated on the server (DECISIONS 13), New
 * Ticket, and a details view with the conversation, a response box, status and assignment. FAQs and the
 * tab's analytics are shells (DECISIONS 6): honest empty states, and Add FAQ disabled with a note.
 * The tab, page, search and status filter live in the URL.
 */

import { keepPreviousData } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { PAGE_SIZE } from "../../../shared/constants.ts";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useKeepPageInRange, useListParams } from "../../lib/use-list-params.ts";
import { ActivityIcon, LifeBuoyIcon, ReplyIcon } from "../../ui/admin-icons.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { CheckCircleIcon, FileIcon } from "../../ui/icons.tsx";
import { formatDate, formatDateTime, IconAction } from "../../ui/list-controls.tsx";
import { ListBody, ListEmpty, PageFrame } from "../../ui/list-page.tsx";
import { BarChartIcon, EyeIcon, HelpCircleIcon, PlusIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { PersonCell, Table, type TableColumn } from "../../ui/table.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { useToast } from "../../ui/toast.tsx";
import { ComingSoonButton, EmptyTable, emptyColumns } from "../catalogue/coming-soon.tsx";
import { CreateTicketDialog } from "./create-ticket-dialog.tsx";
import { TicketDetailsDialog } from "./ticket-details-dialog.tsx";
import {
  categoryLabel,
  HELP_TEXT,
  priorityLabel,
  priorityToneOf,
  statusText,
  statusToneOf,
  TICKET_FILTERS,
  truncate,
} from "./ticket-text.ts";

type TicketRow = RouterOutputs["tickets"]["list"]["tickets"][number];
type StatusFilter = (typeof TICKET_FILTERS)[number]["value"];

const TABS = [
  { id: "tickets", label: "Support Tickets" },
  { id: "faqs", label: "FAQs and Documentation" },
  { id: "analytics", label: "Analytics" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const STATUS_FILTER = { key: "status", values: TICKET_FILTERS.map((f) => f.value) };

function parseTab(search: string): TabId {
  const raw = new URLSearchParams(search).get("tab");
  return TABS.some((t) => t.id === raw) ? (raw as TabId) : "tickets";
}

export default function AdminHelpPage() {
  usePageTitle("Help & Support");
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab = parseTab(search);
  const toast = useToast();
  const utils = trpc.useUtils();
  const [creating, setCreating] = useState(false);

  const selectTab = (id: string) => {
    // Each tab starts clean: the ticket list's page and filters belong to the tickets tab.
    navigate(id === "tickets" ? location : `${location}?tab=${id}`);
  };

  const refresh = () =>
    Promise.all([utils.tickets.list.invalidate(), utils.tickets.summary.invalidate(), utils.dashboard.stats.invalidate()]);

  return (
    <PageFrame
      name="help"
      className="ac-help"
      title="Help & Support"
      description="Support tickets from students and staff, and the help content they can read."
      actions={
        tab === "tickets" ? (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon size={18} /> New Ticket
          </Button>
        ) : (
          <ComingSoonButton hint="Coming soon: FAQs are not editable yet">
            <PlusIcon size={18} /> Add FAQ
          </ComingSoonButton>
        )
      }
    >
      <div>
        <Tabs idPrefix="help" label="Help and support sections" tabs={TABS} value={tab} onChange={selectTab} />
        <TabPanel idPrefix="help" id="tickets" value={tab}>
          <TicketsTab onNewTicket={() => setCreating(true)} onChanged={() => void refresh()} />
        </TabPanel>
        <TabPanel idPrefix="help" id="faqs" value={tab}>
          <FaqsTab />
        </TabPanel>
        <TabPanel idPrefix="help" id="analytics" value={tab}>
          <Card>
            <EmptyState
              icon={<BarChartIcon size={28} />}
              title={HELP_TEXT.analyticsSoon}
              description="Figures such as response times and tickets per category will appear here in a later update."
            />
          </Card>
        </TabPanel>
      </div>

      <CreateTicketDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(number) => {
          setCreating(false);
          toast.show(`${HELP_TEXT.created} (${number})`);
          void refresh();
        }}
      />
    </PageFrame>
  );
}

function TicketsTab({ onNewTicket, onChanged }: { onNewTicket: () => void; onChanged: () => void }) {
  const list = useListParams(STATUS_FILTER);
  const summary = trpc.tickets.summary.useQuery();
  const query = trpc.tickets.list.useQuery(
    { page: list.page, limit: PAGE_SIZE, search: list.search, status: list.filter as StatusFilter },
    { placeholderData: keepPreviousData },
  );
  useKeepPageInRange(list, query.data?.pagination.totalPages);
  const [openId, setOpenId] = useState<number | null>(null);
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
      header: "Ticket / Created",
      render: (t) => (
        <span className="ops-cell-stack">
          <span className="ac-mono ac-ticket-number">{t.ticketNumber}</span>
          <span className="text-sm text-muted nowrap">
            <span className="sr-only">Created </span>
            <time dateTime={t.createdAt} title={formatDateTime(t.createdAt)}>
              {formatDate(t.createdAt)}
            </time>
          </span>
        </span>
      ),
    },
    {
      key: "student",
      header: "Student",
      render: (t) => <PersonCell name={t.studentName} email={t.studentEmail} />,
    },
    {
      key: "subject",
      header: "Subject",
      className: "ac-ticket-subject-cell",
      render: (t) => (
        <span className="ops-cell-stack">
          <span className="ops-cell-strong">{t.subject}</span>
          <span className="text-sm text-muted" title={t.description.length > 60 ? t.description.slice(0, 300) : undefined}>
            {truncate(t.description)}
          </span>
        </span>
      ),
    },
    { key: "category", header: "Category", render: (t) => categoryLabel(t.category) },
    {
      key: "priority",
      header: "Priority",
      className: "ui-table__cell--nowrap",
      render: (t) => <Badge tone={priorityToneOf(t.priority)}>{priorityLabel(t.priority)}</Badge>,
    },
    {
      key: "status",
      header: "Status",
      className: "ui-table__cell--nowrap",
      render: (t) => <Badge tone={statusToneOf(t.status)}>{statusText(t.status)}</Badge>,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      label: "Actions",
      className: "ui-table__cell--actions",
      render: (t) => (
        <span className="ops-row-actions">
          <IconAction label={`View ticket ${t.ticketNumber}`} icon={<EyeIcon size={18} />} onClick={() => open(t.id, false)} />
          <IconAction label={`Add response to ${t.ticketNumber}`} icon={<ReplyIcon size={18} />} onClick={() => open(t.id, true)} />
        </span>
      ),
    },
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
        caption="Support tickets"
        captionHidden
        columns={columns}
        rows={query.isError ? [] : (query.data?.tickets ?? [])}
        rowKey={(t) => t.id}
        empty={
          <ListEmpty
            list={list}
            icon={<LifeBuoyIcon size={28} />}
            none={{
              title: HELP_TEXT.empty,
              description: HELP_TEXT.emptyDescription,
              action: (
                <Button variant="secondary" onClick={onNewTicket}>
                  <PlusIcon size={18} /> Create the first ticket
                </Button>
              ),
            }}
            noMatch={{ title: "No tickets match", description: "Try another search or status." }}
            showAll="Show all statuses"
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
            <StatCard label="Total Tickets" value={stat(stats?.total)} icon={<LifeBuoyIcon />} />
            <StatCard label="Open" value={stat(stats?.open)} icon={<HelpCircleIcon />} tone="pending" />
            <StatCard label="In Progress" value={stat(stats?.inProgress)} icon={<ActivityIcon />} tone="info" />
            <StatCard label="Resolved" value={stat(stats?.resolved)} icon={<CheckCircleIcon />} tone="approved" />
          </>
        }
        search={{ label: "Search tickets", placeholder: "Search by ticket number, name, e-mail, subject or description" }}
        filter={{ key: "status", label: "Status", options: TICKET_FILTERS }}
        failed={query.isError ? { message: HELP_TEXT.loadFailed, onRetry: () => void query.refetch() } : null}
        pagination={query.data?.pagination}
        noun="tickets"
      >
        <Card flush>{table}</Card>
      </ListBody>

      <TicketDetailsDialog ticketId={openId} focusResponse={focusResponse} onClose={() => setOpenId(null)} onChanged={onChanged} />
    </div>
  );
}

const FAQ_COLUMNS = emptyColumns([
  { key: "question", header: "Question" },
  { key: "answer", header: "Answer" },
  { key: "category", header: "Category" },
  { key: "views", header: "Views", className: "ui-table__cell--numeric" },
  { key: "updated", header: "Updated" },
]);

function FaqsTab() {
  return (
    <EmptyTable
      caption="Frequently asked questions"
      columns={FAQ_COLUMNS}
      icon={<FileIcon size={28} />}
      title={HELP_TEXT.noFaqs}
      description="Questions and answers for students will be written and published here in a later update."
    />
  );
}
