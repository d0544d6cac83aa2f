/**
 * A toast never stands over the focused control (WCAG 2.4.11): while one at the bottom of the screen would
 * cover it (a row's button near the bottom, a dialog's footer), the toasts stand at the top instead. In the
 * portals' chunk (layouts/portal-shell.tsx), where lists and dialogs are, so the public site's first script
 * does not carry it; the toasts' region and its styles are ui/toast.tsx's and components.css's.
 */
import { useEffect } from "react";

const TOP = "ui-toasts--top";

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Puts the toasts where they cover nothing focused; called as toasts come and as the focus moves. */
export function placeToasts(): void {
  const region = document.querySelector<HTMLElement>(".ui-toasts");
  const list = region?.querySelector(".ui-toasts__list");
  if (!region || !list) return;
  region.classList.remove(TOP);
  const focused = document.activeElement;
  if (list.childElementCount === 0 || !focused || focused === document.body || list.contains(focused)) return;
  if (overlaps(list.getBoundingClientRect(), focused.getBoundingClientRect())) region.classList.add(TOP);
}

export function useToastsClearOfFocus(): void {
  useEffect(() => {
    const list = document.querySelector(".ui-toasts__list");
    const watch = new MutationObserver(placeToasts);
    if (list) watch.observe(list, { childList: true });
    document.addEventListener("focusin", placeToasts);
    return () => {
      watch.disconnect();
      document.removeEventListener("focusin", placeToasts);
      document.querySelector(".ui-toasts")?.classList.remove(TOP);
    };
  }, []);
}
