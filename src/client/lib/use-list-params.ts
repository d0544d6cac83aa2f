/**
 * A server-paginated admin list's state lives in the URL query (page, search and one filter such as
 * status or type), so a reload, the Back button or a shared link shows the same view. Defaults are left
 * out of the URL (`/admin/students` is page 1, no search, every status); other query keys are kept.
 */

import { keepPreviousData } from "@tanstack/react-query";
import type { TRPCClientErrorLike } from "@trpc/client";
import type { DecorateProcedure, UseTRPCQueryResult } from "@trpc/react-query/shared";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useLocation, useRouter, useSearch } from "wouter";
import { PAGE_SIZE, SEARCH_MAX } from "../../shared/constants.ts";
import { backUnasked } from "./leave-warning.ts";

export interface ListFilter {
  /** the query key, e.g. "status" or "type" */
  key: string;
  /** the allowed values; the first is the default ("all") */
  values: readonly string[];
}

export interface ListParams {
  page: number;
  search: string;
  /** the filter's value ("" when the list has no filter) */
  filter: string;
}

/**
 * The mark of a history entry a search added (in its `history.state`): typing on changes that entry in place,
 * so a search is one step back to the view it started from (walk 27b: each search replaced the view's own entry,
 * and Back skipped it).
 */
const SEARCHED = { searched: true };
const searchedHere = () => (globalThis.history?.state as Record<string, unknown> | null)?.searched === true;

/**
 * The page's own address with another query (none: the page alone), written whole: a list at the root of a nested
 * part (the library's) is `/admin/library?search=x`, not `/admin/library/?search=x` (walk 28a: Back then returned
 * to an address that read differently).
 */
export function useAddressWithQuery(): (query: string) => string {
  const [location] = useLocation();
  const base = useRouter().base ?? "";
  const page = base && base !== "/" && location === "/" ? base : `${base === "/" ? "" : base}${location}`;
  return useCallback((query: string) => `~${page}${query ? `?${query}` : ""}`, [page]);
}

/** A page beyond what the address keeps is a page past the end: the list then moves to its last (useKeepPageInRange). */
const PAGE_MAX = 999_999;

function parsePage(raw: string | null): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  // Thirteenth walk: ?page=9999999 showed page 1 under a range line of page 9999999's address.
  if (raw.replace(/^0+/, "").length > String(PAGE_MAX).length) return PAGE_MAX;
  return Math.max(Number(raw), 1);
}

/** Reads the list's state from a query string ("?page=2&search=x" or "page=2&search=x"); anything odd falls back to the default. */
export function parseListParams(query: string, filter?: ListFilter): ListParams {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const search = (params.get("search") ?? "").trim().slice(0, SEARCH_MAX);
  let value = "";
  if (filter) {
    const raw = params.get(filter.key);
    value = raw !== null && filter.values.includes(raw) ? raw : (filter.values[0] ?? "");
  }
  return { page: parsePage(params.get("page")), search, filter: value };
}

/** The query string (without "?") for a state, keeping the other keys of `current`; defaults are omitted. */
export function buildListQuery(state: ListParams, filter?: ListFilter, current: string = ""): string {
  const params = new URLSearchParams(current.startsWith("?") ? current.slice(1) : current);
  const set = (key: string, value: string, isDefault: boolean) => {
    if (isDefault) params.delete(key);
    else params.set(key, value);
  };
  set("search", state.search.trim(), state.search.trim() === "");
  if (filter) set(filter.key, state.filter, state.filter === (filter.values[0] ?? "") || !filter.values.includes(state.filter));
  set("page", String(state.page), state.page <= 1);
  return params.toString();
}

export interface ListParamsApi extends ListParams {
  /** the filter's value when none is chosen (its first: "all", or "active" for the offered subjects) */
  defaultFilter?: string;
  /** Another page: a new history entry, so Back returns to the previous page. */
  setPage(page: number, options?: { replace?: boolean }): void;
  /**
   * A new search starts again at page 1. The first from a view adds a history entry, so Back returns to that
   * view; typing on replaces it (typing is not history).
   */
  setSearch(search: string): void;
  /** A new filter value: a new history entry, page 1. */
  setFilter(value: string): void;
}

export function useListParams(filter?: ListFilter): ListParamsApi {
  const query = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  // The filter is a constant of each page; its values decide the parse.
  const filterKey = filter ? `${filter.key}:${filter.values.join(",")}` : "";
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableFilter = useMemo(() => filter, [filterKey]);
  const params = useMemo(() => parseListParams(query, stableFilter), [query, stableFilter]);

  const go = useCallback(
    (next: ListParams, replace: boolean, state?: typeof SEARCHED) => {
      const qs = buildListQuery(next, stableFilter, query);
      if (qs === query.replace(/^\?/, "")) return;
      navigate(address(qs), { replace, state });
    },
    [address, navigate, query, stableFilter],
  );

  return {
    ...params,
    defaultFilter: stableFilter?.values[0] ?? "",
    setPage: (page, options) => go({ ...params, page: Math.max(1, Math.floor(page)) }, options?.replace ?? false),
    setSearch: (search) => {
      const next = search.trim().slice(0, SEARCH_MAX);
      // Emptied on the entry the search added: back to the view it started from, not a second copy of it after it
      // (walk 28a: the next Back seemed to do nothing). A move the person made: not asked about.
      if (next === "" && params.search !== "" && searchedHere()) return backUnasked();
      go({ ...params, search: next, page: 1 }, searchedHere(), SEARCHED);
    },
    setFilter: (value) => go({ ...params, filter: value, page: 1 }, false),
  };
}

/**
 * Keeps the page within the list once the server has answered: after the last row of the last page was
 * deleted, or a shared link named a page that no longer exists, the list moves to its last page.
 */
export function useKeepPageInRange(list: Pick<ListParamsApi, "page" | "setPage">, totalPages: number | undefined): void {
  const { page, setPage } = list;
  const setPageRef = useRef(setPage);
  setPageRef.current = setPage;
  useEffect(() => {
    if (totalPages === undefined) return;
    const last = Math.max(1, totalPages);
    if (page > last) setPageRef.current(last, { replace: true });
  }, [page, totalPages]);
}

/** What every server-paginated list asks for: the page, its size and the search. */
export interface PageInput {
  page: number;
  limit: number;
  search: string;
}

/** A list procedure: any input, an answer that carries the server's pagination. */
interface PagedProcedureDef {
  input: unknown;
  output: { pagination: { totalPages: number } };
  transformer: boolean;
  errorShape: unknown;
}

export interface PagedListOptions {
  /** the one filter kept in the URL beside page and search */
  filter?: ListFilter;
  /** rows per page (the shared PAGE_SIZE unless the list says otherwise) */
  limit?: number;
  /** ask again every so many milliseconds while the screen is open */
  refetchInterval?: number;
}

/**
 * A server-paginated list in one call: its state in the URL ({@link useListParams}), the procedure asked for
 * that page — the last page's rows stay on screen while the next one loads, and it is read again when its tab
 * comes back to the front — and the page kept within the list once the server has answered
 * ({@link useKeepPageInRange}). `input` turns the page, its size and the
 * search into the procedure's input (adding the filter under its own name, or anything else the list needs).
 */
export function usePagedList<TDef extends PagedProcedureDef>(
  procedure: Pick<DecorateProcedure<"query", TDef>, "useQuery">,
  input: (page: PageInput, list: ListParamsApi) => TDef["input"],
  options: PagedListOptions = {},
): { list: ListParamsApi; query: UseTRPCQueryResult<TDef["output"], TRPCClientErrorLike<TDef>> } {
  const { filter, limit = PAGE_SIZE, refetchInterval } = options;
  const list = useListParams(filter);
  const query = procedure.useQuery(input({ page: list.page, limit, search: list.search }, list), {
    placeholderData: keepPreviousData,
    refetchInterval,
    // A list left in a tab behind others is read again when its tab is shown, if older than the half minute the
    // app keeps answers (walk 27b: only a reload did). The app's other screens keep what they show: a form
    // filled from its answer is not refilled under what is being typed.
    refetchOnWindowFocus: true,
  });
  useKeepPageInRange(list, query.data?.pagination.totalPages);
  return { list, query };
}

/**
 * One more filter of a list kept in the URL beside useListParams' own (a new value starts at page 1): the office's
 * library has four, the student's catalogue two, the dues and the students a programme. `allowed` is the list of
 * values (the first is the default) or the pattern a value must match (else none: an edited address does not reach
 * the server as a filter it refuses). Setting one may clear others that hang on it (`alsoClear`: a programme's term).
 */
export function useQueryParam(
  key: string,
  allowed?: readonly string[] | RegExp,
): [string, (value: string, alsoClear?: readonly string[]) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const raw = new URLSearchParams(search).get(key) ?? "";
  const fallback = Array.isArray(allowed) ? allowed[0]! : "";
  const value =
    allowed instanceof RegExp ? (allowed.test(raw) ? raw : "") : allowed ? (allowed.includes(raw) ? raw : fallback) : raw.slice(0, 60);
  const set = (next: string, alsoClear: readonly string[] = []) => {
    const params = new URLSearchParams(search);
    if (!next || next === fallback) params.delete(key);
    else params.set(key, next);
    for (const other of ["page", ...alsoClear]) params.delete(other);
    navigate(address(params.toString()));
  };
  return [value, set];
}

/** A record's id in a filter ("12"): what `useQueryParam` keeps for a programme (nine digits: within the server's ids). */
export const ID_PARAM = /^[1-9]\d{0,8}$/;
