/**
 * A section whose body is one query's answer (the student portal's lists): the load failure with a retry
 * while nothing is on screen (a failed refetch keeps the answer shown), skeleton lines until the first
 * answer, then what stands for an empty answer, else the content.
 */
import type { ReactNode } from "react";
import { ListLoadError, type RetryQuery } from "./load-error.tsx";
import { Skeleton } from "./spinner.tsx";

export interface QueryBodyProps {
  query: RetryQuery & { isError: boolean; isPending: boolean; data?: unknown };
  /** what to say when it could not load */
  failed: string;
  /** how many skeleton lines stand in while it loads */
  lines: number;
  /** what to show instead of the content when the answer holds nothing (false or null: the content) */
  empty?: ReactNode;
  children: ReactNode;
}

export function QueryBody({ query, failed, lines, empty, children }: QueryBodyProps) {
  if (query.isError && !query.data) return <ListLoadError message={failed} query={query} />;
  if (query.isPending) return <Skeleton lines={lines} />;
  return empty === false || empty === null || empty === undefined ? children : empty;
}
