/**
 * A select whose choice is saved at once (a ticket's status, an inquiry's assignee). On Linux and Windows an
 * arrow key on a closed select changes its value, so each step through the options was saved, and the
 * select, disabled while it saved, dropped the focus to the page (eighth walk). Here the choice is saved once
 * it has settled (`SETTLE_MS` after the last change), the select stays enabled and keeps the focus, and shows
 * the choice while it is saved; a choice still waiting when the select goes (its dialog closed) is saved then.
 */
import { useEffect, useRef, useState } from "react";
import { Select, type SelectProps } from "./field.tsx";

export const SETTLE_MS = 700;

export type SavingSelectProps = Omit<SelectProps, "value" | "onChange" | "disabled"> & {
  /** the saved value (the server's) */
  value: string;
  /** saves a choice (a mutation); `busy` while it is on its way */
  onSave: (value: string) => void;
  busy: boolean;
  /** what the hint says while a choice is being saved */
  savingHint: string;
  /** the options are not there yet (e.g. the office's members loading) */
  loading?: boolean;
};

export function SavingSelect({ value, onSave, busy, savingHint, loading = false, hint, ...props }: SavingSelectProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; save: () => void } | null>(null);
  const saved = useRef(value);
  saved.current = value;
  const wasBusy = useRef(busy);

  // The server has the choice: show its value again.
  useEffect(() => {
    if (chosen !== null && chosen === value) setChosen(null);
  }, [value, chosen]);
  // A save that ended without the choice (refused): the saved value again, unless another choice waits.
  useEffect(() => {
    if (wasBusy.current && !busy && !waiting.current) setChosen(null);
    wasBusy.current = busy;
  }, [busy]);
  // Closed with a choice still waiting: it is saved now, not lost.
  useEffect(
    () => () => {
      const left = waiting.current;
      if (!left) return;
      clearTimeout(left.timer);
      left.save();
    },
    [],
  );

  const choose = (next: string) => {
    setChosen(next);
    if (waiting.current) clearTimeout(waiting.current.timer);
    const save = () => {
      waiting.current = null;
      if (next === saved.current) setChosen(null);
      else onSave(next);
    };
    waiting.current = { timer: setTimeout(save, SETTLE_MS), save };
  };

  return (
    <Select
      {...props}
      value={chosen ?? value}
      disabled={loading}
      aria-busy={busy || chosen !== null || undefined}
      hint={busy ? savingHint : hint}
      onChange={(e) => choose(e.target.value)}
    />
  );
}
