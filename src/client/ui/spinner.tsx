/** Loading indicators: Spinner for short waits, Skeleton placeholders for lists and cards. */

import type { CSSProperties } from "react";
import { common } from "../../shared/i18n/common.ts";
import { cx } from "./cx.ts";

export type SpinnerProps = {
  /** Announced to screen readers; also the only text, kept visually hidden. */
  label?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
};

export function Spinner({ label = common.t("loading"), size = "md", className }: SpinnerProps) {
  return (
    <span role="status" className={cx("ui-spinner-status", className)}>
      <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export type SkeletonProps = {
  /** A CSS length or px number; defaults to the full width (lines: the last line is shorter). */
  width?: number | string;
  /** A CSS length or px number; defaults to one line of text. */
  height?: number | string;
  /** Render this many text lines instead of one block. */
  lines?: number;
  className?: string;
};

/** Decorative only (aria-hidden): the region that is loading should say so, e.g. with aria-busy. */
export function Skeleton({ width, height, lines, className }: SkeletonProps) {
  const size: CSSProperties = {};
  if (width !== undefined) size.width = typeof width === "number" ? `${width}px` : width;
  if (height !== undefined) size.height = typeof height === "number" ? `${height}px` : height;
  if (lines && lines > 1) {
    return (
      <span
        className={cx("ui-skeleton-lines", className)}
        aria-hidden="true"
        style={width === undefined ? undefined : { width: size.width }}
      >
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className="ui-skeleton ui-skeleton--text" style={size.height === undefined ? undefined : { height: size.height }} />
        ))}
      </span>
    );
  }
  return (
    <span
      className={cx("ui-skeleton", height === undefined && "ui-skeleton--text", className)}
      aria-hidden="true"
      style={width === undefined && height === undefined ? undefined : size}
    />
  );
}
