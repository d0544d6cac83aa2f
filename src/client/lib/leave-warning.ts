/**
 * While `active`, leaving the page asks first: what was typed and not yet saved would be lost without a word.
 * - Reloading, closing the tab or typing another address: the browser asks, in its own words.
 * - A sign-out in another tab, on a portal page: the page stays, as after an expiry, for "Sign in again"
 *   (lib/session.tsx).
 * - A link inside the app (the sidebar, the header, a breadcrumb) or another tab of a tab row (`leaveFirst`), or
 *   the portals' Sign out (stop 46): the app asks, "Leave without saving?" (ui/leave-question.tsx), and goes only
 *   on "Discard and go on" (stop 45).
 * - The browser's Back or Forward (walk 27b: Back closed a dialog or left the page with what was typed in it):
 *   held before it happens where the browser tells of it (the Navigation API), and asked about; "Discard and go
 *   on" makes the move. Elsewhere it goes unasked, as before.
 * `still`, when given, is asked at that moment whether there is anything to lose (a dialog's text fields emptied by
 * a send leave nothing). `keepsOnThisPage`: what the caller holds stays through moves within its page (a tab, a
 * link that changes only the query), which are then not asked about.
 */
import { useEffect, useRef } from "react";
import { SIGNING_OUT } from "./session.tsx";

/**
 * The guards mounted now, each saying whether it still holds something to lose, and whether what it holds stays
 * through a move within its page (another tab of a tab row, a link that changes only the query): Settings'
 * sections and the site content's tabs keep their forms above the tabs.
 */
type Guard = { still: () => boolean; keepsOnThisPage: boolean; discard?: () => void };
const guards = new Set<Guard>();
/** Set once a person has chosen to leave, so that the browser does not ask a second time on the way out. */
let leaving = false;

/** Whether a move would lose something typed: to another page, or (`withinPage`) within this one. */
export const holdsUnsaved = (withinPage = false) => !leaving && [...guards].some((g) => !(withinPage && g.keepsOnThisPage) && g.still());

/**
 * A page's unsaved work stops the unload's question, and a sign-out from dropping it: in another tab (the page
 * stays, as an expiry), or here (`SIGNING_OUT` with the sign-out as its detail, from the portals'
 * account menu: done after "Discard and go on").
 */
function stopIfUnsaved(event: Event) {
  if (!holdsUnsaved()) return;
  event.preventDefault();
  if (event instanceof CustomEvent && typeof event.detail === "function") askFirst(event.detail);
}

/** The link a plain click (no new tab or window, no download) would follow to another place in the app, if any. */
function appLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const to = new URL(link.href, location.href);
  const here = location;
  if (to.origin !== here.origin || (to.pathname === here.pathname && to.search === here.search)) return null;
  return link;
}

function askAtLinks(event: MouseEvent) {
  const link = appLinkOf(event);
  if (!link || !holdsUnsaved(new URL(link.href, location.href).pathname === location.pathname)) return;
  // Before the router (or the browser) sees the click: it is given again, as it was, once the person chooses.
  event.preventDefault();
  event.stopPropagation();
  void import("../ui/leave-question.tsx").then(({ askBeforeLeaving }) =>
    askBeforeLeaving(link, () => {
      leaving = true;
      if (link.isConnected) link.click();
      else location.assign(link.href);
      // A move inside the app unmounts the page's guards (which ends this); a page the app does not serve, and
      // so loads afresh, leaves in a moment.
      setTimeout(() => {
        leaving = false;
      }, 1000);
    }),
  );
}

/** The tab's Navigation API where the browser has one (Chromium, and Firefox and Safari since 2025). */
interface TraverseEvent extends Event {
  navigationType: string;
  destination: { key: string; url: string };
}
const tabNavigation = () => (globalThis as { navigation?: EventTarget & { traverseTo(key: string): unknown } }).navigation;
/** The next Back or Forward is one the page makes itself, or one the person chose to make (not asked about). */
let passNext = false;
/** Set while "Discard and go on" drops what the guards hold, just before the move it makes. */
let discarding = false;

/**
 * The browser's Back or Forward, told before it happens (the Navigation API's `navigate`): while something typed is
 * unsaved, it is held and asked about; "Discard and go on" makes the same move. A move between entries of one
 * address (the admission form's steps) is not asked about, nor one the browser does not let a page hold (to a page
 * loaded afresh: the browser's own question, as a reload's; a second Back with no click or key between).
 */
function askAtTraverse(event: Event) {
  const move = event as TraverseEvent;
  if (move.navigationType !== "traverse") return;
  if (passNext) {
    passNext = false;
    return;
  }
  const to = new URL(move.destination.url);
  if (!move.cancelable || to.href === location.href || !holdsUnsaved(to.pathname === location.pathname)) return;
  move.preventDefault();
  const withinPage = to.pathname === location.pathname;
  askFirst(() => {
    leaving = true;
    passNext = true;
    // What is discarded goes: a move within the page keeps the page, and a dialog open on it would stay with its
    // text (walk 28a). A dialog that closes by going back over its own entry does not go back a second time.
    discarding = true;
    try {
      for (const held of [...guards]) if (!(withinPage && held.keepsOnThisPage) && held.still()) held.discard?.();
    } finally {
      discarding = false;
    }
    tabNavigation()?.traverseTo(move.destination.key);
    setTimeout(() => {
      leaving = false;
    }, 1000);
  });
}

/**
 * `history.back()` for a move the page makes itself while something may be held, at the person's word: a record's
 * dialog closed by its own Close goes back over the entry it added (lib/linked-record.ts), Cancel Edit back to the
 * applications (features/admissions/office-application.tsx), as a dialog's Close or Cancel drops what it holds.
 */
export function backUnasked(): void {
  if (discarding) return;
  if (guards.size > 0) passNext = true;
  history.back();
}

/** "Leave without saving?", then `go` on "Discard and go on". */
const askFirst = (go: () => void) => void import("../ui/leave-question.tsx").then(({ askBeforeLeaving }) => askBeforeLeaving(null, go));

/**
 * Runs `go` at once, or after "Leave without saving?" is answered "Discard and go on" while something typed here
 * is unsaved: for a move the page makes in place of a link, which would unmount what holds it (a tab row).
 */
export function leaveFirst(go: () => void): void {
  if (!holdsUnsaved(true)) go();
  else askFirst(go);
}

function guard(held: Guard): () => void {
  if (guards.size === 0) {
    globalThis.addEventListener("beforeunload", stopIfUnsaved);
    globalThis.addEventListener(SIGNING_OUT, stopIfUnsaved);
    // Capture, on the window: before React's own listener at its root, so the router never starts the move.
    globalThis.addEventListener("click", askAtLinks, true);
    // Told before the move, so the router never sees a move that is held.
    tabNavigation()?.addEventListener("navigate", askAtTraverse);
    // A page's own Back may have left its mark after its guard was gone (the dialog closed at once).
    passNext = false;
  }
  guards.add(held);
  return () => {
    guards.delete(held);
    if (guards.size > 0) return;
    leaving = false;
    globalThis.removeEventListener("beforeunload", stopIfUnsaved);
    globalThis.removeEventListener(SIGNING_OUT, stopIfUnsaved);
    globalThis.removeEventListener("click", askAtLinks, true);
    tabNavigation()?.removeEventListener("navigate", askAtTraverse);
  };
}

/**
 * `onDiscard`: drops what is held, when "Discard and go on" answers a Back or Forward that keeps the page (a dialog
 * closes; the marks typed are dropped).
 */
export function useLeaveWarning(
  active: boolean,
  still?: () => boolean,
  { keepsOnThisPage = false, onDiscard }: { keepsOnThisPage?: boolean; onDiscard?: () => void } = {},
): void {
  const stillRef = useRef(still);
  stillRef.current = still;
  const discardRef = useRef(onDiscard);
  discardRef.current = onDiscard;
  useEffect(() => {
    if (!active) return;
    return guard({ still: () => stillRef.current?.() !== false, keepsOnThisPage, discard: () => discardRef.current?.() });
  }, [active, keepsOnThisPage]);
}
