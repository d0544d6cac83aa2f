import { type ReactNode, useEffect, useRef } from "react";

/**
 * What an action just did, shown above the list (a dialog's result: "… is now a student with ID STU0002"),
 * brought into view as it appears: on a phone the page may be scrolled far below it. Give it a `key` per
 * result, so that the next result is brought into view too.
 */
export function NoticeInView({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, []);
  return <div ref={ref}>{children}</div>;
}
