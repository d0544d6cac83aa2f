/**
 * Form fields. Field draws the label, hint and error around one control; the control gets its
 * accessibility wiring from fieldA11y(id, error, hint) — spread it on the <input>/<select>/<textarea>
 * (TextInput, TextArea, Select and PasswordInput already do). We chose an explicit helper over cloning
 * the child so that wrapped or custom controls are wired the same way and nothing happens by magic.
 *
 * `required` marks the label and sets aria-required; it does not set the native attribute, so the
 * browser's own bubbles do not pre-empt the shared schemas' messages shown beside the field.
 */

import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useId, useState } from "react";
import { common } from "../../shared/i18n/common.ts";
import { validation } from "../../shared/i18n/validation.ts";
import { useT } from "../lib/i18n.tsx";
import { cx } from "./cx.ts";
import { AlertCircleIcon } from "./icons.tsx";
import { ChevronDownIcon, EyeIcon, EyeOffIcon } from "./more-icons.tsx";

export type FieldError = string | readonly string[] | null | undefined;

/** The messages of an error as a list (empty when there is none). */
export function errorMessages(error: FieldError): string[] {
  if (!error) return [];
  return (typeof error === "string" ? [error] : [...error]).filter((m) => m.trim() !== "");
}

export const hintId = (id: string) => `${id}-hint`;
export const labelId = (id: string) => `${id}-label`;
export const errorId = (id: string) => `${id}-error`;

/** Props for the control inside a Field: its id, aria-invalid and aria-describedby (error first, then hint). */
export function fieldA11y(
  id: string,
  error?: FieldError,
  hint?: ReactNode,
): { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined } {
  const invalid = errorMessages(error).length > 0;
  const describedBy = [invalid ? errorId(id) : null, hint ? hintId(id) : null].filter(Boolean).join(" ");
  return { id, "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined };
}

export type FieldProps = {
  id: string;
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  required?: boolean;
  /** Visually hide the label (it stays the accessible name), e.g. a search box with a visible button. */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
};

/** A control's hint and its messages, with the ids its aria-describedby names. */
export function FieldNotes({ id, hint, messages }: { id: string; hint?: ReactNode; messages: string[] }) {
  return (
    <>
      {hint ? (
        <p id={hintId(id)} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {messages.length > 0 ? (
        <div id={errorId(id)} className="ui-field__error">
          <AlertCircleIcon size={16} />
          {messages.length === 1 ? (
            <span>{messages[0]}</span>
          ) : (
            <ul>
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}

export function Field({ id, label, error, hint, required, hideLabel, className, children }: FieldProps) {
  const messages = errorMessages(error);
  return (
    <div className={cx("ui-field", messages.length > 0 && "ui-field--invalid", className)}>
      <label id={labelId(id)} htmlFor={id} className={cx("ui-field__label", hideLabel && "sr-only")}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} messages={messages} />
    </div>
  );
}

/** The Field's props a control takes (label, hint, error, …). */
type FieldOwnProps = Omit<FieldProps, "className" | "children"> & {
  /** Class of the Field wrapper (the control keeps className). */
  fieldClassName?: string;
};

/**
 * A control's props split in two: the Field wrapper's (label, hint, error, …) and the control's own, with
 * its base class, `aria-required` and the ids of its hint and error (everything else passes through).
 *
 * `maxLength` never reaches the element: the browser's limit cuts a pasted text short without a word (a
 * seven-digit PIN code pasted became another valid one). A value longer than it says so beside the field
 * instead, as the shared schemas' own length rule does, until the field has another message.
 */
function fieldParts<P extends FieldOwnProps & { className?: string; maxLength?: number; value?: unknown }>(props: P, baseClass: string) {
  const { id, label, error: given, hint, required, hideLabel, fieldClassName, className, maxLength, ...rest } = props;
  const tooLong = maxLength !== undefined && typeof rest.value === "string" && rest.value.length > maxLength;
  const error = errorMessages(given).length === 0 && tooLong ? validation.t("maxLength", { max: maxLength }) : given;
  return {
    field: { id, label, error, hint, required, hideLabel, className: fieldClassName },
    control: { className: cx(baseClass, className), "aria-required": required || undefined, ...fieldA11y(id, error, hint), ...rest },
  };
}

export type TextInputProps = FieldOwnProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "required"> & { ref?: Ref<HTMLInputElement> };

export function TextInput({ type = "text", ...props }: TextInputProps) {
  const { field, control } = fieldParts(props, "ui-input");
  return (
    <Field {...field}>
      <input type={type} {...control} />
    </Field>
  );
}

/**
 * A code sent by e-mail, typed in one box: digits only (pasted spaces and dashes go; more than `length` digits
 * are kept and said beside it, not cut), offered by the phone's number pad and its one-time-code autofill.
 * `onCode` gets the digits.
 */
export function CodeField({
  length = 6,
  onCode,
  ...props
}: Omit<TextInputProps, "onChange" | "inputMode" | "autoComplete" | "maxLength" | "type"> & {
  length?: number;
  onCode: (code: string) => void;
}) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={length}
      onChange={(e) => onCode(e.target.value.replace(/\D/g, ""))}
    />
  );
}

export type TextAreaProps = FieldOwnProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "required"> & { ref?: Ref<HTMLTextAreaElement> };

export function TextArea({ rows = 4, ...props }: TextAreaProps) {
  const { field, control } = fieldParts(props, "ui-input ui-textarea");
  return (
    <Field {...field}>
      <textarea rows={rows} {...control} />
    </Field>
  );
}

export type SelectOption = string | { value: string; label: string; disabled?: boolean };

export type SelectProps = FieldOwnProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "required"> & {
    options: readonly SelectOption[];
    /** A first, empty choice such as "Choose a program". */
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  };

export function Select({ options, placeholder, ...props }: SelectProps) {
  const { field, control } = fieldParts(props, "ui-input ui-select__control");
  return (
    <Field {...field}>
      <span className="ui-select">
        <select {...control}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) =>
            typeof o === "string" ? (
              <option key={o} value={o}>
                {o}
              </option>
            ) : (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ),
          )}
        </select>
        <ChevronDownIcon size={18} className="ui-select__arrow" />
      </span>
    </Field>
  );
}

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> & {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox (keyboard and form behaviour for free) with its label beside it. */
export function Checkbox({ id, label, hint, error, className, ref, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messages = errorMessages(error);
  return (
    <div className={cx("ui-check", messages.length > 0 && "ui-field--invalid", className)}>
      <input ref={ref} type="checkbox" className="ui-check__input" {...fieldA11y(inputId, error, hint)} {...rest} />
      <div className="ui-check__text">
        <label htmlFor={inputId} className="ui-check__label">
          {label}
        </label>
        <FieldNotes id={inputId} hint={hint} messages={messages} />
      </div>
    </div>
  );
}

export type ChoiceCardsProps = {
  /** the group's id: each choice's radio button is `${id}-${value}` and shares the name `id` */
  id: string;
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode; hint: ReactNode }[];
  value: string;
  onChange: (value: string) => void;
  error?: FieldError;
  /** the fieldset's class */
  className: string;
  /** each choice's class; its words take `__text`, `__name` and `__hint` after it */
  optionClassName: string;
};

/** One of a few choices, each with its name and what it means: radio buttons in a fieldset with its legend. */
export function ChoiceCards({ id, legend, options, value, onChange, error, className, optionClassName }: ChoiceCardsProps) {
  return (
    <fieldset className={className} aria-describedby={error ? errorId(id) : undefined}>
      <legend className="ui-field__label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={optionClassName}>
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={id}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span className={`${optionClassName}__text`}>
            <span className={`${optionClassName}__name`}>{option.label}</span>
            <span className={`${optionClassName}__hint`}>{option.hint}</span>
          </span>
        </label>
      ))}
      <FieldNotes id={id} messages={errorMessages(error)} />
    </fieldset>
  );
}

export type ToggleProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
};

/** An on/off switch for settings that apply at once (not for form answers: use Checkbox there). */
export function Toggle({ checked, onChange, label, description, disabled, id, className }: ToggleProps) {
  const autoId = useId();
  const buttonId = id ?? autoId;
  const labelId = `${buttonId}-label`;
  const descriptionId = `${buttonId}-description`;
  return (
    <div className={cx("ui-toggle", disabled && "is-disabled", className)}>
      <div className="ui-toggle__text">
        <label id={labelId} htmlFor={buttonId} className="ui-toggle__label">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="ui-toggle__description">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={buttonId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        className="ui-toggle__switch"
        onClick={() => onChange(!checked)}
      >
        <span className="ui-toggle__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}

/** An e-mail address box: the e-mail keyboard, the browser's saved address, no capital letter or spelling marks. */
export function EmailInput(props: Omit<TextInputProps, "type" | "autoCapitalize" | "spellCheck">) {
  return <TextInput type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

export type PasswordInputProps = Omit<TextInputProps, "type">;

/** A password box with a show/hide button, so people on phones can check what they typed. */
export function PasswordInput(props: PasswordInputProps) {
  const t = useT(common);
  const [visible, setVisible] = useState(false);
  const { field, control } = fieldParts(props, "ui-input ui-input-group__control");
  return (
    <Field {...field}>
      <span className="ui-input-group">
        <input type={visible ? "text" : "password"} autoCapitalize="none" autoCorrect="off" spellCheck={false} {...control} />
        <button
          type="button"
          className="ui-input-group__button"
          aria-label={t(visible ? "password.hide" : "password.show")}
          aria-controls={props.id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      </span>
    </Field>
  );
}
