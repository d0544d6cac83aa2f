/**
 * /admin/library (issue 18, office): the library's catalogue — printed books and e-resources, searched,
 * filtered (kind, category, availability, archived) and paginated by the server; add, edit, archive; lend a
 * book — and, at /admin/library/loans, the loans (out, overdue, returned) with Return. The counters above
 * both come from the server.
 */
import { useState } from "react";
import { Link, Route, Switch, useLocation, useRoute } from "wouter";
import { library } from "../../../shared/i18n/library.ts";
import { AVAILABILITY_FILTERS, ITEM_STATUSES, KIND_FILTERS } from "../../../shared/schemas/library.ts";
import { formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { useAddressWithQuery, usePagedList, useQueryParam } from "../../lib/use-list-params.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { StatCard } from "../../ui/card.tsx";
import { AlertIcon, CheckCircleIcon, UsersIcon } from "../../ui/icons.tsx";
import { RowActionLabel, rowActionButtons } from "../../ui/list-controls.tsx";
import {
  ListBody,
  ListTable,
  listAnswer,
  listFilter,
  listTableWords,
  listWords,
  PageFrame,
  pageWords,
  StatRow,
  ToolbarFilter,
} from "../../ui/list-page.tsx";
import { BookIcon, PlusIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, StackedCell, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useDownload } from "../../ui/use-download.ts";
import { useSaved } from "../../ui/use-saved.ts";
import { IssueDialog, ItemDialog, type OfficeItem } from "./item-dialog.tsx";
import { LoansView } from "./loans-view.tsx";

const KIND_FILTER = { key: "kind", values: KIND_FILTERS };

type Dialog =
  | { kind: "book" | "eresource"; item: OfficeItem | null; key: number }
  | { kind: "issue"; item: OfficeItem; key: number }
  | null;

export default function LibraryAdminPage() {
  const t = useT(library);
  const utils = trpc.useUtils();
  const overview = trpc.library.overview.useQuery();
  const [onLoans] = useRoute("/loans");
  const [dialog, setDialog] = useState<Dialog>(null);
  const counts = overview.data?.counts;
  const figure = (n: number | undefined) => (n === undefined ? "—" : formatNumber(n));

  const saved = useSaved(() => utils.library.invalidate())(() => setDialog(null));

  return (
    <PageFrame
      name="library"
      className="library-admin"
      {...pageWords(t, "admin.")}
      actions={
        <>
          <Button variant="secondary" onClick={() => setDialog({ kind: "eresource", item: null, key: Date.now() })}>
            <PlusIcon size={18} /> {t("admin.addEresource")}
          </Button>
          <Button onClick={() => setDialog({ kind: "book", item: null, key: Date.now() })}>
            <PlusIcon size={18} /> {t("admin.addBook")}
          </Button>
        </>
      }
    >
      <StatRow>
        <StatCard label={t("admin.count.titles")} value={figure(counts?.titles)} icon={<BookIcon />} />
        <StatCard label={t("admin.count.available")} value={figure(counts?.copiesAvailable)} icon={<CheckCircleIcon />} tone="approved" />
        <StatCard label={t("admin.count.onLoan")} value={figure(counts?.onLoan)} icon={<UsersIcon />} tone="info" />
        <StatCard label={t("admin.count.overdue")} value={figure(counts?.overdue)} icon={<AlertIcon />} tone="rejected" />
      </StatRow>

      <nav className="library-tabs" aria-label={t("admin.sections")}>
        <Link href="~/admin/library" className="library-tabs__link" aria-current={onLoans ? undefined : "page"}>
          {t("admin.tab.catalogue")}
        </Link>
        <Link href="/loans" className="library-tabs__link" aria-current={onLoans ? "page" : undefined}>
          {t("admin.tab.loans")}
        </Link>
      </nav>

      <Switch>
        <Route path="/loans">
          <LoansView />
        </Route>
        <Route>
          <CatalogueView
            onEdit={(item) => setDialog({ kind: item.kind, item, key: Date.now() })}
            onIssue={(item) => setDialog({ kind: "issue", item, key: Date.now() })}
            onAdd={(kind) => setDialog({ kind, item: null, key: Date.now() })}
            categories={overview.data?.categories ?? []}
          />
        </Route>
      </Switch>

      {dialog?.kind === "issue" ? (
        <IssueDialog key={dialog.key} book={dialog.item} overview={overview.data} onClose={() => setDialog(null)} onIssued={saved} />
      ) : dialog ? (
        <ItemDialog
          key={dialog.key}
          kind={dialog.kind}
          item={dialog.item}
          overview={overview.data}
          onClose={() => {
            setDialog(null);
            // A PDF replaced inside the dialog is saved already.
            void utils.library.items.invalidate();
          }}
          onSaved={saved}
        />
      ) : null}
    </PageFrame>
  );
}

function CatalogueView({
  onEdit,
  onIssue,
  onAdd,
  categories,
}: {
  onEdit: (item: OfficeItem) => void;
  onIssue: (item: OfficeItem) => void;
  onAdd: (kind: "book" | "eresource") => void;
  categories: readonly string[];
}) {
  const t = useT(library);
  const toast = useToast();
  const utils = trpc.useUtils();
  const [category, setCategory] = useQueryParam("category");
  const [availability, setAvailability] = useQueryParam("availability", AVAILABILITY_FILTERS);
  const [status, setStatus] = useQueryParam("status", ITEM_STATUSES);
  const { list, query } = usePagedList(
    trpc.library.items,
    (page, { filter }) => ({
      ...page,
      kind: filter as (typeof KIND_FILTERS)[number],
      category,
      availability: availability as (typeof AVAILABILITY_FILTERS)[number],
      status: status as (typeof ITEM_STATUSES)[number],
    }),
    { filter: KIND_FILTER },
  );
  const archive = trpc.library.setArchived.useMutation();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  /** Every filter back to its default at once (the search stays). */
  const clearFilters = () => navigate(address(list.search ? String(new URLSearchParams({ search: list.search })) : ""));
  const filtered = {
    ...list,
    filter: [list.filter, category, availability, status].some((f) => f && f !== "all" && f !== "active") ? "x" : "all",
  };

  const toggleArchived = (item: OfficeItem) =>
    archive.mutate(
      { id: item.id, archived: !item.archived },
      {
        onSuccess: (answer) => {
          toast.show(answer.message);
          void utils.library.invalidate();
        },
        onError: (err) => toast.failed(err, t("admin.failed.save")),
      },
    );

  const pdf = useDownload({ failed: t("admin.failed.download"), done: (file) => t("said.downloaded", { file }) });
  const download = (item: OfficeItem) => pdf.download(item.url!, item.fileName ?? `${item.title}.pdf`);

  const action = rowActionButtons<OfficeItem>((label, item) => t("admin.for", { action: label, title: item.title }), archive.isPending);

  const columns: TableColumn<OfficeItem>[] = [
    {
      key: "title",
      header: t("admin.col.title"),
      render: (item) => <StackedCell strong main={item.title} notes={[item.author, item.isbn ? t("isbnOf", { isbn: item.isbn }) : null]} />,
    },
    {
      key: "kind",
      header: t("admin.col.kind"),
      render: (item) => (
        <StackedCell
          main={
            <Badge tone={item.kind === "book" ? "info" : "accent"}>
              {item.kind === "book" ? t("kind.book") : t(item.source === "link" ? "kind.link" : "kind.pdf")}
            </Badge>
          }
          notes={[item.category]}
        />
      ),
    },
    {
      key: "copies",
      header: t("admin.col.copies"),
      render: (item) =>
        item.kind === "book" ? (
          <StackedCell
            main={t("copiesOnShelf", { count: item.available ?? 0, copies: item.copies ?? 0 })}
            notes={[item.shelf ? t("shelfOf", { shelf: item.shelf }) : null]}
          />
        ) : (
          <span className="text-sm">{item.programmeName ?? t("admin.everyStudent")}</span>
        ),
    },
    actionsColumn((item) => (
      <span className="ops-row-buttons">
        {item.kind === "book" && !item.archived && (item.available ?? 0) > 0 ? action(t("admin.issue"), item, () => onIssue(item)) : null}
        {item.source === "file" ? action(t("download"), item, () => void download(item)) : null}
        {item.source === "link" && item.url ? (
          <a className={buttonClass("secondary", "sm")} href={item.url} target="_blank" rel="noopener noreferrer">
            <RowActionLabel label={t("open")} spoken={t("admin.for", { action: t("open"), title: item.title })} />
          </a>
        ) : null}
        {action(t("admin.edit"), item, () => onEdit(item))}
        {action(item.archived ? t("admin.restore") : t("admin.archive"), item, () => toggleArchived(item), "ghost")}
      </span>
    )),
  ];

  return (
    <ListBody
      name="library"
      list={list}
      {...listWords(t, "admin.")}
      filter={listFilter(KIND_FILTER, t("admin.filter.kind"), (value) => t(`filter.kind.${value}`))}
      toolbarExtra={
        <>
          <ToolbarFilter
            id="library-category"
            label={t("admin.filter.category")}
            value={category}
            onChange={setCategory}
            options={[
              { value: "", label: t("admin.allCategories") },
              ...[...new Set([...categories, ...(category ? [category] : [])])].map((c) => ({ value: c, label: c })),
            ]}
          />
          <ToolbarFilter
            id="library-availability"
            label={t("admin.filter.availability")}
            value={availability}
            onChange={setAvailability}
            options={AVAILABILITY_FILTERS.map((value) => ({ value, label: t(`filter.availability.${value}`) }))}
          />
          <ToolbarFilter
            id="library-status"
            label={t("admin.filter.status")}
            value={status}
            onChange={setStatus}
            options={ITEM_STATUSES.map((value) => ({ value, label: t(`filter.status.${value}`) }))}
          />
        </>
      }
      {...listAnswer(query, { failed: t("admin.failed.load"), found: (count) => t("admin.found", { count }) })}
    >
      <ListTable
        {...listTableWords(t, "admin.")}
        className="library-table"
        columns={columns}
        rows={query.data?.items ?? []}
        loading={query.isPending}
        list={{
          ...filtered,
          setSearch: list.setSearch,
          setFilter: clearFilters,
        }}
        icon={<BookIcon size={28} />}
        action={
          <Button onClick={() => onAdd("book")}>
            <PlusIcon size={18} /> {t("admin.addBook")}
          </Button>
        }
      />
    </ListBody>
  );
}
