/**
 * A record named in the address, `?open=12`: what a notification's or the dashboard's link opens on an office
 * list (an application, an inquiry, a ticket), in the page's own details dialog.
 */
import { useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";

/** The address of an office list with one record's details open. */
export const linkedRecord = (page: string, id: number) => `${page}?open=${id}`;

/**
 * `useOpenedFromAddress(openId, setOpenId)` on a list page whose details dialog shows the record `openId`: the
 * record the address names is opened, and once its dialog closes (by any way) it leaves the address again, with
 * `replace` — the list's own keys stay, and Back does not open it once more.
 */
export function useOpenedFromAddress(open: number | null, setOpen: (id: number) => void): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get("open") ?? "";
  const linked = /^\d{1,9}$/.test(asked) ? Number(asked) : null;
  const shown = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened when the address names a record, not on each render
  useEffect(() => {
    if (linked !== null) setOpen(linked);
  }, [linked]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is read as it is when the dialog closes
  useEffect(() => {
    if (open !== null && open === linked) shown.current = true;
    else if (open === null && shown.current) {
      shown.current = false;
      const params = new URLSearchParams(search);
      params.delete("open");
      navigate(params.size ? `${location}?${params}` : location, { replace: true });
    }
  }, [open, linked]);
}
