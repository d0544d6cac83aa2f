/** Page controls for long lists: Previous/Next and a sliding window of up to five page numbers. */

import { keepPreviousData } from "@tanstack/react-query";
import type { TRPCClientErrorLike } from "@trpc/client";
import type { DecorateProcedure, UseTRPCQueryResult } from "@trpc/react-query/shared";
import { useState } from "react";
import { portal } from "../../shared/i18n/portal.ts";
import { formatNumber } from "../lib/format.ts";
import { useT } from "../lib/i18n.tsx";
import { cx } from "./cx.ts";
import { ChevronLeftIcon, ChevronRightIcon } from "./more-icons.tsx";

/**
 * The page numbers to show: `size` consecutive pages centred on `page` where possible, clamped to
 * 1..totalPages (1-5 for pages 1-3, then page-2..page+2, ending at the last page).
 */
export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0 || size < 1) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const span = Math.min(size, total);
  let start = Math.max(1, current - Math.floor((span - 1) / 2));
  start = Math.min(start, total - span + 1);
  return Array.from({ length: span }, (_, i) => start + i);
}

export type PaginationProps = {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  className?: string;
  /** whether the page reached is said here (false where the list's own status line says it) */
  announce?: boolean;
};

/** A query procedure, whatever it is asked and answers. */
interface QueryProcedureDef {
  input: unknown;
  output: unknown;
  transformer: boolean;
  errorShape: unknown;
}

/**
 * A short list paged on its screen alone (a student's transfers, receipts, returned books; the site content's
 * news and FAQs), where a list with a search keeps its page in the address (lib/use-list-params.ts): the page,
 * from 1, and the procedure asked for
 * it (`input` turns the page into its input); the last page's rows stay on screen while the next one loads.
 */
export function useScreenPages<TDef extends QueryProcedureDef>(
  procedure: Pick<DecorateProcedure<"query", TDef>, "useQuery">,
  input: (page: number) => TDef["input"],
): { page: number; setPage: (page: number) => void; query: UseTRPCQueryResult<TDef["output"], TRPCClientErrorLike<TDef>> } {
  const [page, setPage] = useState(1);
  const query = procedure.useQuery(input(page), { placeholderData: keepPreviousData });
  return { page, setPage, query };
}

/** A page's button: its number as its name says it ("1,000"), named "Page 7" (or "Last page, 2,000"). */
function PageButton({ n, page, label, onChange }: { n: number; page: number; label: string; onChange: (page: number) => void }) {
  return (
    <button
      type="button"
      className="ui-pagination__page"
      aria-label={label}
      aria-current={n === page ? "page" : undefined}
      onClick={() => {
        if (n !== page) onChange(n);
      }}
    >
      {formatNumber(n)}
    </button>
  );
}

/** The items of the page list: the window, with the first and the last page and a gap ("…") where pages lie between. */
function entries(pages: number[], totalPages: number): (number | "gap-start" | "gap-end")[] {
  const start = pages[0]!;
  const end = pages[pages.length - 1]!;
  return [
    ...(start > 1 ? [1] : []),
    ...(start > 2 ? (["gap-start"] as const) : []),
    ...pages,
    ...(end < totalPages - 1 ? (["gap-end"] as const) : []),
    ...(end < totalPages ? [totalPages] : []),
  ];
}

/**
 * Renders nothing when everything fits on one page. Previous on the first page and Next on the last are
 * aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page (thirteenth walk:
 * Enter on Next to the last page left the reader nowhere). The page reached is said in a status line.
 */
export function Pagination({ page, totalPages, onChange, className, announce = true }: PaginationProps) {
  const t = useT(portal);
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <nav aria-label={t("pagination")} className={cx("ui-pagination", className)}>
      {announce ? (
        <p role="status" className="sr-only">
          {t("pagination.status", { page, total: totalPages })}
        </p>
      ) : null}
      <button
        type="button"
        className="ui-pagination__step"
        aria-disabled={first || undefined}
        onClick={() => {
          if (!first) onChange(page - 1);
        }}
      >
        <ChevronLeftIcon size={18} />
        <span className="ui-pagination__step-label">{t("pagination.previous")}</span>
      </button>
      <ul className="ui-pagination__pages">
        {/* The first and the last page stay one press away, however many pages there are (thirteenth walk:
            2,000 pages of applications, the oldest reachable only by editing the address). Every page's item is
            keyed by its number, so the button pressed is the one focused after (walk 13b: Last page dropped
            the focus when page 2,000 moved into the window). With pages beyond the window, on a phone it narrows
            to the current page between the first and the last (components.css: data-far). */}
        {entries(pages, totalPages).map((n) =>
          typeof n === "string" ? (
            <li key={n} className="ui-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n} data-far={totalPages > pages.length && n !== page && n !== 1 && n !== totalPages ? "" : undefined}>
              <PageButton
                n={n}
                page={page}
                onChange={onChange}
                label={
                  !pages.includes(n) ? t(n === 1 ? "pagination.first" : "pagination.last", { page: n }) : t("pagination.page", { page: n })
                }
              />
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="ui-pagination__step"
        aria-disabled={last || undefined}
        onClick={() => {
          if (!last) onChange(page + 1);
        }}
      >
        <span className="ui-pagination__step-label">{t("pagination.next")}</span>
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
