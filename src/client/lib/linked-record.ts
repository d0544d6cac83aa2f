/**
 * A record named in the address, `?open=12`: what a notification's or the dashboard's link opens on an office
 * list (an application, an inquiry, a ticket), in the page's own details dialog, and what a click on the list
 * puts there.
 */
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { backUnasked } from "./leave-warning.ts";
import { useAddressWithQuery } from "./use-list-params.ts";

/** The address of an office list with one record's details open. */
export const linkedRecord = (page: string, id: number) => `${page}?open=${id}`;

/**
 * What a page or dialog opened from an office list writes into the history entry it adds: the list is one step
 * back, so going back returns to it as it was left (`useRecordInAddress`; the application's edit and print pages).
 */
export const LIST_BEHIND = { listBehind: true };
export const listBehind = () => (globalThis.history?.state as Record<string, unknown> | null)?.listBehind === true;

/**
 * `const [openId, setOpenId, close] = useRecordInAddress()` on a list page whose details dialog shows the record
 * `openId`: the record open is the one the address names. Opening one from the list adds a history entry
 * (`?open=12`, the list's own keys kept), so a reload keeps it open, the address can be shared, and the browser's
 * Back closes the dialog on the list as it was (walk 27b: Back left the page under the dialog, or changed the
 * list behind it, and a reload closed it). `close`, for the dialog's own Close and Escape, goes back over that
 * entry, so Back then leaves the list; `setOpenId(null)`, for a page that closes it after an action (an
 * approval), takes `open` out of the address in place, so the browser does not restore the list's scroll over
 * the result the page has just brought into view. One opened by a link (a notification's, the dashboard's, a
 * pasted address) always leaves the address in place, so Back does not open it once more.
 */
export function useRecordInAddress(): [number | null, (id: number | null) => void, () => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const asked = new URLSearchParams(search).get("open") ?? "";
  const linked = /^\d{1,9}$/.test(asked) ? Number(asked) : null;
  // Closed at once, while the address goes back a step (that comes a moment later).
  const [closing, setClosing] = useState<number | null>(null);
  useEffect(() => {
    if (linked === null) setClosing(null);
  }, [linked]);
  const openId = linked === closing ? null : linked;
  const addressWith = (id: number | null) => {
    const params = new URLSearchParams(search);
    if (id === null) params.delete("open");
    else params.set("open", String(id));
    return address(params.toString());
  };
  const setOpenId = (id: number | null) => {
    if (id === openId) return;
    setClosing(null);
    if (id !== null) navigate(addressWith(id), { state: LIST_BEHIND });
    else navigate(addressWith(null), { replace: true });
  };
  const close = () => {
    if (openId === null) return;
    if (!listBehind()) return setOpenId(null);
    setClosing(openId);
    backUnasked();
  };
  return [openId, setOpenId, close];
}
