/**
 * A toast never stands over the focused control (WCAG 2.4.11): while one at the bottom of the screen would
 * cover it (a row's button near the bottom, a dialog's footer), the toasts stand at the top instead. Nor
 * over an open dialog's buttons, where a tap meant for Save landed on the toast: on a phone the focus is in
 * the dialog's first field, far from its footer. The focused control comes first: toasts that would cover
 * it at the top stay at the bottom, as they do when it fills the screen. In the portals' chunk
 * (layouts/portal-shell.tsx), where lists and dialogs are, so the public site's first script does not carry
 * it; the toasts' region and its styles are ui/toast.tsx's and components.css's.
 */
import { useEffect } from "react";
import { TOASTS_MOVED } from "./dialog.tsx";

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
  if (list.childElementCount === 0) return;
  const focused = document.activeElement;
  const footer = [...document.querySelectorAll("dialog[open] .ui-dialog__footer")].pop();
  const covers = (el: Element | null | undefined) =>
    !!el && el !== document.body && !list.contains(el) && overlaps(list.getBoundingClientRect(), el.getBoundingClientRect());
  if (!covers(focused) && !covers(footer)) return;
  // Below the sticky top bar as it stands (taller than --topbar-h when its controls wrap at 200% text: walk 32b);
  // at the top of the screen over a dialog, whose backdrop hides the bar.
  const bar = region.closest("dialog") ? null : document.querySelector(".portal-topbar, .site-header");
  region.style.setProperty("--toasts-top", `${Math.max(0, bar?.getBoundingClientRect().bottom ?? 0)}px`);
  region.classList.add(TOP);
  // Covered at the top too: the focused thing comes first there, and what fills the screen (the page's main
  // region, focused as a page arrives) is covered in either place, so the toasts keep the bottom and leave the
  // top bar's controls free (walk 27a: they stood over the language, theme, bell and account menus).
  if (covers(focused)) region.classList.remove(TOP);
}

export function useToastsClearOfFocus(): void {
  useEffect(() => {
    const list = document.querySelector(".ui-toasts__list");
    const watch = new MutationObserver(placeToasts);
    if (list) watch.observe(list, { childList: true });
    document.addEventListener("focusin", placeToasts);
    document.addEventListener(TOASTS_MOVED, placeToasts);
    return () => {
      watch.disconnect();
      document.removeEventListener("focusin", placeToasts);
      document.removeEventListener(TOASTS_MOVED, placeToasts);
      document.querySelector(".ui-toasts")?.classList.remove(TOP);
    };
  }, []);
}
