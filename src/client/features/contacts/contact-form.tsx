/**
 * The contact form (spec part 1 §2, §4, §5, §9; DECISIONS 1). It is checked with the shared
 * `contactInput` schema before anything is sent (messages beside the fields, focus on the first wrong
 * one), then posted through `contacts.submit`, which stores it for Contact Management. The spec's
 * rhythm stays: a sending state of at least 2 seconds, then a success banner for 5 seconds and an empty
 * form. When sending fails (too many attempts, maintenance, no connection …) what was typed stays and
 * the reason is shown.
 */

import { type FormEvent, useEffect, useRef, useState } from "react";
import { CONTACT_SUBJECTS } from "../../../shared/constants.ts";
import { contact } from "../../../shared/i18n/contact.ts";
import { contactInput } from "../../../shared/schemas/contact.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkInput, focusFirstInvalid, messagesByField, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailInput, Select, TextArea, TextInput } from "../../ui/field.tsx";

/** The spec's sending state (part 1 §9): at least this long, even when the server answers sooner. */
export const SENDING_MIN_MS = 2000;
/** How long the success banner stays (part 1 §9). */
export const SUCCESS_BANNER_MS = 5000;

/** The visible fields, in the order they appear (the first wrong one gets the focus). */
const FIELDS = ["name", "email", "phone", "subject", "message"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName | "website", string>;

const EMPTY: Values = { name: "", email: "", phone: "", subject: "", message: "", website: "" };

export const fieldId = (field: FieldName | "website") => `contact-${field}`;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const IDS = Object.fromEntries(FIELDS.map((f) => [f, fieldId(f)])) as Record<FieldName, string>;
const check = (values: Values) => checkInput(contactInput, values, { fields: FIELDS });
/** The shared schema's rules, shown beside the fields after a send attempt. */
const RULES = {
  validate: (values: Values) => {
    const c = check(values);
    return c.ok ? {} : c.messages;
  },
  showOn: "submit",
  ids: IDS,
  warnOnLeave: true,
} as const;

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "failed"; message: string };

export function ContactForm() {
  const t = useT(contact);
  const subjectOptions = CONTACT_SUBJECTS.map((value) => ({ value, label: t(`subject.${value}`) }));
  const form = useFormState<Values>(EMPTY, RULES);
  const { values, field } = form;
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const submit = trpc.contacts.submit.useMutation();
  const resultRef = useRef<HTMLDivElement>(null);
  const sending = status.kind === "sending";

  // The success banner goes after 5 seconds; if it still has the focus, the focus goes back to Send message
  // (where the person was), not to the document with the banner.
  useEffect(() => {
    if (status.kind !== "sent") return;
    const timer = setTimeout(() => {
      const result = resultRef.current;
      if (result?.contains(document.activeElement)) result.closest("form")?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
      setStatus({ kind: "idle" });
    }, SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [status.kind]);

  // The outcome takes the focus (the button it came from was disabled while sending).
  useEffect(() => {
    if (status.kind === "sent" || status.kind === "failed") resultRef.current?.focus();
  }, [status]);

  // One message at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const submitting = useOneAtATime();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    form.attempt();
    const parsed = check(values);
    if (!parsed.ok) {
      setStatus({ kind: "idle" });
      focusFirstInvalid(parsed.messages, IDS);
      return;
    }
    void submitting.run(async () => {
      setStatus({ kind: "sending" });
      const minimum = wait(SENDING_MIN_MS);
      const outcome = await submit.mutateAsync(parsed.value).then(
        () => null,
        (err: unknown) => normaliseError(err),
      );
      await minimum;
      if (!outcome) {
        form.reset(EMPTY);
        setStatus({ kind: "sent" });
        return;
      }
      form.setServerMessages(messagesByField(outcome.errors, { fields: FIELDS }));
      setStatus({ kind: "failed", message: outcome.message });
    });
  }

  return (
    <form
      className="stack contact-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={sending || undefined}
      aria-labelledby="contact-form-title"
    >
      <div className="grid grid--2 contact-form__grid">
        <TextInput {...field("name")} name="name" label={t("field.name")} required autoComplete="name" maxLength={120} />
        <EmailInput {...field("email")} name="email" label={t("field.email")} required />
        <TextInput
          {...field("phone")}
          name="phone"
          type="tel"
          inputMode="tel"
          label={t("field.phone")}
          hint={t("field.phoneHint")}
          autoComplete="tel"
          maxLength={20}
        />
        <Select
          {...field("subject")}
          name="subject"
          label={t("field.subject")}
          required
          placeholder={t("field.subjectPlaceholder")}
          options={subjectOptions}
        />
      </div>
      <TextArea
        {...field("message")}
        name="message"
        label={t("field.message")}
        required
        rows={6}
        maxLength={5000}
        hint={t("field.messageHint")}
      />
      {/* A trap for bots: people never see or reach it. */}
      <div className="sr-only contact-form__trap">
        <label htmlFor={fieldId("website")}>{t("field.trap")}</label>
        <input
          id={fieldId("website")}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => form.onChange("website", event.target.value)}
        />
      </div>

      <div ref={resultRef} tabIndex={-1} className="contact-form__result">
        {status.kind === "sent" ? (
          <Alert tone="success" title={t("sent.title")}>
            {t("sent.text")}
          </Alert>
        ) : status.kind === "failed" ? (
          <Alert tone="error" title={t("notSent.title")}>
            <p>{status.message}</p>
            <p>{t("notSent.kept")}</p>
          </Alert>
        ) : null}
      </div>

      <div className="contact-form__actions cluster">
        <Button type="submit" variant="primary" size="lg" loading={sending}>
          {sending ? t("sending") : t("send")}
        </Button>
        <p className="text-sm text-muted">{t("required")}</p>
      </div>
    </form>
  );
}
