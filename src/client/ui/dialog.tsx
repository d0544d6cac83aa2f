/** A modal on the native <dialog>: the browser traps focus and inerts the page; we add focus return and close rules. */

import type { FormEvent, KeyboardEvent, MouseEvent, ReactNode } from "react";
import { useEffect, useId, useRef, useState } from "react";
import { common } from "../../shared/i18n/common.ts";
import type { FormSubmission } from "../lib/form.ts";
import { useT } from "../lib/i18n.tsx";
import { useLeaveWarning } from "../lib/leave-warning.ts";
import { Button, type ButtonVariant } from "./button.tsx";
import { cx } from "./cx.ts";
import { CloseIcon } from "./icons.tsx";
import { FormFailure } from "./load-error.tsx";

/** Inputs whose value is chosen, not typed. */
const NOT_TYPED = new Set(["checkbox", "radio", "file", "hidden", "range", "color", "submit", "button", "reset", "image"]);

export type DialogProps = {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop; the parent sets open to false. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Actions, usually a cluster of Buttons; the primary action last. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Optional line under the title; it becomes the dialog's description. */
  description?: ReactNode;
  className?: string;
  /** false: no close button, and Escape or a click outside does nothing (a step the person must take) */
  dismissible?: boolean;
  /**
   * A record's details: the focus starts on Close, not on the first field, whether the record was there at once or
   * came a moment later (walk 28a: on a record already read, an arrow key on its status select changed the status).
   */
  startAtClose?: boolean;
  /** the id of what describes the dialog when it is not `description` (a confirmation's text) */
  describedBy?: string;
};

// Not an element with the hidden attribute (a password manager's username field), which cannot take focus.
const FIELDS = 'input:not([disabled]):not([type="hidden"]):not([hidden]), select:not([disabled]), textarea:not([disabled])';
const FOCUSABLE = `a[href], button:not([disabled]), ${FIELDS}, [tabindex]:not([tabindex="-1"])`;

/**
 * Where focus goes when a dialog closes and the control that opened it is gone (or was none, e.g. a busy button
 * had lost focus): into the dialog still open beneath it, if any — its first field, as when it opened —, else to
 * the page's main region (the skip link's target), where the next Tab goes on from, not to the top of the page.
 */
function focusDialogBelow(closing: HTMLDialogElement) {
  // The page may have put focus somewhere already (what comes next after the dialog's step): leave it there.
  const current = document.activeElement;
  if (current && current !== document.body && !closing.contains(current)) return;
  const below = [...document.querySelectorAll<HTMLDialogElement>("dialog[open]")].filter((d) => d !== closing).at(-1);
  const target = below
    ? (below.querySelector<HTMLElement>(`.ui-dialog__body :is(${FIELDS})`) ?? below.querySelector<HTMLElement>(FOCUSABLE))
    : document.getElementById("main");
  target?.focus({ preventScroll: true });
}

/**
 * The toasts over an open modal: the browser draws a modal dialog in the top layer, above any z-index, and makes
 * the rest of the page inert, so what a dialog's action says ("Note added.") would show behind it, or, drawn
 * above it from outside, could not be touched (a tap on it fell through to an application's Approve button).
 * The toasts' region (ui/toast.tsx) moves into the open dialog on top (the last opened), and back to its home
 * on the page once no dialog is open. React keeps its nodes wherever they stand, and removes only the home.
 */
/** The event said when the toasts' region has moved between a dialog and the page. */
export const TOASTS_MOVED = "toasts-moved";

function toastsOverDialogs(closing?: HTMLDialogElement) {
  // A dialog that unmounted (its page left) is out of the document with the region still inside.
  const region = document.querySelector(".ui-toasts") ?? closing?.querySelector(".ui-toasts");
  const top = [...document.querySelectorAll("dialog[open]")].filter((d) => d !== closing).at(-1);
  if (region) (top ?? document.querySelector(".ui-toasts-home"))?.append(region);
  // Where they stand is measured again (ui/toasts-clear-of-focus.ts): a closing dialog gives the focus back
  // before the region has left it, so the check made then measured nothing (tenth walk: a toast over Reject).
  document.dispatchEvent(new Event(TOASTS_MOVED));
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = "md",
  description,
  className,
  dismissible = true,
  startAtClose = false,
  describedBy,
}: DialogProps) {
  const t = useT(common);
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const openRef = useRef(open);
  openRef.current = open;
  const onCloseRef = useRef(onClose);
  // While its form is being sent (a busy submit button), Escape, × and the backdrop do nothing: closing would look
  // like a cancel of what is still sent (a UPI payment reported all the same). It closes when the answer comes.
  onCloseRef.current = () => dismissible && !ref.current?.querySelector('button[type="submit"][aria-busy]') && onClose();
  const pressStartedOnBackdrop = useRef(false);
  // Text typed in the open dialog (a reply, a student's details, a reason): reloading or closing the page asks
  // first (lib/leave-warning.ts) while a field typed in still holds some, until the dialog closes. A select or a
  // checkbox is not typed text (the office's status and assignee selects save as they change), and a field a
  // send emptied (a ticket's response, the dialog staying open) leaves nothing to lose.
  const typedIn = useRef(new Set<HTMLInputElement | HTMLTextAreaElement>());
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (open) return;
    typedIn.current.clear();
    setEdited(false);
  }, [open]);
  const holdsTyped = () => [...typedIn.current].some((field) => field.isConnected && field.value.trim() !== "");
  // "Discard and go on" over a Back that keeps the page closes the dialog, its text with it (walk 28a).
  useLeaveWarning(open && edited, holdsTyped, { onDiscard: () => onCloseRef.current() });
  const onInput = (event: FormEvent<HTMLDialogElement>) => {
    const field = event.target;
    // A part marked data-own-guard judges its own unsaved text (its own useLeaveWarning): an office note's
    // follow-up date, saved by its button, still shows what was saved (stop 45: "Edit" then asked to leave it).
    if (field instanceof Element && field.closest("[data-own-guard]")) return;
    if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !NOT_TYPED.has(field.type))) {
      typedIn.current.add(field);
      setEdited(true);
    }
  };

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) {
      if (typeof el.showModal === "function") el.showModal();
      else el.setAttribute("open", "");
    }
    toastsOverDialogs();
    // Focus the first field of the body (or one marked [autofocus] or [data-autofocus], which React can set: its
    // autoFocus is no attribute); else the dialog's close button: a record's first link (its e-mail address) is
    // no place to start, where Enter by reflex opens the mail program (walk 22b).
    const target =
      el.querySelector<HTMLElement>("[autofocus], [data-autofocus]") ??
      (startAtClose ? null : bodyRef.current?.querySelector<HTMLElement>(FIELDS)) ??
      el.querySelector<HTMLElement>(FOCUSABLE) ??
      el;
    target.focus();
    return () => {
      // Close only when the parent closed us. On unmount the element leaves the DOM (and the top layer)
      // anyway, and under StrictMode's effect re-run closing here would fire "close" and call onClose.
      if (!openRef.current && el.open) {
        if (typeof el.close === "function") el.close();
        else el.removeAttribute("open");
      }
      toastsOverDialogs(el);
      if (opener?.isConnected && opener !== document.body) {
        opener.focus();
        // Still inert behind a dialog that closes in the same step (an application's details under its Approve,
        // both closing once it is approved): the focus is given again once that one has gone, not left to it
        // (which, finding its own opener gone, sent it to the main region).
        // Unless the page has put it somewhere of its own meanwhile (a result's notice: ui/list-page.tsx).
        if (document.activeElement !== opener) {
          queueMicrotask(() => {
            const now = document.activeElement;
            if (opener.isConnected && (!now || now === document.body || now.closest("dialog"))) opener.focus();
          });
        }
      } else focusDialogBelow(el);
    };
  }, [open]);

  // Escape: browsers fire "cancel" (also for Android's back gesture); happy-dom and some older engines
  // do not, so keydown handles it too, and the cancel that may follow the same key press is ignored.
  const escapeHandled = useRef(false);

  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    e.preventDefault();
    e.stopPropagation();
    escapeHandled.current = true;
    setTimeout(() => {
      escapeHandled.current = false;
    }, 0);
    onCloseRef.current();
  }

  function onCancel(e: { preventDefault(): void }) {
    e.preventDefault();
    if (escapeHandled.current) return;
    onCloseRef.current();
  }

  // The dialog element itself is only hit outside the panel, i.e. on the backdrop.
  function onMouseDown(e: MouseEvent<HTMLDialogElement>) {
    pressStartedOnBackdrop.current = e.target === e.currentTarget;
  }

  // A tap beside the panel is no decision to throw away what was typed in it (stop 45: a phone's 17 px margin
  // closed "Add a book" with its fields filled): with typed text the dialog stays; ×, Cancel and Escape close it.
  function onClick(e: MouseEvent<HTMLDialogElement>) {
    if (e.target === e.currentTarget && pressStartedOnBackdrop.current && !holdsTyped()) onCloseRef.current();
    pressStartedOnBackdrop.current = false;
  }

  // A <form method="dialog"> inside closes the element natively: keep the parent's state in step.
  function onNativeClose() {
    if (openRef.current && dismissible) onClose();
  }

  return (
    <dialog
      ref={ref}
      className={cx("ui-dialog", `ui-dialog--${size}`, className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : describedBy}
      onCancel={onCancel}
      onClose={onNativeClose}
      onInput={onInput}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      {open ? (
        <div className="ui-dialog__panel">
          <header className="ui-dialog__header">
            <div className="ui-dialog__heading">
              <h2 id={titleId} className="ui-dialog__title">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="ui-dialog__description">
                  {description}
                </p>
              ) : null}
            </div>
            {dismissible ? (
              <button type="button" className="ui-dialog__close" aria-label={t("close")} onClick={() => onCloseRef.current()}>
                <CloseIcon size={20} />
              </button>
            ) : null}
          </header>
          <div ref={bodyRef} className="ui-dialog__body">
            {children}
          </div>
          {footer ? <footer className="ui-dialog__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** How a FormDialog sends its form: a form state's `submission`, or its parts one by one. */
type FormSending =
  | {
      /** the form's submit, busy flag and failure in one (useFormState's `submission`) */
      form: FormSubmission;
      onSubmit?: never;
      busy?: never;
      failure?: never;
    }
  | {
      form?: never;
      onSubmit: (event: FormEvent<HTMLFormElement>) => void;
      /** while it is sent: the buttons wait and the dialog stays open */
      busy: boolean;
      /** why the whole form failed (the server's refusal), above the fields */
      failure?: string | null;
    };

export type FormDialogProps = Omit<DialogProps, "open" | "footer"> &
  FormSending & {
    /** default true: the parent shows the dialog only while it is wanted */
    open?: boolean;
    /** the form's id, which the footer's submit button names */
    formId: string;
    cancelLabel: ReactNode;
    submitLabel: ReactNode;
    /** what the submit button says while `busy` (e.g. "Saving…"); else it keeps `submitLabel` */
    busyLabel?: ReactNode;
    submitVariant?: ButtonVariant;
    submitDisabled?: boolean;
    /** a line above the failure and the fields */
    lead?: ReactNode;
    /** inside the dialog, below the form (e.g. an upload that sends on its own) */
    after?: ReactNode;
  };

/** A dialog that is one form: its fields in the body, Cancel and the submit button in the footer. */
export function FormDialog({
  open = true,
  onClose,
  formId,
  form,
  onSubmit = form?.onSubmit,
  busy = form?.busy ?? false,
  failure = form?.failure,
  cancelLabel,
  submitLabel,
  busyLabel,
  submitVariant,
  submitDisabled,
  lead,
  after,
  children,
  ...dialog
}: FormDialogProps) {
  return (
    <Dialog
      {...dialog}
      open={open}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={busy} disabled={submitDisabled}>
            {busy && busyLabel !== undefined ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={onSubmit} noValidate>
        {lead}
        <FormFailure message={failure} />
        {children}
      </form>
      {after}
    </Dialog>
  );
}
