/**
 * The load failure every screen shows, the lists' and the public pages' alike: kept apart from
 * list-controls.tsx so a public page takes only this (no admin catalogue or dialog in its download).
 * The student portal's shapes of it live here too (one module the pages already share: a module of
 * their own would be one more chunk named in the home page's bundle).
 */
import { type ReactNode, useEffect, useRef } from "react";
import { common } from "../../shared/i18n/common.ts";
import { normaliseError } from "../lib/errors.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { LoadingBlock } from "./loading-block.tsx";
import { Skeleton } from "./spinner.tsx";

/** A query that failed, which a retry asks again. */
export type RetryQuery = { refetch: () => unknown };

/** How the retry tries again: the query that failed is asked again, or the screen says what to do. */
type LoadRetry = { query: RetryQuery; onRetry?: undefined } | { onRetry: () => void; query?: undefined };

/**
 * A list (or a page's data) that could not load: what happened, and a way to try again (nothing typed is
 * lost); `busy` while the retry runs.
 */
export function ListLoadError({
  title,
  message,
  query,
  onRetry = () => void query?.refetch(),
  busy,
  retryClassName,
  retryLabel = common.t("tryAgain"),
}: {
  title?: string;
  message: string;
  busy?: boolean;
  /** the retry button's own class (e.g. the student portal's spacing) */
  retryClassName?: string;
  /** the retry button's words, when the area's catalogue has its own ("Try again" from common by default) */
  retryLabel?: string;
} & LoadRetry) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <Button size="sm" variant="secondary" className={retryClassName} loading={busy} onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

/**
 * A record's details (a dialog's body) while it is read, before the record is there: a skeleton, or why it could
 * not be read with Try again; nothing once it is there (the record's own body shows, and stays while read again).
 */
export function RecordLoadState({
  shown,
  loading,
  loadError,
  onRetry,
  label = common.t("loading"),
  retryLabel,
}: {
  /** whether the record is there to show */
  shown: boolean;
  loading: boolean;
  loadError: string | null;
  /** how to ask again; none for a record that is not there (`isGone`: "Student not found" offers no Try again) */
  onRetry?: () => void;
  /** what screen readers hear while it loads ("Loading ticket") */
  label?: string;
  retryLabel?: string;
}) {
  if (shown) return null;
  if (loading) return <LoadingBlock label={label} groups={[3, 4]} />;
  if (!loadError) return null;
  return onRetry ? (
    <ListLoadError message={loadError} onRetry={onRetry} retryLabel={retryLabel} />
  ) : (
    <Alert tone="error">{loadError}</Alert>
  );
}

/** A record that is not there (deleted, or a link's wrong number): asking again cannot help. */
export const isGone = (error: unknown) => error != null && normaliseError(error).status === 404;

/**
 * What an action just did, shown above the list (a dialog's result: "… is now a student with ID STU0002"),
 * brought into view as it appears: on a phone the page may be scrolled far below it. The focus goes with the
 * eye (tenth walk: after an approval it went back to the row's View, far below the banner on a phone, and the
 * row may leave a filtered list); the next Tab reaches the notice's Dismiss, then the page. A new `key`
 * (ListPage's `noticeKey`) is a new result, brought into view again. `unlessInField`: a page that has put the
 * focus in a field to fix keeps it there, and its scroll.
 */
export function NoticeInView({ children, unlessInField = false }: { children: ReactNode; unlessInField?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only (a new key is a new notice)
  useEffect(() => {
    if (unlessInField && document.activeElement?.matches("input, textarea, select")) return;
    ref.current?.scrollIntoView?.({ block: "nearest" });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="ui-notice-in-view">
      {children}
    </div>
  );
}

/**
 * Why a form was not sent, when the server named none of its fields, above them: a notice in view, again as it
 * says something new, for the page or dialog may be scrolled down to its button (walk 28b: a save refused
 * 1,500 px above a phone's screen, and Save seemed to do nothing), unless the page has put the focus in a field
 * to fix (a wrong code's first box). Nothing without a message.
 */
export function FormFailure({ message, onDismiss }: { message: string | null | undefined; onDismiss?: () => void }) {
  return message ? (
    <NoticeInView key={message} unlessInField>
      <Alert tone="error" onDismiss={onDismiss}>
        {message}
      </Alert>
    </NoticeInView>
  ) : null;
}

/** A student portal page's data that could not load (dashboard, ID card, settings): the portal's retry, spaced from the message, waits while its query asks again. */
export function PortalLoadError({
  title,
  message,
  query,
}: {
  title: string;
  message: string;
  query: RetryQuery & { isFetching: boolean };
}) {
  return <ListLoadError title={title} message={message} busy={query.isFetching} retryClassName="student-retry" query={query} />;
}

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

/**
 * A section whose body is one query's answer (the student portal's lists): the load failure with a retry
 * while nothing is on screen (a failed refetch keeps the answer shown), skeleton lines until the first
 * answer, then what stands for an empty answer, else the content.
 */
export function QueryBody({ query, failed, lines, empty, children }: QueryBodyProps) {
  if (query.isError && !query.data) return <ListLoadError message={failed} query={query} />;
  if (query.isPending) return <Skeleton lines={lines} />;
  return empty === false || empty === null || empty === undefined ? children : empty;
}
