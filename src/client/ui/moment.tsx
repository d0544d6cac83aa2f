/**
 * A moment in a list or a feed, shown short — its day, or how long ago it was — with its date and time on
 * hover and the machine-readable value in `dateTime`.
 */
import { timeAgo } from "../lib/time-ago.ts";
import { formatDate, formatDateTime } from "./list-controls.tsx";

export interface MomentProps {
  /** the stored moment (ISO 8601) */
  time: string;
  /** "day": its date ("12 Mar 2026"); "ago": how long ago ("5 minutes ago") */
  show: "day" | "ago";
  /** the clock "ago" counts from (useNow keeps it moving); the time of drawing otherwise */
  now?: Date;
  className?: string;
}

export function Moment({ time, show, now, className }: MomentProps) {
  return (
    <time className={className} dateTime={time} title={formatDateTime(time)}>
      {show === "day" ? formatDate(time) : timeAgo(time, now)}
    </time>
  );
}
