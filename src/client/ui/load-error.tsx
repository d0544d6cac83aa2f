/**
 * The load failure every screen shows, the lists' and the public pages' alike: kept apart from
 * list-controls.tsx so a public page takes only this (no admin catalogue or dialog in its download).
 */
import { common } from "../../shared/i18n/common.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";

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
