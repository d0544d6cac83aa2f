/** The student portal's pages' load failure (dashboard, ID card, settings). */
import { ListLoadError, type RetryQuery } from "../../ui/load-error.tsx";

/** What could not load, with the portal's retry (spaced from the message) that waits while its query asks again. */
export function PortalLoadFailed({
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
