/** Small status labels (application, ticket, account states) in colours that keep 4.5:1 contrast. */
import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export type BadgeTone = "pending" | "approved" | "rejected" | "info" | "neutral" | "accent";

export type BadgeProps = { tone: BadgeTone; children: ReactNode; className?: string };

export function Badge({ tone, children, className }: BadgeProps) {
  return (
    <span className={cx("ui-badge", `ui-badge--${tone}`, className)}>
      <span className="ui-badge__dot" aria-hidden="true" />
      {children}
    </span>
  );
}

const TONES: Record<string, BadgeTone> = {
  pending: "pending",
  new: "pending",
  open: "pending",
  approved: "approved",
  active: "approved",
  resolved: "approved",
  rejected: "rejected",
  inactive: "rejected",
  in_progress: "info",
};

/** The badge tone for a status from the API ("in-progress", "In Progress" and "in_progress" alike). */
export function statusTone(status: string): BadgeTone {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return TONES[key] ?? "neutral";
}

const PRIORITY_TONES: Record<string, BadgeTone> = { low: "neutral", medium: "info", high: "pending", urgent: "rejected" };

/** The badge tone for a ticket's or a notice's priority: low is neutral, medium informs, high waits, urgent is red. */
export const priorityTone = (priority: string): BadgeTone => PRIORITY_TONES[priority] ?? "neutral";
