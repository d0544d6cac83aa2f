/**
 * Maintenance mode on the public site (DECISIONS 3). `site.info` stays available and says
 * `maintenance: true`; every other public data call answers 503 with the maintenance message. The
 * public layout shows the maintenance page when either says so: a 503 newer than the last institute
 * info wins until that info has been fetched again (then the info decides, so switching maintenance off
 * brings the pages back). A 503 makes the layout fetch the info again, at most once in a while.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { normaliseError } from "../../lib/errors.ts";
import { shouldRetry } from "../../lib/query-client.ts";
import { useInstituteInfo } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";

export const SERVICE_UNAVAILABLE = 503;

export const isSiteClosed = (error: unknown): boolean => normaliseError(error).status === SERVICE_UNAVAILABLE;

/** The app's retry rule, minus 503: a closed site will not open in the next two seconds. */
export const publicRetry = (failureCount: number, error: unknown): boolean => !isSiteClosed(error) && shouldRetry(failureCount, error);

function isInstituteInfoKey(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && path[0] === "site" && path[1] === "info";
}

/**
 * After the info was fetched again because of a 503 and said "open", further 503s within this time are
 * left to the page (its error banner): a 503 that is not maintenance (an overloaded proxy, say) must not
 * bounce the visitor between the page and the maintenance page.
 */
export const RECHECK_QUIET_MS = 30_000;

export function useSiteMaintenance(): boolean {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const info = useInstituteInfo();
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const latest = useRef({ closedAt, infoAt: info.dataUpdatedAt, maintenance: info.data?.maintenance === true });
  latest.current = { closedAt, infoAt: info.dataUpdatedAt, maintenance: info.data?.maintenance === true };

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "error") return;
        if (!isSiteClosed(event.action.error)) return;
        const now = Date.now();
        const { closedAt: lastClosed, infoAt, maintenance } = latest.current;
        const confirmedOpen = !maintenance && lastClosed !== null && infoAt > lastClosed && now - infoAt < RECHECK_QUIET_MS;
        if (confirmedOpen) return;
        latest.current = { ...latest.current, closedAt: now };
        setClosedAt(now);
        // Ask again for the institute info: it carries the flag and the contact details to show.
        if (!isInstituteInfoKey(event.query.queryKey)) void utils.site.info.invalidate();
      }),
    [queryClient, utils],
  );

  if (info.data?.maintenance) return true;
  return closedAt !== null && info.dataUpdatedAt <= closedAt;
}
