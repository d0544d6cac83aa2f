/**
 * The six single-digit boxes of an e-mailed code (spec part 1 §5): each takes one digit and moves on,
 * Backspace in an empty box goes back and clears the one before, the arrow keys move, and pasting (or
 * the phone's one-time-code autofill, which puts the whole code into the first box) fills them with up
 * to six digits, dropping anything else.
 */

import { type ClipboardEvent, type KeyboardEvent, type Ref, useImperativeHandle, useRef } from "react";
import { CODE_LENGTH } from "../../../shared/constants.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { useT } from "../../lib/i18n.tsx";
import { cx } from "../../ui/cx.ts";
import { errorId, FieldNotes } from "../../ui/field.tsx";

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => "");

export interface CodeInputHandle {
  /** Focuses a box: the given one, else the first empty one. */
  focus(index?: number): void;
}

export function CodeInput({
  id,
  label,
  digits,
  onChange,
  error,
  disabled,
  ref,
}: {
  id: string;
  label?: string;
  digits: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | null;
  disabled?: boolean;
  ref?: Ref<CodeInputHandle>;
}) {
  const t = useT(auth);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();

  useImperativeHandle(ref, () => ({
    focus(index) {
      const firstEmpty = digits.indexOf("");
      focusBox(index ?? (firstEmpty === -1 ? CODE_LENGTH - 1 : firstEmpty));
    },
  }));

  /** Puts digits into the boxes from `start` (from the first box when a whole code arrives). */
  const place = (start: number, text: string) => {
    let incoming = text.replace(/\D/g, "");
    if (!incoming) return;
    if (incoming.length >= CODE_LENGTH) {
      start = 0;
      incoming = incoming.slice(0, CODE_LENGTH);
    } else {
      incoming = incoming.slice(0, CODE_LENGTH - start);
    }
    const next = [...digits];
    for (let k = 0; k < incoming.length; k++) next[start + k] = incoming[k]!;
    onChange(next);
    focusBox(start + incoming.length);
  };

  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    onChange(next);
  };

  const typed = (index: number, value: string) => {
    if (value === "") return setDigit(index, "");
    let incoming = value.replace(/\D/g, "");
    if (!incoming) return; // a letter: the box keeps its digit
    // A digit typed next to the one already there: keep the new one.
    const previous = digits[index];
    if (incoming.length === 2 && previous && incoming.includes(previous)) {
      incoming = incoming[0] === previous ? incoming.slice(1) : incoming.slice(0, 1);
    }
    place(index, incoming);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && digits[index] === "" && index > 0) {
      event.preventDefault();
      setDigit(index - 1, "");
      focusBox(index - 1);
    } else if (event.key === "ArrowLeft" && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight" && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const pasted = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    place(index, event.clipboardData.getData("text"));
  };

  const labelId = `${id}-label`;
  const invalid = Boolean(error);
  return (
    <div className={cx("ui-field code-field", invalid && "ui-field--invalid")}>
      <span id={labelId} className="ui-field__label">
        {label ?? t("code.label")}
      </span>
      <div className="code-input" role="group" aria-labelledby={labelId}>
        {digits.map((digit, index) => (
          <input
            // The boxes are fixed positions, never reordered.
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            id={index === 0 ? id : `${id}-${index + 1}`}
            className="ui-input code-input__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            aria-label={t("code.digit", { index: index + 1, count: CODE_LENGTH })}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId(id) : undefined}
            disabled={disabled}
            value={digit}
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => typed(index, e.target.value)}
            onKeyDown={(e) => keyDown(index, e)}
            onPaste={(e) => pasted(index, e)}
          />
        ))}
      </div>
      <FieldNotes id={id} messages={invalid && error ? [error] : []} />
    </div>
  );
}
