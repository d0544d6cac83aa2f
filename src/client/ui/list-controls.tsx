/**
 * Pieces the admin list screens share: the debounced search box, the icon buttons of a table row, the
 * confirmation dialog, date formats, and the rule for which failure text a person sees.
 */

import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import * as v from "valibot";
import { admin } from "../../shared/i18n/admin.ts";
import { validation } from "../../shared/i18n/validation.ts";
import { searchTerm } from "../../shared/schemas/common.ts";
import { failureMessage } from "../lib/errors.ts";
import { formatDate as date, formatDateTime as dateTime } from "../lib/format.ts";
import { useT } from "../lib/i18n.tsx";
import { Alert } from "./alert.tsx";
import { Button, type ButtonVariant } from "./button.tsx";
import { Dialog } from "./dialog.tsx";
import { FieldNotes, fieldA11y } from "./field.tsx";
import { SearchIcon } from "./more-icons.tsx";

/** What a list's search may be (the server's own rule). */
const SEARCH = searchTerm();

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListSearchProps {
  id: string;
  label: string;
  placeholder?: string;
  /** the search in the URL */
  value: string;
  onSearch: (search: string) => void;
  delay?: number;
}

/**
 * What a search box holds and sends: the text typed, sent once typing pauses (or at once with `submit`), and
 * the search in the URL (`value`) followed when it changes elsewhere (the Back button, a link) rather than
 * sent over again. `next` is what `rule` (the server's own) makes of the text: null while it refuses it, and
 * then `problem` says why and nothing is sent. `submit` answers whether the text could be sent.
 */
export function useSearchBox(
  value: string,
  onSearch: (search: string) => void,
  rule: v.GenericSchema<string | undefined, string>,
  delay = SEARCH_DEBOUNCE_MS,
) {
  const [text, setText] = useState(value);
  const checked = v.safeParse(rule, text);
  const next = checked.success ? checked.output : null;
  const problem = checked.success ? undefined : checked.issues[0].message;
  const committed = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const send = (term: string) => {
    committed.current = term;
    onSearchRef.current(term);
  };

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(value);
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: send reads refs only
  useEffect(() => {
    if (next === null || next === committed.current) return;
    const timer = setTimeout(() => send(next), delay);
    return () => clearTimeout(timer);
  }, [next, delay]);

  const submit = () => {
    if (next !== null && next !== committed.current) send(next);
    return next !== null;
  };
  return { text, setText, next, problem, submit };
}

/**
 * A search box that sends what was typed once typing pauses (or at once on Enter), and follows the URL
 * when it changes elsewhere (Back button, a link). A search longer than the server takes (the shared
 * `searchTerm` rule) is said beside the box and not sent: the browser's maxlength cut a pasted text short
 * and searched for the rest without a word.
 */
export function ListSearch({ id, label, placeholder, value, onSearch, delay = SEARCH_DEBOUNCE_MS }: ListSearchProps) {
  useT(validation);
  const { text, setText, problem, submit: send } = useSearchBox(value, onSearch, SEARCH, delay);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <form role="search" className="ops-search" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span className="ops-search__box">
        <span className="ops-search__icon" aria-hidden="true">
          <SearchIcon size={18} />
        </span>
        <input
          type="search"
          className="ui-input ops-search__input"
          placeholder={placeholder}
          value={text}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          {...fieldA11y(id, problem)}
        />
      </span>
      <FieldNotes id={id} messages={problem ? [problem] : []} />
    </form>
  );
}

/**
 * A row's button text: the short word shows ("Edit"), screen readers hear which row it acts on
 * ("Edit Ravi Kumar"), so a list of Edit buttons is not a list of the same name.
 */
export function RowActionLabel({ label, spoken }: { label: ReactNode; spoken: string }) {
  return (
    <>
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

/**
 * A list's row buttons (small, labelled by {@link RowActionLabel}): `spoken` says what screen readers hear for
 * a button's word on a row ("Edit" → "Edit BA English"); while `busy`, none acts (aria-disabled, not
 * `disabled`: the one pressed keeps the focus; tenth walk: Archive dropped it to the page).
 * `const action = rowActionButtons(...)`, then `action(t("admin.edit"), row, () => edit(row))` in the row's cell.
 */
export function rowActionButtons<T>(spoken: (label: string, row: T) => string, busy = false) {
  return (label: string, row: T, onClick: () => void, variant: "secondary" | "ghost" = "secondary") => (
    <Button size="sm" variant={variant} onClick={busy ? undefined : onClick} aria-disabled={busy || undefined}>
      <RowActionLabel label={label} spoken={spoken(label, row)} />
    </Button>
  );
}

export interface IconActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  variant?: ButtonVariant;
  disabled?: boolean;
  loading?: boolean;
}

/** A row's icon button: the label is its accessible name and its tooltip. */
export function IconAction({ label, icon, onClick, variant = "ghost", disabled, loading }: IconActionProps) {
  return (
    <Button
      variant={variant}
      size="sm"
      iconOnly
      aria-label={label}
      title={label}
      disabled={disabled}
      loading={loading}
      onClick={onClick}
      className="ops-icon-action"
    >
      {loading ? null : icon}
    </Button>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** what the confirm button says while the call runs */
  busyLabel?: string;
  tone?: "danger" | "primary";
  busy?: boolean;
  /** why the last try failed: a sentence (shown in an alert) or an alert of the caller's own */
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** the button that leaves things as they are, when "Cancel" would read as the action itself ("Cancel exam") */
  cancelLabel?: string;
  /** the focus starts on that button, not on × (a question whose safe answer is to stay) */
  cancelFirst?: boolean;
}

/** Asks before a change that cannot be taken back; a failure shows inside, so nothing is lost. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  tone = "danger",
  busy = false,
  error,
  onConfirm,
  onClose,
  cancelLabel,
  cancelFirst = false,
}: ConfirmDialogProps) {
  const t = useT(admin);
  // The question's text describes the dialog: a screen reader says it with the title as the focus arrives on a
  // button (walk 28a: "Leave without saving?" was heard without why).
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size="sm"
      describedBy={textId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus={cancelFirst || undefined}>
            {cancelLabel ?? t("proc.cancel")}
          </Button>
          <Button variant={tone} loading={busy} onClick={onConfirm}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="stack stack--sm">
        {typeof error === "string" ? <Alert tone="error">{error}</Alert> : (error ?? null)}
        <div id={textId} className="ops-confirm__text">
          {children}
        </div>
      </div>
    </Dialog>
  );
}

/** Why an action failed, in words the person can act on (lib/errors.ts; the list screens take it from here). */
export { failureMessage };

/** "22 Nov 2026"; "—" when there is no date. */
export const formatDate = (value: string | null | undefined) => date(value, { empty: "—" });

/** "22 Nov 2026, 3:05 pm"; "—" when there is no date. */
export const formatDateTime = (value: string | null | undefined) => dateTime(value, { empty: "—" });

/** "Showing 11–20 of 45" for a server page; "Showing 1 of 1" for one row (the nouns are plural: never "1 students"). */
export function rangeText(page: number, limit: number, total: number, noun: string): string {
  if (total === 0) return admin.t("list.none", { noun });
  if (total === 1) return admin.t("list.one");
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return first > total ? admin.t("list.all", { total, noun }) : admin.t("list.range", { first, last, total, noun });
}
