/** The top-level error screen (spec part 1 §2): shown when rendering fails anywhere in the app. */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { common } from "../../shared/i18n/common.ts";

export function ErrorScreen({ error }: { error: unknown }) {
  const detail = error instanceof Error ? `${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ""}` : String(error);
  return (
    <main className="error-screen">
      <div className="error-screen__panel">
        <h1 className="error-screen__title">{common.t("error.title")}</h1>
        <p>{common.t("error.text")}</p>
        <details className="error-screen__details">
          <summary>{common.t("error.details")}</summary>
          <pre>{detail}</pre>
        </details>
        <button type="button" className="error-screen__button" onClick={() => window.location.reload()}>
          {common.t("error.refresh")}
        </button>
      </div>
    </main>
  );
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

/** Plain HTML inside, so the screen still renders when the design system or a provider is what broke. */
export class AppErrorBoundary extends Component<
  { children: ReactNode; onError?: (error: unknown, info: ErrorInfo) => void },
  BoundaryState
> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
