/**
 * While `active`, leaving the page (reload, closing the tab, typing another address) asks first: what was
 * typed and not yet saved would be lost without a word. The browser words the question itself. Moves inside
 * the app (a link, Back) are not asked about: the app's own pages keep no such guard.
 */
import { useEffect } from "react";

export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    globalThis.addEventListener("beforeunload", warn);
    return () => globalThis.removeEventListener("beforeunload", warn);
  }, [active]);
}
