/**
 * The shells of Courses, Library, Exams and FAQs (DECISIONS 6): a button whose feature is not built yet
 * is shown, disabled, with a short visible hint that screen readers hear with it — never a dead click.
 */

import type { ReactNode } from "react";
import { useId } from "react";
import { reports } from "../../../shared/i18n/reports.ts";
import { Button, type ButtonSize, type ButtonVariant } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { cx } from "../../ui/cx.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Table, type TableColumn } from "../../ui/table.tsx";

export function ComingSoonButton({
  children,
  hint,
  variant = "primary",
  size = "md",
  className,
}: {
  size?: ButtonSize;
  children: ReactNode;
  /** the visible note beside the button */
  hint?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const hintId = useId();
  return (
    <span className={cx("ac-soon", className)}>
      <Button variant={variant} size={size} disabled aria-describedby={hintId}>
        {children}
      </Button>
      <span id={hintId} className="ac-soon__hint">
        {hint ?? reports.t("soon")}
      </span>
    </span>
  );
}

/** The columns of a list that has no rows yet (only headers). */
export const emptyColumns = (
  columns: readonly { key: string; header: ReactNode; label?: string; className?: string }[],
): TableColumn<never>[] => columns.map((c) => ({ ...c, render: () => null }));

/** A shell's list: its real columns, no rows, and an empty state that says what will be here. */
export function EmptyTable({
  caption,
  columns,
  icon,
  title,
  description,
  action,
}: {
  caption: string;
  columns: readonly TableColumn<never>[];
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Card flush>
      <Table
        caption={caption}
        captionHidden
        columns={columns}
        rows={[]}
        rowKey={() => ""}
        empty={<EmptyState icon={icon} title={title} description={description} action={action} />}
      />
    </Card>
  );
}
