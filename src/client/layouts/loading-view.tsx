/** What shows while the session is checked or a page's code is on its way. */
import { common } from "../../shared/i18n/common.ts";
import { Spinner } from "../ui/spinner.tsx";

/** Fills the screen: before any layout can be shown. */
export function LoadingView() {
  return (
    <div className="loading-view">
      <Spinner size="lg" label={common.t("loading")} />
    </div>
  );
}

/**
 * Fills a layout's content area while the page itself loads. `fill` takes the whole screen height, so
 * what follows the content (the public footer) stays below the fold instead of jumping down when the
 * page arrives (a layout shift).
 */
export function PageLoading({ fill = false }: { fill?: boolean }) {
  return (
    <div className={fill ? "loading-view" : "page-loading"}>
      <Spinner label={common.t("loading")} />
    </div>
  );
}
