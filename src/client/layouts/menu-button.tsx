/**
 * A disclosure menu for the top bars (profile and account actions): a button that shows a short list
 * of links and buttons. Escape, a click elsewhere and the focus moving out of it (Tab past its last item) close it;
 * Escape returns focus to the button. Left open, its panel covered what Tab reached next (walk 25).
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";

export function MenuButton({
  label,
  buttonContent,
  children,
  align = "end",
}: {
  /** what the button is, read after its visible content, e.g. "Account menu" */
  label: string;
  buttonContent: ReactNode;
  /** the items; any link or button inside closes the menu when chosen */
  children: ReactNode;
  align?: "start" | "end";
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const [location] = useLocation();

  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return (
    <div
      className="menu"
      ref={root}
      onBlur={(event) => {
        // Only for focus that went somewhere: Safari focuses no button on a click, so a click on an item blurs
        // to nothing, and closing then would lose the click (a click outside is the pointerdown's).
        const to = event.relatedTarget as Node | null;
        if (open && to && !root.current?.contains(to)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {buttonContent}
        {/* Said after the visible name, so the button's name contains what sighted users read (WCAG 2.5.3). */}
        <span className="sr-only">{label}</span>
      </button>
      <div
        id={panelId}
        className={align === "start" ? "menu__panel menu__panel--start" : "menu__panel"}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a, button")) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
