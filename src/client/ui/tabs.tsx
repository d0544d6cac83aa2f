/** Tabs that switch views in place (WAI-ARIA tabs pattern: arrow keys move and select, one tab stop). */

import type { KeyboardEvent, ReactNode } from "react";
import { useLayoutEffect, useRef } from "react";
import { leaveFirst } from "../lib/leave-warning.ts";
import { cx } from "./cx.ts";

export type TabItem = { id: string; label: ReactNode; disabled?: boolean };

export const tabDomId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
export const panelDomId = (idPrefix: string, id: string) => `${idPrefix}-panel-${id}`;

export type TabsProps = {
  tabs: readonly TabItem[];
  /** The selected tab's id. */
  value: string;
  onChange: (id: string) => void;
  /** Unique on the page; ties each tab to its TabPanel. */
  idPrefix: string;
  /** Accessible name of the tab list, e.g. "Application sections". */
  label?: string;
  className?: string;
};

export function Tabs({ tabs, value, onChange, idPrefix, label, className }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = tabs.filter((t) => !t.disabled);

  // A row wider than the screen scrolls sideways (phones): bring the selected tab into it, also when the page
  // opens on a later tab (?tab=preferences), moving the row only, never the page.
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.ownerDocument.getElementById(tabDomId(idPrefix, value));
    if (!list || !tab) return;
    const row = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < row.left) list.scrollLeft -= row.left - box.left;
    else if (box.right > row.right) list.scrollLeft += box.right - row.right;
  }, [idPrefix, value]);

  // Another tab unmounts this one's panel: what is typed there and unsaved is asked about first (stop 45).
  function select(id: string) {
    const go = () => {
      onChange(id);
      listRef.current?.ownerDocument.getElementById(tabDomId(idPrefix, id))?.focus();
    };
    if (id === value) go();
    else leaveFirst(go);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (enabled.length === 0) return;
    const index = enabled.findIndex((t) => t.id === value);
    let next: TabItem | undefined;
    switch (e.key) {
      case "ArrowRight":
        next = enabled[(index + 1) % enabled.length];
        break;
      case "ArrowLeft":
        next = enabled[(index - 1 + enabled.length) % enabled.length];
        break;
      case "Home":
        next = enabled[0];
        break;
      case "End":
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    e.preventDefault();
    if (next) select(next.id);
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={cx("ui-tabs", className)}
      onKeyDown={onKeyDown}
    >
      {tabs.map((t) => {
        const selected = t.id === value;
        return (
          <button
            key={t.id}
            id={tabDomId(idPrefix, t.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelDomId(idPrefix, t.id)}
            tabIndex={selected ? 0 : -1}
            disabled={t.disabled}
            className="ui-tabs__tab"
            onClick={() => select(t.id)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

export type TabPanelProps = {
  idPrefix: string;
  /** This panel's tab id. */
  id: string;
  /** The selected tab's id (the same value given to Tabs). */
  value: string;
  /** Keep the panel mounted (hidden) when not selected, e.g. to keep what was typed in a form. */
  keepMounted?: boolean;
  className?: string;
  children: ReactNode;
};

export function TabPanel({ idPrefix, id, value, keepMounted = false, className, children }: TabPanelProps) {
  const selected = id === value;
  if (!selected && !keepMounted) return null;
  return (
    <div
      id={panelDomId(idPrefix, id)}
      role="tabpanel"
      aria-labelledby={tabDomId(idPrefix, id)}
      tabIndex={0}
      hidden={!selected}
      className={cx("ui-tab-panel", className)}
    >
      {children}
    </div>
  );
}
