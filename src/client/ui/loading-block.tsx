/**
 * A block that is loading. In a module of its own: only the portals and the application status use it, and a
 * module lives in one chunk with every export any chunk imports from it (ui/spinner.tsx is in the first script).
 */
import { Skeleton } from "./spinner.tsx";

/**
 * Placeholder lines (one group per entry of `groups`, the number of lines in it)
 * and the words a screen reader announces, in a region marked busy.
 */
export function LoadingBlock({ label, groups }: { label: string; groups: readonly number[] }) {
  return (
    <div className="stack" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {groups.map((lines, i) => (
        <Skeleton key={i} lines={lines} />
      ))}
    </div>
  );
}
