/** Determinate progress, e.g. a photo upload or how much of the application is complete. */
import { useId } from "react";
import { cx } from "./cx.ts";

export type ProgressBarProps = {
  /** 0..100; values outside are clamped. */
  value: number;
  /** What is progressing, shown above the bar and naming it. */
  label: string;
  /** Whose progress, said before the label where the bar stands among others (a course card's subject). */
  of?: string;
  className?: string;
};

export function ProgressBar({ value, label, of, className }: ProgressBarProps) {
  const labelId = useId();
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  return (
    <div className={cx("ui-progress", percent === 100 && "ui-progress--done", className)}>
      <div className="ui-progress__meta">
        <span id={labelId} className="ui-progress__label">
          {label}
        </span>
        <span className="ui-progress__value" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={of ? undefined : labelId}
        aria-label={of ? `${of}: ${label}` : undefined}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${percent}%`}
        className="ui-progress__track"
      >
        {/* Width through the CSSOM (allowed by the CSP's style-src 'self'), not a style attribute in markup. */}
        <div className="ui-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
