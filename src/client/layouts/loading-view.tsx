/** What shows while the session is checked or a page's code is on its way. */
import { Spinner } from "../ui/spinner.tsx";

/** Fills the screen: before any layout can be shown. */
export function LoadingView() {
  return (
    <div className="loading-view">
      <Spinner size="lg" label="Loading…" />
    </div>
  );
}

/** Fills a layout's content area while the page itself loads. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading…" />
    </div>
  );
}
