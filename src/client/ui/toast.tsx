/**
 * Short confirmations ("Saved.") that appear in a corner and go away by themselves. For anything
 * a person must act on, use an Alert on the page instead: toasts are easy to miss.
 */

import type { ReactNode } from "react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { common } from "../../shared/i18n/common.ts";
import { failureMessage } from "../lib/errors.ts";
import { useT } from "../lib/i18n.tsx";
import { cx } from "./cx.ts";
import { CloseIcon, TONE_ICONS } from "./icons.tsx";

export type ToastTone = "success" | "error" | "info" | "warning";

type ToastItem = { id: number; message: string; tone: ToastTone; ms: number };

export type ToastApi = {
  /** Shows a message (tone "success" unless given) for `ms` milliseconds; 0 keeps it until dismissed. Returns its id. */
  show: (message: string, tone?: ToastTone, ms?: number) => number;
  /** Shows why an action failed, as an error: the server's words for a refusal the person can act on, else `fallback`. */
  failed: (err: unknown, fallback: string) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  // Subscribed to the language, so the region's name follows a change of it (walk 22d: "Alerts" in Marathi).
  const t = useT(common);
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((message: string, tone: ToastTone = "success", ms = 4000) => {
    const id = nextId.current++;
    // Keep the last few: a burst of saves should not cover the screen.
    setToasts((list) => [...list.slice(-3), { id, message, tone, ms }]);
    return id;
  }, []);

  const api = useMemo(
    () => ({ show, failed: (err: unknown, fallback: string) => show(failureMessage(err, fallback), "error"), dismiss }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The region's home: while a modal dialog is open the region moves into it (ui/dialog.tsx). */}
      <div className="ui-toasts-home">
        <section className="ui-toasts" aria-label={t("toasts")}>
          <ol className="ui-toasts__list" aria-live="polite" aria-relevant="additions text">
            {toasts.map((t) => (
              <Toast key={t.id} toast={t} onDismiss={dismiss} />
            ))}
          </ol>
        </section>
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const Icon = TONE_ICONS[toast.tone];

  // Hovering or focusing a toast stops its clock (WCAG 2.2.1); leaving starts it again.
  useEffect(() => {
    if (paused || toast.ms <= 0 || !Number.isFinite(toast.ms)) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.ms);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.ms, onDismiss]);

  return (
    <li
      className={cx("ui-toast", `ui-toast--${toast.tone}`)}
      role={toast.tone === "error" ? "alert" : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="ui-toast__icon">
        <Icon size={20} />
      </span>
      <p className="ui-toast__message">{toast.message}</p>
      <button type="button" className="ui-toast__dismiss" aria-label={common.t("dismiss")} onClick={() => onDismiss(toast.id)}>
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>.");
  return api;
}
