/**
 * While `active`, leaving the page (reload, closing the tab, typing another address) asks first: what was
 * typed and not yet saved would be lost without a word. The browser words the question itself. `still`, when
 * given, is asked at that moment whether there is anything to lose (a dialog's text fields emptied by a send
 * leave nothing). Moves inside the app (a link, Back) are not asked about: the app's own pages keep no such guard.
 */
import { useEffect, useRef } from "react";

export function useLeaveWarning(active: boolean, still?: () => boolean): void {
  const stillRef = useRef(still);
  stillRef.current = still;
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (stillRef.current?.() !== false) event.preventDefault();
    };
    globalThis.addEventListener("beforeunload", warn);
    return () => globalThis.removeEventListener("beforeunload", warn);
  }, [active]);
}
