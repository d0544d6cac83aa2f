/** The reply form, opened from an inquiry's details: a non-blank message, e-mailed to the sender. */

import { type FormEvent, useEffect, useId, useState } from "react";
import * as v from "valibot";
import { admin } from "../../../shared/i18n/admin.ts";
import { contactReplyInput } from "../../../shared/schemas/contact.ts";
import { checkOrShow } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { TextArea } from "../../ui/field.tsx";
import { subjectLabel } from "./contact-text.ts";

export const REPLY_MAX = 5000;

export interface ReplyDialogProps {
  open: boolean;
  to: { name: string; email: string; subject: string } | null;
  busy: boolean;
  error: string | null;
  onSend: (message: string) => void;
  onClose: () => void;
  /** changed after a reply was sent or dropped, or for another inquiry, to start the next one empty */
  resetKey: number | string;
}

/** The reply's own rule, from the shared schema of the whole request. */
const REPLY = v.pick(contactReplyInput, ["message"]);

export function ReplyDialog({ open, to, busy, error, onSend, onClose, resetKey }: ReplyDialogProps) {
  const t = useT(admin);
  const formId = useId();
  const [message, setMessage] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    setMessage("");
    setFieldError(null);
  }, [resetKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkOrShow(REPLY, { message }, (messages) => setFieldError(messages.message ?? null), { message: "contact-reply" });
    if (checked) onSend(checked.message);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={to ? t("con.replyTo", { name: to.name }) : t("con.reply")}
      description={to ? t("con.replyNote", { email: to.email, subject: subjectLabel(to.subject) }) : undefined}
      formId={formId}
      onSubmit={submit}
      busy={busy}
      cancelLabel={t("proc.cancel")}
      submitLabel={t("con.send")}
      busyLabel={t("con.sending")}
      failure={error}
    >
      <TextArea
        id="contact-reply"
        label={t("con.yourReply")}
        required
        rows={8}
        maxLength={REPLY_MAX}
        value={message}
        error={fieldError}
        hint={t("con.chars", { count: message.length, max: REPLY_MAX })}
        onChange={(e) => {
          setMessage(e.target.value);
          if (fieldError && e.target.value.trim() !== "") setFieldError(null);
        }}
      />
    </FormDialog>
  );
}
