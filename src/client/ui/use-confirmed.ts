/** A change asked first in a ConfirmDialog: the row the dialog is open for, the call, and its refusal inside. */
import { useState } from "react";
import { normaliseError } from "../lib/errors.ts";
import { useOneAtATime } from "../lib/one-at-a-time.ts";
import { failureMessage } from "./list-controls.tsx";
import { useSaved } from "./use-saved.ts";

/** What `send` reports back: the server's words once done, or why it refused. */
export interface ConfirmedCall {
  done: (message: string) => void;
  failed: (err: unknown) => void;
}

/**
 * `const deleting = useConfirmed((row, { done, failed }) => remove.mutate({ id: row.id }, { onSuccess: (a) =>
 * done(a.message), onError: failed }), { reload, failed: "…" })`: `ask(row)` opens the dialog with no old
 * refusal, `confirm` makes the call; done, the dialog closes, the message shows and `reload` (given the row)
 * runs (useSaved);
 * refused, `error` says why (the server's words, else `failed`, which may depend on the row) and the dialog
 * stays open. A dialog that asks for something more (a reason) passes it to `confirm`, and `send` gets it.
 * `send` must end in `done` or `failed`: until then a second `confirm` (a double click) sends nothing.
 */
export function useConfirmed<T, Extra extends unknown[] = []>(
  send: (row: T, call: ConfirmedCall, ...extra: Extra) => void,
  options: { reload: (row: T) => unknown; failed: string | ((row: T) => string) },
) {
  const [row, setRow] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = useSaved(() => row !== null && options.reload(row))(() => setRow(null));
  const close = () => {
    setRow(null);
    setError(null);
  };
  // A double click's second click comes before the dialog shows itself busy: one call at a time.
  const sending = useOneAtATime();
  const confirm = (...extra: Extra) => {
    if (row === null || !sending.start()) return;
    setError(null);
    const fallback = typeof options.failed === "string" ? options.failed : options.failed(row);
    const call: ConfirmedCall = {
      done: (message) => {
        sending.settled();
        done(message);
      },
      failed: (err) => {
        sending.settled();
        setError(failureMessage(err, fallback));
        // Refused because a colleague acted first (returned, cancelled, decided: 409) or the row is gone (deleted
        // from another tab: 404): the list behind the message is read again, so it stops offering what was just
        // refused (twelfth walk; walk 27b for the 404, whose row stayed in the list).
        const status = normaliseError(err).status;
        if (status === 409 || status === 404) options.reload(row);
      },
    };
    send(row, call, ...extra);
  };
  return {
    row,
    error,
    ask: (next: T) => {
      setError(null);
      setRow(next);
    },
    close,
    confirm,
    /** ConfirmDialog's open, error, onConfirm and onClose: `<ConfirmDialog {...deleting.dialog} title=…>` */
    dialog: { open: row !== null, error, onConfirm: confirm, onClose: close },
  };
}
