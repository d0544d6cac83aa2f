/**
 * The one way the client's forms hold their values and show what to fix (docs/ARCHITECTURE.md, "Forms"):
 *
 * - a form edits flat text fields (`F`), turned into the API's input by the form's own `toInput`;
 * - `checkInput` checks that input with the shared valibot schema the server uses (DECISIONS 8) and gives
 *   each field its first message; `messagesByField` does the same for a 400's field errors, so the client's
 *   and the server's verdicts land beside the same fields (`paths` names a nested path's field, e.g.
 *   `emergencyContact.phone` → `emergencyPhone`);
 * - `useFormState` holds the values and decides when a message shows: once a field was filled in and left
 *   (at once for choices and dates), every field after a submit attempt, and a server's message until that
 *   field changes; `useTextField` is the same for a lone text that is a form of its own (a search, a reason);
 * - `addOrUpdate` saves an add/edit form: a new record is added, a stored one changed by its id.
 */
import { type FormEvent, useCallback, useMemo, useState } from "react";
import * as v from "valibot";
import { account } from "../../shared/i18n/account.ts";
import { validation } from "../../shared/i18n/validation.ts";
import { fieldErrorsOf } from "../../shared/schemas/common.ts";
import { announceIfFocused } from "./announce.ts";
import { failureMessage, normaliseError } from "./errors.ts";
import { useLocale, useT } from "./i18n.tsx";
import { useLeaveWarning } from "./leave-warning.ts";
import { useOneAtATime } from "./one-at-a-time.ts";

/** The message shown beside each field that needs fixing. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/** The API's field paths → the form's fields (a path that is a field's own name needs no entry). */
export type FieldPaths<F extends string> = Readonly<Record<string, F>>;

/** How errors keyed by the API's paths land on a form's fields (see `messagesByField`). */
export type FieldMapping<F extends string> = { paths?: FieldPaths<F>; fields?: readonly F[]; prefix?: string; keepUnknown?: boolean };

/**
 * The first message for each form field from errors keyed by the API's paths (a schema's issues through
 * `fieldErrorsOf`, or a 400's `errors`). `prefix` drops a group's name ("general.siteName" → "siteName").
 * Paths that name no field of the form are left out unless `keepUnknown` (e.g. "_form").
 */
export function messagesByField<F extends string>(
  errors: Record<string, readonly string[]> | null | undefined,
  options: FieldMapping<F> = {},
): FieldMessages<F> {
  const out: FieldMessages<F> = {};
  for (const [rawPath, messages] of Object.entries(errors ?? {})) {
    const path = options.prefix && rawPath.startsWith(`${options.prefix}.`) ? rawPath.slice(options.prefix.length + 1) : rawPath;
    const field =
      options.paths?.[path] ?? (!options.fields || (options.fields as readonly string[]).includes(path) ? (path as F) : undefined);
    const target = field ?? (options.keepUnknown ? (path as F) : undefined);
    if (target !== undefined && messages[0] && out[target] === undefined) out[target] = messages[0];
  }
  return out;
}

export type Checked<T, F extends string> = { ok: true; value: T } | { ok: false; messages: FieldMessages<F> };

/** The shared schema's verdict on what the form would send: the parsed value, or the messages to show. */
export function checkInput<S extends v.GenericSchema, F extends string = string>(
  schema: S,
  input: unknown,
  options: FieldMapping<F> & { abortPipeEarly?: boolean } = {},
): Checked<v.InferOutput<S>, F> {
  const result = v.safeParse(schema, input, { abortPipeEarly: options.abortPipeEarly ?? true });
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, messages: messagesByField(fieldErrorsOf(result.issues), options) };
}

/**
 * A form's rules from the shared schema (useFormState's `validate`): the messages for what the form would
 * send, `toInput(values)`, none when the schema accepts it.
 */
export function schemaRules<V, F extends string = string>(
  schema: v.GenericSchema,
  options: FieldMapping<F> & { abortPipeEarly?: boolean; toInput?: (values: V) => unknown } = {},
): (values: V) => FieldMessages<F> {
  const { toInput = (values: V) => values, ...check } = options;
  return (values) => {
    const checked = checkInput(schema, toInput(values), check);
    return checked.ok ? {} : checked.messages;
  };
}

/**
 * A form whose flat fields stand for the API's paths (`emergencyPhone` ↔ `emergencyContact.phone`): its
 * empty values, its values from a stored record (missing values become ""), the nested input it sends, and
 * the paths → fields map for `messagesByField`.
 */
export function flatForm<F extends string>(paths: Readonly<Record<F, string>>) {
  const fields = Object.keys(paths) as F[];
  const at = (record: unknown, path: string): unknown =>
    path
      .split(".")
      .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), record);
  return {
    fields,
    empty: () => Object.fromEntries(fields.map((f) => [f, ""])) as Record<F, string>,
    from: (record: unknown) => Object.fromEntries(fields.map((f) => [f, String(at(record, paths[f]) ?? "")])) as Record<F, string>,
    /** the nested input, each value passed through `clean` (e.g. trimming) */
    toInput(values: Record<F, string>, clean: (text: string) => string = (text) => text): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        const keys = paths[f].split(".");
        let node = out;
        for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
        node[keys.at(-1)!] = clean(values[f]);
      }
      return out;
    },
    paths: Object.fromEntries(fields.map((f) => [paths[f], f])) as Record<string, F>,
  };
}

/** Each field's element id, `<prefix>-<field>`, in the form's order (useFormState's `ids`). */
export function fieldIds<F extends string>(prefix: string, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((f) => [f, `${prefix}-${f}`])) as Record<F, string>;
}

/**
 * A submit's check: the parsed value, or null after showing the messages (`show`) and moving focus to the
 * first field to fix. Every field's first message at once, so a person sees everything to fix in one go.
 */
export function checkOrShow<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  show: (messages: FieldMessages<string>) => void,
  ids: Readonly<Record<string, string>>,
): v.InferOutput<S> | null {
  const checked = checkInput(schema, input, { abortPipeEarly: false });
  show(checked.ok ? {} : checked.messages);
  if (checked.ok) return checked.value;
  focusFirstInvalid(checked.messages, ids);
  return null;
}

/** Moves focus to the first of `ids` (field → element id, in the form's order) whose field has a message. */
export function focusFirstInvalid(messages: Partial<Record<string, string>>, ids: Readonly<Record<string, string>>): void {
  const first = Object.keys(ids).find((field) => messages[field]);
  if (first) focusField(ids[first]!);
}

/**
 * Focus, and the field brought to the middle of the screen with room for its message: focus's own scroll lost
 * to a smooth scroll still running (Tab to Send, then Enter at once, left the field above the screen).
 */
function focusInView(field: HTMLElement): void {
  field.focus({ preventScroll: true });
  field.scrollIntoView?.({ block: "center" });
}

/**
 * Focus on a field now or, when it is disabled while its form is being sent, as soon as it is enabled again: a
 * focus asked for as the server's refusal arrives would otherwise be lost and stay on the button (seventh walk).
 */
export function focusField(id: string): void {
  const field = document.getElementById(id) as (HTMLElement & { disabled?: boolean }) | null;
  if (!field) return;
  if (!field.disabled) {
    // Already there (Enter pressed in it): the focus does not move, so its message is said once it is shown.
    if (field === document.activeElement) requestAnimationFrame(() => announceIfFocused(field));
    focusInView(field);
    return;
  }
  const enabled = new MutationObserver(() => {
    if (field.disabled) return;
    enabled.disconnect();
    focusInView(field);
  });
  enabled.observe(field, { attributes: true, attributeFilter: ["disabled"] });
}

/**
 * For a form that marks its own fields (no ids table): once the render that marks them has happened, the
 * first field marked invalid inside `container` takes the focus, as `focusFirstInvalid` gives it (tenth walk:
 * the site content's forms left it on Save).
 */
export function focusFirstMarked(container: Element | null): void {
  requestAnimationFrame(() => {
    const first = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first?.id) focusField(first.id);
  });
}

/**
 * A failed call's field errors beside their fields (`show`), focus on the first of `ids`; false when the
 * call named none of them, and the form says what failed as a whole.
 */
export function showFieldErrors<F extends string>(
  err: unknown,
  show: (messages: FieldMessages<F>) => void,
  ids: Readonly<Record<string, string>>,
  mapping?: FieldMapping<F>,
): boolean {
  const messages = messagesByField<F>(normaliseError(err).errors, mapping);
  if (Object.keys(messages).length === 0) return false;
  show(messages);
  focusFirstInvalid(messages, ids);
  return true;
}

/** `record` without `key` (the same object when it has no such key). */
export function without<K extends string, V>(record: Partial<Record<K, V>>, key: K): Partial<Record<K, V>> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

/** A call a form makes (a tRPC mutation): what it sends and answers, and whether it is running. */
export interface FormCall<I, A> {
  mutateAsync: (input: I) => Promise<A>;
  isPending: boolean;
}

/**
 * Saving an add/edit form: a stored record (its id) is changed by `update`, a new one added by `create`;
 * `busy` while either runs.
 */
export function addOrUpdate<I extends object, A, B>(create: FormCall<I, A>, update: FormCall<I & { id: number }, B>) {
  return {
    busy: create.isPending || update.isPending,
    save: (id: number | null | undefined, input: I): Promise<A | B> =>
      id == null ? create.mutateAsync(input) : update.mutateAsync({ id, ...input }),
  };
}

/**
 * An add/edit dialog's submission (FormDialog's `form`): `saving` (addOrUpdate's) saves `input` as the stored
 * record `id`, or as a new one, and the server's answer goes to `saved`; a refusal's field errors show beside
 * their fields (`mapping`), any other failure above them in the server's words, else `failed`.
 */
export function saveSubmission<F extends string, I extends object, A>(
  form: { submission: (send: () => Promise<unknown>, options: SubmitOptions<F>) => FormSubmission },
  saving: { busy: boolean; save: (id: number | null | undefined, input: I) => Promise<A> },
  {
    id,
    input,
    saved,
    failed,
    mapping,
  }: { id: number | null | undefined; input: I; saved: (answer: A) => void; failed: string; mapping?: FieldMapping<F> },
): FormSubmission {
  return form.submission(async () => saved(await saving.save(id, input)), {
    busy: saving.busy,
    failed: (err) => failureMessage(err, failed),
    mapping,
  });
}

/**
 * A lone text that is a small form of its own (a search, a reason, a note, a reply): its value and its
 * message, which goes as soon as the text changes. `bind` is what its TextInput or TextArea takes. With
 * `warnOnLeave` (a note or a reply on a page, not in a dialog), leaving the page while it holds text asks first.
 */
export function useTextField(initial = "", { warnOnLeave = false } = {}) {
  const [value, setValue] = useState(initial);
  useLeaveWarning(warnOnLeave && value.trim() !== "" && value.trim() !== initial.trim());
  const [error, setError] = useState<string | null>(null);
  const bind = {
    value,
    error,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      setError(null);
    },
  };
  return { value, setValue, error, setError, bind };
}

const adding = <T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> => (set.has(item) ? set : new Set(set).add(item));

/**
 * Of `value`'s entries, those whose field in `now` differs from `before`, where the form started: what a save
 * sends, so the server keeps every field left out and a colleague's change to one not touched here is not
 * undone (eleventh and twelfth walks: the student's profile, Settings). `now` and `before` are the form's own
 * values when `value` is what they were checked into (numbers from text); otherwise all three are the same kind.
 */
export function changedFields<T extends object>(value: T, now: object, before: object): Partial<T> {
  const is = now as Record<string, unknown>;
  const was = before as Record<string, unknown>;
  return Object.fromEntries(Object.entries(value).filter(([key]) => JSON.stringify(is[key]) !== JSON.stringify(was[key]))) as Partial<T>;
}

const isSubmitButton = (target: EventTarget | null) => target instanceof HTMLButtonElement && target.type === "submit";

export interface FormStateOptions<V extends { [K in keyof V]: string }> {
  /** the form's rules on its current values: a message for each field to fix */
  validate: (values: V) => FieldMessages<keyof V & string>;
  /** fields complete as soon as they change (a choice from a list, a date): their rule shows at once */
  immediate?: ReadonlySet<keyof V & string>;
  /** "leave" (default): a rule shows once its field was filled in and left; "submit": only after a submit attempt */
  showOn?: "leave" | "submit";
  /**
   * Each field's element id, in the form's order: `field` binds it, and focus goes to the first field to fix
   * (a control the values do not hold, e.g. a file, may have its id here too).
   */
  ids?: Readonly<Record<string, string>>;
  /**
   * A form on a page of its own (not in a FormDialog, which asks by itself): while its values differ from
   * what it started with or was last reset to, reloading or closing the page asks first. Off for a form that
   * keeps its own draft (the application's) or that stays mounted after it is sent without a reset.
   */
  warnOnLeave?: boolean;
}

export interface SubmitOptions<F extends string> {
  /**
   * an earlier submit is still being sent: this one does nothing (the form also keeps its own guard from the
   * submit until `send` settles, which a double click cannot pass before `busy` shows)
   */
  busy?: boolean;
  /** the message above the form when the server named none of its fields, e.g. `failureMessage(err, …)` */
  failed: (err: unknown) => string;
  /** how the server's field errors land on the form's fields */
  mapping?: FieldMapping<F>;
}

/**
 * A form as its dialog sends it (FormDialog's `form`): the submit, whether the call is on its way (the
 * buttons wait and the dialog stays open), and why it failed as a whole.
 */
export interface FormSubmission {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  failure: string | null;
}

/**
 * A form's values and the messages to show now. `field(name)` binds a control to a field (its id, value,
 * message and change/leave handlers), `choice(name)` a group of choices and `check(name)` a checkbox. `handleSubmit(send, …)` is the form's submit: a submit attempt, then
 * `send`, whose failure shows beside the fields or above the form (`failure`); `submission(send, …)` is the same
 * with its busy flag and failure, all a FormDialog needs to send the form. Its parts, for a form that
 * checks more first: `trySubmit()` is a submit attempt (every rule shows; focus moves to the first field to
 * fix), `attempt()` marks one without moving focus, and `showServerErrors(err)` shows a failed call's field
 * errors until each field changes. `reset` starts again.
 */
export function useFormState<V extends { [K in keyof V]: string }>(initial: V | (() => V), options: FormStateOptions<V>) {
  type F = keyof V & string;
  // The shared schemas' own messages (lengths, choices, e-mail and password rules) in the reader's
  // language: loaded before the form shows, and again with every language switch.
  useT(validation);
  useT(account);
  const locale = useLocale();
  const [values, setValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState<V>(values);
  const [dirty, setDirty] = useState<ReadonlySet<F>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverMessages, setServerMessages] = useState<FieldMessages<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { validate, immediate, showOn = "leave", ids = {}, warnOnLeave = false } = options;
  const sending = useOneAtATime();
  useLeaveWarning(warnOnLeave && (Object.keys(values) as F[]).some((name) => values[name] !== baseline[name]));

  const onChange = useCallback(
    (name: F, value: string) => {
      setValues((prev) => ({ ...prev, [name]: value }));
      setDirty((prev) => adding(prev, name));
      setServerMessages((prev) => without(prev, name));
      if (immediate?.has(name)) setTouched((prev) => adding(prev, name));
    },
    [immediate],
  );

  const onBlur = useCallback(
    (name: F) => {
      if (dirty.has(name)) setTouched((prev) => adding(prev, name));
    },
    [dirty],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the rules' messages are read in the language of the moment, so a switch reads them again
  const rules = useMemo(() => validate(values), [validate, values, locale]);
  const errors = useMemo(() => {
    const out: FieldMessages<F> = {};
    for (const name of Object.keys(values) as F[]) {
      const shown = attempted || (showOn === "leave" && touched.has(name));
      const message = serverMessages[name] ?? (shown ? rules[name] : undefined);
      if (message) out[name] = message;
    }
    return out;
  }, [serverMessages, touched, attempted, rules, values, showOn]);

  const reset = useCallback((next: V) => {
    setValues(next);
    setBaseline(next);
    setDirty(new Set());
    setTouched(new Set());
    setAttempted(false);
    setServerMessages({});
    setFailure(null);
  }, []);

  /** A submit attempt: every rule shows; answers the messages of the fields to fix (none: it may be sent). */
  const attempt = useCallback(() => {
    setAttempted(true);
    return rules;
  }, [rules]);

  /** A submit attempt: every rule shows and focus moves to the first field to fix; true when there is none. */
  const trySubmit = () => {
    setAttempted(true);
    if (Object.keys(rules).length === 0) return true;
    focusFirstInvalid(rules, ids);
    return false;
  };

  /**
   * A failed call's field errors beside their fields (until each changes), focus on the first; false when it
   * named none of them, and the form shows its own message for the whole.
   */
  const showServerErrors = (err: unknown, mapping?: FieldMapping<F>) => showFieldErrors(err, setServerMessages, ids, mapping);

  /** The form's onSubmit: unless `busy`, a submit attempt; with nothing to fix, `send`, and if it fails, what failed. */
  const handleSubmit =
    (send: () => Promise<unknown>, { busy = false, failed, mapping }: SubmitOptions<F>) =>
    async (event: FormEvent) => {
      event.preventDefault();
      if (busy || !sending.start()) return;
      setFailure(null);
      try {
        if (trySubmit()) await send();
      } catch (err) {
        if (!showServerErrors(err, mapping)) setFailure(failed(err));
      } finally {
        sending.settled();
      }
    };

  /** The form as its dialog sends it: `handleSubmit(send, …)`, `busy` and the failure above the fields. */
  const submission = (send: () => Promise<unknown>, options: SubmitOptions<F>): FormSubmission => ({
    onSubmit: handleSubmit(send, options),
    busy: options.busy ?? false,
    failure,
  });

  /**
   * The props that bind a control to a field: its element id (`ids`, else its name), value, message and handlers.
   * Left for a submit button, the field's message waits for the submit: shown at the blur, it moved the button
   * down under the pointer and the click landed beside it (eleventh walk: the fee desk's Record did nothing).
   */
  const field = (name: F) => ({
    id: ids[name] ?? name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    onBlur: (event?: { relatedTarget: EventTarget | null }) => {
      if (!isSubmitButton(event?.relatedTarget ?? null)) onBlur(name);
    },
  });

  /** The props that bind a group of choices (ChoiceCards, whose own id names the group) to a field. */
  const choice = (name: F) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => onChange(name, value),
  });

  /** The props that bind a Checkbox to a field that holds `on` when ticked, else `off`. */
  const check = (name: F, on = "yes", off = "") => ({
    id: ids[name] ?? name,
    checked: values[name] === on,
    onChange: (event: { target: { checked: boolean } }) => onChange(name, event.target.checked ? on : off),
  });

  return {
    values,
    errors,
    attempted,
    attempt,
    trySubmit,
    setAttempted,
    setServerMessages,
    showServerErrors,
    handleSubmit,
    submission,
    failure,
    field,
    choice,
    check,
    onChange,
    onBlur,
    reset,
  };
}
