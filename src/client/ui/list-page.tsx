/**
 * The one scaffold of the admin's list screens (students, inquiries, notifications, tickets, gallery,
 * activity): a page header, the figures, a search box and one filter kept in the URL (lib/use-list-params),
 * the load failure with a retry, the list itself, and "Showing 11–20 of 45" with the pages under it.
 * Each screen passes its words and its list body (usually a {@link ListTable}); the parts are also exported for a
 * list inside a tab.
 */
import { createContext, type ReactNode, useContext } from "react";
import { admin } from "../../shared/i18n/admin.ts";
import { listCsvName, listCsvUrl } from "../lib/download.ts";
import { useT } from "../lib/i18n.tsx";
import { usePageTitle } from "../lib/site.ts";
import type { ListParamsApi } from "../lib/use-list-params.ts";
import { Button } from "./button.tsx";
import { Card } from "./card.tsx";
import { cx } from "./cx.ts";
import { EmptyState } from "./empty-state.tsx";
import { Select } from "./field.tsx";
import { ListSearch, rangeText } from "./list-controls.tsx";
import { ListLoadError, NoticeInView } from "./load-error.tsx";
import { DownloadIcon } from "./more-icons.tsx";
import { Pagination } from "./pagination.tsx";
import { type RowKeyProps, Table, type TableBaseProps, type TableProps } from "./table.tsx";
import { useDownload } from "./use-download.ts";

export interface ListPagination {
  currentPage: number;
  limit: number;
  totalItems: number;
  totalPages: number;
}

export interface ListBodyProps {
  /** the ids' stem: "students" gives students-search, students-<filter> */
  name: string;
  list: ListParamsApi;
  /** the stat cards above the toolbar */
  stats?: ReactNode;
  search?: { label: string; placeholder: string };
  filter?: {
    /** the id's end and the label ("status" → students-status) */
    key: string;
    label: string;
    options: readonly { value: string; label: string }[];
    /** the label shows beside the select (else it is for screen readers only) */
    showLabel?: boolean;
  };
  /** between the figures and the toolbar (e.g. the gallery's drop zone) */
  beforeToolbar?: ReactNode;
  /** more controls at the toolbar's end (e.g. a grid/list switch) */
  toolbarExtra?: ReactNode;
  /**
   * what screen readers hear once the list has answered ("12 items found"; "" while it loads); without it,
   * the range line ("Showing 1–10 of 45 students", "No students")
   */
  found?: string;
  /** the list could not load: what to say and how to try again */
  failed?: { title?: string; message: string; onRetry: () => void } | null;
  /** the server's page of the list, once it has answered */
  pagination?: ListPagination;
  /** what the rows are, for "Showing 1–10 of 45 students" */
  noun: string;
  children: ReactNode;
}

/** The words of a list's search box and range line, each named under one prefix of the page's catalogue. */
export type ListWordKey = "search" | "searchPlaceholder" | "noun";

/**
 * A {@link ListBody}'s search box and range words read from the page's catalogue by the one layout of the list
 * screens: `listWords(t, "team.")` reads team.search, team.searchPlaceholder and team.noun; a catalogue without
 * one of them does not typecheck.
 */
export function listWords<P extends string>(t: (key: `${P}${ListWordKey}`) => string, prefix: P): Pick<ListBodyProps, "search" | "noun"> {
  return { search: { label: t(`${prefix}search`), placeholder: t(`${prefix}searchPlaceholder`) }, noun: t(`${prefix}noun`) };
}

/**
 * A {@link ListBody}'s filter from the list's own (the key and values `usePagedList` keeps in the URL), each
 * value named by `optionLabel`: the toolbar offers exactly the values the URL accepts.
 */
export function listFilter<V extends string>(
  filter: { key: string; values: readonly V[] },
  label: string,
  optionLabel: (value: V) => string,
): NonNullable<ListBodyProps["filter"]> {
  return { key: filter.key, label, options: filter.values.map((value) => ({ value, label: optionLabel(value) })) };
}

/** What a list's paged query is for {@link listAnswer}: the tRPC query of a list procedure. */
export interface ListQuery {
  isError: boolean;
  data?: { pagination: ListPagination };
  refetch: () => unknown;
}

/** The words a list body says of its query's answer. */
export interface ListAnswerWords {
  /** the list could not load: what to say, and the notice's heading */
  failed: string;
  failedTitle?: string;
  /** what screen readers hear once the list has answered ("12 items found"); without it they hear nothing */
  found?: (count: number) => string;
}

/**
 * ListBody's answer from a list's paged query: the range and the pages from the server's page; "N found" once
 * it has answered ("" while it loads); and the failure with a retry, only when it failed with nothing to show
 * (a failed refetch keeps the rows on screen).
 */
export function listAnswer(query: ListQuery, words: ListAnswerWords): Pick<ListBodyProps, "failed" | "pagination" | "found"> {
  const pagination = query.data?.pagination;
  return {
    pagination,
    found: words.found ? (pagination ? words.found(pagination.totalItems) : "") : undefined,
    failed: query.isError && !query.data ? { title: words.failedTitle, message: words.failed, onRetry: () => void query.refetch() } : null,
  };
}

type EmptyListApi = Pick<ListParamsApi, "search" | "filter" | "defaultFilter" | "setSearch" | "setFilter">;

/** The list of the {@link ListBody} around: its empty state reads the search and filter from it. */
const ListOfPage = createContext<EmptyListApi | null>(null);

/** Everything of a list screen under its header (a tab's list uses it alone). */
export function ListBody(props: ListBodyProps) {
  const { name, list, stats, search, filter, beforeToolbar, toolbarExtra, found, failed, pagination, noun, children } = props;
  // The range line ("Showing 1–10 of 45 …") is the admin catalogue's: load it in the reader's language even
  // on a screen that uses no other admin words (issue 18's studies pages), and show it once it is there.
  useT(admin);
  const range = pagination ? rangeText(pagination.currentPage, pagination.limit, pagination.totalItems, noun) : "";
  return (
    <>
      {stats ? <StatRow>{stats}</StatRow> : null}
      {beforeToolbar}
      {search || filter || toolbarExtra ? (
        <div className="ops-toolbar cluster cluster--bottom">
          {search ? (
            <ListSearch
              id={`${name}-search`}
              label={search.label}
              placeholder={search.placeholder}
              value={list.search}
              onSearch={list.setSearch}
            />
          ) : null}
          {filter ? (
            <ToolbarFilter
              id={`${name}-${filter.key}`}
              label={filter.label}
              showLabel={filter.showLabel}
              options={filter.options}
              value={list.filter}
              onChange={list.setFilter}
            />
          ) : null}
          {toolbarExtra}
        </div>
      ) : null}
      {failed ? <ListLoadError title={failed.title} message={failed.message} onRetry={failed.onRetry} /> : null}
      {/* Every list says what a search, a filter or a page brought (thirteenth walk: 13 lists said nothing). */}
      <p className="sr-only" role="status" aria-live="polite">
        {found ?? range}
      </p>
      <ListOfPage.Provider value={list}>{children}</ListOfPage.Provider>
      {pagination && pagination.totalItems > 0 ? (
        <div className="ops-list-footer cluster cluster--between">
          <p className="text-sm text-muted">{range}</p>
          <Pagination page={list.page} totalPages={pagination.totalPages} onChange={list.setPage} announce={false} />
        </div>
      ) : null}
    </>
  );
}

export interface ListExportButtonProps {
  list: Pick<ListParamsApi, "search" | "filter">;
  /** where the server builds the file ("/api/admin/students/export.csv") */
  path: string;
  /** the file's name when the server gives none: "students" saves students-2026-11-26.csv */
  name: string;
  /** the toast when the export is refused */
  failed: string;
  /** the toast once the file is saved, naming it */
  done: (file: string) => string;
  /** the button's word ("Export CSV") */
  children: ReactNode;
  /** the list's other filters, by their query keys (blank ones are left out) */
  more?: Readonly<Record<string, string>>;
}

/** A list's "Export CSV" in its page's header: the file of the list's current search and filters, the button busy meanwhile. */
export function ListExportButton({ list, path, name, failed, done, children, more }: ListExportButtonProps) {
  const csv = useDownload({ failed, done, accept: "text/csv" });
  const exportCsv = () => csv.download(listCsvUrl(path, { search: list.search, status: list.filter }, more), listCsvName(name));
  return (
    <Button variant="secondary" loading={csv.busy !== null} onClick={() => void exportCsv()}>
      <DownloadIcon size={18} /> {children}
    </Button>
  );
}

export interface ToolbarFilterProps {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** the label shows beside the select (else it is for screen readers only) */
  showLabel?: boolean;
}

/** A select in a list's toolbar (ListBody's filter, or more of them in its toolbarExtra). */
export function ToolbarFilter({ id, label, options, value, onChange, showLabel }: ToolbarFilterProps) {
  return (
    <Select
      id={id}
      label={label}
      hideLabel={!showLabel}
      fieldClassName={showLabel ? "ops-toolbar__filter ops-toolbar__filter--labelled" : "ops-toolbar__filter"}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export interface PageFrameProps {
  /** the ids' stem: the heading is `${name}-title` */
  name: string;
  /** the heading, and the tab's title ("Students – Institute name") */
  title: string;
  description: ReactNode;
  /** the page's buttons, beside the title: given side by side (a fragment), the frame sets them in one row */
  actions?: ReactNode;
  /** a link above the title (back to where the page is reached from) */
  back?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The heading's words of the page's catalogue: the title and the lead. */
export type PageWordKey = "title" | "lead";

/**
 * A {@link PageFrame}'s title and description read from the page's catalogue, as {@link listWords} reads a
 * list's: `pageWords(t, "team.")` reads team.title and team.lead.
 */
export function pageWords<P extends string>(
  t: (key: `${P}${PageWordKey}`) => string,
  prefix: P,
): Pick<PageFrameProps, "title" | "description"> {
  return { title: t(`${prefix}title`), description: t(`${prefix}lead`) };
}

/**
 * An admin screen's frame: the section named by its heading, the header with the title and words, and the
 * page's buttons beside them in one row with a small gap (wrapping on phones). The heading is the tab's title
 * too, so the two cannot tell different stories.
 */
export function PageFrame({ name, title, description, actions, back, className, children }: PageFrameProps) {
  usePageTitle(title);
  const titleId = `${name}-title`;
  return (
    <section className={className ? `ops-page ${className}` : "ops-page"} aria-labelledby={titleId}>
      <header className="page-header">
        <div>
          {back}
          <h1 id={titleId}>{title}</h1>
          <p>{description}</p>
        </div>
        {actions ? <div className="cluster cluster--sm">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

export interface ListPageProps extends ListBodyProps, Omit<PageFrameProps, "children"> {
  /** dialogs and notices of the page, after the list */
  after?: ReactNode;
  /** a notice between the header and the figures (e.g. "Student added"), brought into view as it appears */
  notice?: ReactNode;
  /** tells one notice from the next (a new key is brought into view again) */
  noticeKey?: string | number;
}

/** A whole list screen: {@link PageFrame} around {@link ListBody}. */
export function ListPage({ title, description, actions, back, className, after, notice, noticeKey, ...body }: ListPageProps) {
  return (
    <PageFrame name={body.name} title={title} description={description} actions={actions} back={back} className={className}>
      {notice ? <NoticeInView key={noticeKey}>{notice}</NoticeInView> : null}
      <ListBody {...body} />
      {after}
    </PageFrame>
  );
}

/** Stat cards in the lists' row of four (two on phones). */
export function StatRow({ children }: { children: ReactNode }) {
  return <div className="grid grid--4 grid--sm ops-stats">{children}</div>;
}

export interface ListEmptyProps {
  /** the list's search and filter: the page's own list ({@link ListBody}'s) unless given */
  list?: EmptyListApi;
  icon: ReactNode;
  /** the list has nothing yet */
  none: { title: string; description: string };
  /** shown with `none`: the page's first action ("Add a student") */
  action?: ReactNode;
  /** a search or filter found nothing */
  noMatch: { title: string; description: string };
  /** the button that drops the filter ("Show all statuses") */
  showAll: string;
}

/**
 * The list's empty state: "nothing yet" (with the page's first action), or "nothing matches" with the way
 * back (clear the search first, then the filter).
 */
export function ListEmpty({ list: given, icon, none, action, noMatch, showAll }: ListEmptyProps) {
  const page = useContext(ListOfPage);
  const list = given ?? page;
  if (!list) throw new Error("ListEmpty outside a ListBody needs its list");
  // The list as it opens is not filtered, whatever its first filter (walk 23a: a new institute's Courses, on
  // "Offered", said "Nothing matches" over no subjects at all).
  const filtered = list.search !== "" || (list.filter !== "" && list.filter !== "all" && list.filter !== list.defaultFilter);
  if (!filtered) return <EmptyState icon={icon} title={none.title} description={none.description} action={action} />;
  return (
    <EmptyState
      icon={icon}
      title={noMatch.title}
      description={noMatch.description}
      action={
        <Button variant="secondary" onClick={() => (list.search ? list.setSearch("") : list.setFilter("all"))}>
          {list.search ? admin.t("list.clearSearch") : showAll}
        </Button>
      }
    />
  );
}

export type ListTableProps<T> = Pick<TableBaseProps<T>, "columns" | "rows" | "loading" | "skeletonRows"> &
  RowKeyProps<T> &
  ListEmptyProps & {
    /** names the table for screen readers (the page's heading already shows) */
    caption: string;
    /** added to "ops-table" (e.g. the screen's own column widths) */
    className?: string;
  };

/** The words of a list's table, each named under one prefix of the page's catalogue. */
export type ListTableWordKey = "caption" | "none.title" | "none.text" | "noMatch.title" | "noMatch.text" | "showAll";

/**
 * A {@link ListTable}'s words read from the page's catalogue by the one layout of the list screens:
 * `listTableWords(t, "team.")` reads team.caption, team.none.title, team.none.text, team.noMatch.title,
 * team.noMatch.text and team.showAll; a catalogue without one of them does not typecheck.
 */
export function listTableWords<P extends string>(
  t: (key: `${P}${ListTableWordKey}`) => string,
  prefix: P,
): Pick<ListTableProps<unknown>, "caption" | "none" | "noMatch" | "showAll"> {
  return {
    caption: t(`${prefix}caption`),
    none: { title: t(`${prefix}none.title`), description: t(`${prefix}none.text`) },
    noMatch: { title: t(`${prefix}noMatch.title`), description: t(`${prefix}noMatch.text`) },
    showAll: t(`${prefix}showAll`),
  };
}

/** A list's table in a flush card, named for screen readers only (its page's heading says what it is). */
export function CardTable<T>(props: TableProps<T>) {
  return (
    <Card flush>
      <Table {...props} captionHidden />
    </Card>
  );
}

/** The list screens' table: flush in its card, the caption for screen readers, and {@link ListEmpty} when empty. */
export function ListTable<T>(props: ListTableProps<T>) {
  const { list, icon, none, action, noMatch, showAll } = props;
  return (
    <CardTable
      {...props}
      className={cx("ops-table", props.className)}
      empty={<ListEmpty list={list} icon={icon} none={none} action={action} noMatch={noMatch} showAll={showAll} />}
    />
  );
}
