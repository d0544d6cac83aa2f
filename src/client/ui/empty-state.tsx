/** What to show when a list is empty: what is missing, and the next step. */
import type { ReactNode } from "react";
import { cx } from "./cx.ts";
import { FileIcon } from "./icons.tsx";

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  /** The next step, e.g. a Button or a link styled with buttonClass. */
  action?: ReactNode;
  /** Replaces the default document icon. */
  icon?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cx("ui-empty", className)}>
      <span className="ui-empty__icon" aria-hidden="true">
        {icon ?? <FileIcon size={28} />}
      </span>
      <p className="ui-empty__title">{title}</p>
      {description !== undefined ? <p className="ui-empty__description">{description}</p> : null}
      {action !== undefined ? <div className="ui-empty__action">{action}</div> : null}
    </div>
  );
}
