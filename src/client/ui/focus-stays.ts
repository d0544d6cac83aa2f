/**
 * Focus that stays in a list when its item leaves: a transfer confirmed, a photo or a notification deleted —
 * the list comes back without the item whose button had the focus, and focus would fall to the page, where a
 * keyboard or screen-reader user starts over from the top. Used by every table (rows) and by lists of cards.
 */
import { type FocusEvent, useEffect, useRef } from "react";

const CONTROLS = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])";

/**
 * `items` selects the container's items (e.g. ":scope > tbody > tr", ":scope > li"); `contents` changes when
 * they do. When the item holding the focus is gone and focus is on the page, it goes to the first control of the
 * item now in its place (its View, its name's link), or of the new last item, or to the container itself; never
 * to the control that stood where the gone one was, which in another row may do something else at one Enter
 * (after a Delete, the next row's Mark resolved or Delete; eighth walk). When the item stayed and only its
 * control went (an application approved: Approve is gone from its row), to the item's first control too. A
 * real blur (Tab out, a click elsewhere) lets go first, so a later refresh never takes the focus from where the
 * person put it.
 */
export function useFocusStaysInItems<E extends HTMLElement>(items: string, contents: unknown) {
  const ref = useRef<E>(null);
  const held = useRef<{ control: Element; index: number } | null>(null);
  const controlsOf = (item: Element | undefined) => [...(item?.querySelectorAll(CONTROLS) ?? [])];
  const onFocus = (event: FocusEvent) => {
    const control = event.target as Element;
    const all = [...(ref.current?.querySelectorAll(items) ?? [])];
    const index = all.findIndex((i) => i.contains(control));
    held.current = index < 0 ? null : { control, index };
  };
  // A removed control gives no blur, or is gone by then.
  const onBlur = (event: FocusEvent) => {
    if ((event.target as Element).isConnected && held.current?.control === event.target) held.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `contents` is the signal that the items changed
  useEffect(() => {
    const container = ref.current;
    const last = held.current;
    if (!container || !last || last.control.isConnected) return;
    held.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const all = container.querySelectorAll(items);
    const item = all[Math.min(last.index, all.length - 1)];
    const target = controlsOf(item)[0] as HTMLElement | undefined;
    if (target) return target.focus();
    focusList(container);
  }, [contents, items]);
  return { ref, onFocus, onBlur };
}

/**
 * Gives the focus to a list as a whole: where it goes when a control that acted on the whole list leaves with
 * it ("Mark all as read" once nothing is unread; tenth walk: it fell to the page). Only when that control has it.
 */
export function focusList(list: HTMLElement | null, from?: Element | null): void {
  if (!list || (from && document.activeElement !== from)) return;
  list.tabIndex = -1;
  list.focus();
}
