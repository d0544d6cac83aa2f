/** The admissions list's page, search and status, kept in the URL query so a reload or a shared link keeps them. */
import type { ADMISSION_STATUSES } from "../../../shared/constants.ts";

export type StatusFilter = "all" | (typeof ADMISSION_STATUSES)[number];
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];

export interface ListQuery {
  page: number;
  search: string;
  status: StatusFilter;
}

export function readListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get("page"));
  const status = params.get("status") ?? "all";
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (params.get("search") ?? "").slice(0, 100),
    status: STATUS_FILTERS.some((f) => f.value === status) ? (status as StatusFilter) : "all",
  };
}

/** Only what differs from the defaults goes into the URL. */
export function writeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page > 1) params.set("page", String(query.page));
  if (query.search.trim()) params.set("search", query.search.trim());
  if (query.status !== "all") params.set("status", query.status);
  return params;
}
