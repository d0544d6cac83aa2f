/** Data tables: sticky header on wide screens, one card per row under 640 px, skeleton rows while loading. */

import { type ReactNode, useEffect, useRef, useState } from "react";
import { common } from "../../shared/i18n/common.ts";
import { portal } from "../../shared/i18n/portal.ts";
import { useT } from "../lib/i18n.tsx";
import { cx } from "./cx.ts";
import { useFocusStaysInItems } from "./focus-stays.ts";

/**
 * Whether the wrapper scrolls sideways (a narrow window, a very long value): then it becomes a focusable,
 * named region so keyboard users can scroll it too (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
function useScrollsSideways(contentKey: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const known = useRef(false);
  // Only a change re-renders (a resize that changes nothing, e.g. a tab shown again, is not an update).
  const check = () => {
    const el = ref.current;
    const next = el ? el.scrollWidth > el.clientWidth + 1 : known.current;
    if (next === known.current) return;
    known.current = next;
    setScrolls(next);
  };
  // When the window or the table changes size…
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  // …and whenever new rows arrive (a cell can overflow without the table's own box changing).
  useEffect(check, [contentKey]);
  return { ref, scrolls };
}

export type TableColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** The cell's label in the stacked (phone) layout; defaults to header when that is a string. */
  label?: string;
  /** The header is for screen readers only (e.g. a column of row actions); the phone layout still labels its cells with it. */
  headerHidden?: boolean;
  /** Added to the th and every td of the column, e.g. "ui-table__cell--numeric" or "ui-table__cell--actions". */
  className?: string;
};

/**
 * The column of a row's buttons, one for every table that has one (docs/decisions/023): its header
 * "Actions" in the reader's language is for screen readers only, still labels its cells in the phone
 * layout, and the column is narrow and at the row's end on wide screens ("ui-table__cell--actions").
 */
export function actionsColumn<T>(render: (row: T) => ReactNode): TableColumn<T> {
  return {
    key: "actions",
    // Read when the table renders, after its useT(portal) has the words in the current language.
    get header() {
      return portal.t("table.actions");
    },
    headerHidden: true,
    className: "ui-table__cell--actions",
    render,
  };
}

/**
 * A row's React key: a row with an `id` is keyed by it unless the table says otherwise; a row without one
 * must say how (a typecheck error otherwise).
 */
export type RowKeyProps<T> = { rowKey?: (row: T) => string | number } & ([T] extends [{ id: string | number }]
  ? unknown
  : { rowKey: (row: T) => string | number });

export type TableProps<T> = RowKeyProps<T> & TableBaseProps<T>;

/** A table's props but its rows' key ({@link RowKeyProps}). */
export type TableBaseProps<T> = {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  /** Names the table for screen readers; shown above it unless captionHidden. */
  caption?: ReactNode;
  captionHidden?: boolean;
  loading?: boolean;
  /** Shown instead of rows when there are none, e.g. an EmptyState. */
  empty?: ReactNode;
  /** Number of skeleton rows while loading (default 5). */
  skeletonRows?: number;
  className?: string;
};

export function Table<T>(props: TableProps<T>) {
  const { columns, rows, caption, captionHidden = false, loading = false, empty, skeletonRows = 5, className } = props;
  const rowKey = props.rowKey ?? ((row: T) => (row as { id: string | number }).id);
  // Its words are the portal's (every screen with a table is in the office's or the student's portal), not a feature's.
  const t = useT(portal);
  const { ref, scrolls } = useScrollsSideways(loading ? null : rows);
  const focus = useFocusStaysInItems<HTMLTableElement>(":scope > tbody > tr", rows);
  // The phone layout's label may break after a slash ("Course/ Standard": a zero-width space, which screen
  // readers skip) rather than inside a word, in its column of 38 % of the card.
  const labelOf = (c: TableColumn<T>) => (c.label ?? (typeof c.header === "string" ? c.header : undefined))?.replaceAll("/", "/\u200B");
  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={`skeleton-${i}`} role="row" className="ui-table__row ui-table__row--skeleton" aria-hidden="true">
        {columns.map((c) => (
          <td key={c.key} role="cell" data-label={labelOf(c)} className={cx("ui-table__cell", c.className)}>
            <div className="ui-table__value">
              <span className="ui-skeleton ui-skeleton--text" />
            </div>
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr role="row" className="ui-table__row ui-table__row--empty">
        <td role="cell" colSpan={columns.length} className="ui-table__empty">
          {empty ?? t("table.empty")}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)} role="row" className="ui-table__row">
        {columns.map((c) => (
          <td key={c.key} role="cell" data-label={labelOf(c)} className={cx("ui-table__cell", c.className)}>
            <div className="ui-table__value">{c.render(row)}</div>
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div
      ref={ref}
      className={cx("ui-table-wrap", className)}
      {...(scrolls
        ? {
            role: "region",
            tabIndex: 0,
            "aria-label": typeof caption === "string" ? t("table.scrolls", { caption }) : t("table.scrollsPlain"),
          }
        : {})}
    >
      {/* Explicit roles keep table semantics when the phone layout changes display (Safari drops them). */}
      <table role="table" className="ui-table" aria-busy={loading || undefined} {...focus}>
        {caption ? <caption className={cx("ui-table__caption", captionHidden && "sr-only")}>{caption}</caption> : null}
        <thead role="rowgroup" className="ui-table__head">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.key} role="columnheader" scope="col" className={cx("ui-table__header", c.className)}>
                {c.headerHidden ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{body}</tbody>
      </table>
      {loading ? (
        <span role="status" className="sr-only">
          {common.t("loading")}
        </span>
      ) : null}
    </div>
  );
}

/**
 * An e-mail address in a narrow place (a phone's row card, a details column): it wraps after its "@", as
 * "student@ / institute.local", rather than mid-word; only a part longer than the line breaks where it must.
 */
export function EmailText({ address }: { address: string | null }) {
  const at = (address ?? "").indexOf("@") + 1;
  return address && at > 0 ? (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  ) : (
    address
  );
}

/** A person in a list's cell: the name in bold, the e-mail address (see EmailText) and a phone under it. */
export function PersonCell({ name, email, phone }: { name: ReactNode; email?: string | null; phone?: string | null }) {
  return (
    <span className="ops-cell-stack">
      <span className="ops-cell-strong">{name}</span>
      {email ? (
        <span className="text-sm text-muted ops-break">
          <EmailText address={email} />
        </span>
      ) : null}
      {phone ? <span className="text-sm text-muted nowrap">{phone}</span> : null}
    </span>
  );
}

/**
 * A cell of lines one under the other: the row's value (a name, a number, an amount), then small muted notes
 * under it, then whatever else the cell shows (a badge, a button). A note that is null, false or "" is left out.
 */
export function StackedCell({
  main,
  strong = false,
  mainClassName,
  notes = [],
  children,
}: {
  main: ReactNode;
  /** the first line in bold, as a row's name */
  strong?: boolean;
  /** added to the first line's classes, e.g. "tabular nowrap" */
  mainClassName?: string;
  notes?: readonly ReactNode[];
  children?: ReactNode;
}) {
  return (
    <span className="ops-cell-stack">
      <span className={cx(strong && "ops-cell-strong", mainClassName) || undefined}>{main}</span>
      {notes.map((note, i) =>
        note === null || note === undefined || note === false || note === "" ? null : (
          <span key={i} className="text-sm text-muted">
            {note}
          </span>
        ),
      )}
      {children}
    </span>
  );
}
