/**
 * A trend as a bar chart in plain HTML and CSS (no chart library): one bar per period, each with its
 * period label and its count. Columns on wide screens; on phones the same bars lie down as rows, so every
 * bar keeps its label without sideways scrolling. The drawing is hidden from screen readers, which get a
 * visually hidden table of the same numbers instead (ChartTable, which the top-categories bars use too).
 * Colours come from tokens, so dark mode follows.
 */
import { type CSSProperties, Fragment, useId } from "react";
import { reports } from "../../../shared/i18n/reports.ts";
import { cx } from "../../ui/cx.ts";

export interface ChartBucket {
  label: string;
  count: number;
  start?: string;
}

export type ChartTone = "primary" | "accent" | "success";

/** More periods than this and the column labels stand on end. */
const DENSE_AFTER = 14;

/** Each bar's length as a share of the longest (0–1); all zero when nothing happened. */
export function barShares(counts: readonly number[]): number[] {
  const max = Math.max(0, ...counts);
  return counts.map((c) => (max > 0 ? Math.max(0, c) / max : 0));
}

/** The numbers a drawing shows, as the visually hidden table screen readers get instead of it. */
export function ChartTable({
  caption,
  labelHeader,
  valueHeader,
  rows,
  describedBy,
  say,
}: {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  rows: readonly { key: string; label: string; count: number }[];
  describedBy?: string;
  /** how a value is written in full (an amount of money, say) */
  say?: (n: number) => string;
}) {
  return (
    <div className="sr-only">
      <table aria-describedby={describedBy}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td>{say ? say(r.count) : r.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BarChart({
  buckets,
  caption,
  periodHeader,
  valueHeader,
  tone = "primary",
  emptyNote,
  className,
  show,
  say,
}: {
  /** shown instead of the bars when every count is zero */
  emptyNote?: string;
  /** how a bar's value is written above it (short: "₹1.3L"), and in full (the hidden table, the tooltip, the total) */
  show?: (n: number) => string;
  say?: (n: number) => string;
  buckets: readonly ChartBucket[];
  /** names the hidden table, e.g. "Admissions per day, last 30 days" */
  caption: string;
  periodHeader: string;
  valueHeader: string;
  tone?: ChartTone;
  className?: string;
}) {
  const id = useId();
  const shares = barShares(buckets.map((b) => b.count));
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  // Nothing happened: the note alone, not a row of empty bars first (walk 30a: thirty on a new institute's phone).
  if (total === 0 && emptyNote) return <p className={cx("ac-chart__empty", className)}>{emptyNote}</p>;
  return (
    <div
      className={cx(
        "ac-chart",
        `ac-chart--${tone}`,
        buckets.length > DENSE_AFTER && "ac-chart--dense",
        show && "ac-chart--amounts",
        className,
      )}
    >
      <ol className="ac-chart__bars list-plain" aria-hidden="true">
        {buckets.map((b, i) => (
          <li
            key={b.start ?? `${b.label}-${i}`}
            className={cx("ac-chart__item", b.count === 0 && "is-zero")}
            title={`${b.label}: ${say ? say(b.count) : b.count}`}
          >
            <span className="ac-chart__value">{show ? show(b.count) : b.count}</span>
            <span className="ac-chart__track">
              {/* The bar's length through the CSSOM (allowed by the CSP), not a style attribute in markup. */}
              <span className="ac-chart__bar" style={{ "--share": String(shares[i]) } as CSSProperties} />
            </span>
            <span className="ac-chart__label">
              {b.label.split(/(?<=–) /).map((part, j) => (
                // A week's label breaks only after its dash ("14 Sept –" over "20 Sept"), never inside a date.
                <Fragment key={part}>
                  {j > 0 ? " " : null}
                  <span>{part}</span>
                </Fragment>
              ))}
            </span>
          </li>
        ))}
      </ol>
      <ChartTable
        caption={caption}
        labelHeader={periodHeader}
        valueHeader={valueHeader}
        rows={buckets.map((b, i) => ({ key: b.start ?? `${b.label}-${i}`, label: b.label, count: b.count }))}
        describedBy={`${id}-total`}
        say={say}
      />
      <p id={`${id}-total`} className="sr-only">
        {reports.t("an.total", { total: say ? say(total) : total })}
      </p>
    </div>
  );
}
