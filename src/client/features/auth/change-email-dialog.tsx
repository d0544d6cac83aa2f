/**
 * "Change e-mail" (issue 14.2), for students and admins alike: the current password and the new address,
 * then the 6-digit code that reached the new address. The server tells the old address and signs out the
 * other devices; this dialog updates the session's user so the new address shows at once.
 */

import { type FormEvent, useState } from "react";
import { student } from "../../../shared/i18n/student.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { emailChangeConfirmInput, emailChangeRequestInput } from "../../../shared/schemas/auth.ts";
import { firstFieldErrors, normaliseError } from "../../lib/errors.ts";
import { checkInput, focusFirstInvalid } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { useSession } from "../../lib/session.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { EmailInput, PasswordInput } from "../../ui/field.tsx";
import { CodeInput, emptyCode } from "./code-input.tsx";

/**
 * In the reader's language, read at each use (the student catalogue: both portals show this dialog). Not
 * spread into another object: spreading reads the getters once, and the words would stay in one language.
 */
export const CHANGE_EMAIL_TEXT = labelsOf(["open", "title", "intro", "send", "confirm", "back", "cancel", "done"], (key) =>
  student.t(`email.${key}`),
);
const codeIntro = (email: string) => student.t("email.codeIntro", { email });

type Errors = Partial<Record<"currentPassword" | "newEmail" | "code", string>>;

/** Each field's element, in the forms' order, for the focus after a refusal. */
const FIELD_IDS = { currentPassword: "change-email-current-password", newEmail: "change-email-new", code: "change-email-code" };

export function ChangeEmailDialog({
  open,
  onClose,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  onChanged?: (email: string) => void;
}) {
  useT(student);
  const session = useSession();
  const request = trpc.auth.requestEmailChange.useMutation();
  const confirm = trpc.auth.confirmEmailChange.useMutation();
  const [step, setStep] = useState<"address" | "code">("address");
  const [currentPassword, setCurrentPassword] = useState("");
  const [newEmail, setNewEmail] = useState("");
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = request.isPending || confirm.isPending;

  const close = () => {
    setStep("address");
    setCurrentPassword("");
    setNewEmail("");
    setDigits(emptyCode());
    setErrors({});
    setFailure(null);
    onClose();
  };

  // A refusal puts the focus on the first field to fix, as every other form does (walk 24a: it stayed on Send code,
  // the messages out of sight and unheard).
  const showErrors = (fields: Errors) => {
    setErrors(fields);
    focusFirstInvalid(fields, FIELD_IDS);
  };

  const fail = (err: unknown) => {
    const error = normaliseError(err);
    const fields = firstFieldErrors(error.errors) as Errors;
    if (Object.keys(fields).length) showErrors(fields);
    else setFailure(error.message);
  };

  // One call at a time, for the address or the code (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkInput(emailChangeRequestInput, { currentPassword, newEmail });
    if (!checked.ok) return showErrors(checked.messages as Errors);
    setErrors({});
    void sending.run(async () => {
      try {
        await request.mutateAsync(checked.value);
        setNewEmail(checked.value.newEmail);
        setDigits(emptyCode());
        setStep("code");
      } catch (err) {
        fail(err);
      }
    });
  };

  const confirmCode = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkInput(emailChangeConfirmInput, { newEmail, code: digits.join("") });
    if (!checked.ok) return showErrors({ code: checked.messages.code });
    setErrors({});
    void sending.run(async () => {
      try {
        const answer = await confirm.mutateAsync(checked.value);
        session.updateUser({ email: answer.user.email });
        onChanged?.(answer.user.email);
        close();
      } catch (err) {
        fail(err);
      }
    });
  };

  const formId = step === "address" ? "change-email-address-form" : "change-email-code-form";
  return (
    <Dialog
      open={open}
      onClose={close}
      title={CHANGE_EMAIL_TEXT.title}
      size="sm"
      description={step === "address" ? CHANGE_EMAIL_TEXT.intro : codeIntro(newEmail)}
      footer={
        <>
          <Button variant="secondary" onClick={step === "code" ? () => setStep("address") : close} disabled={busy}>
            {step === "code" ? CHANGE_EMAIL_TEXT.back : CHANGE_EMAIL_TEXT.cancel}
          </Button>
          <Button key={formId} type="submit" form={formId} loading={busy}>
            {step === "code" ? CHANGE_EMAIL_TEXT.confirm : CHANGE_EMAIL_TEXT.send}
          </Button>
        </>
      }
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      {step === "address" ? (
        <form id={formId} className="stack" onSubmit={sendCode} noValidate>
          <input type="text" name="username" autoComplete="username" value={session.user?.email ?? ""} readOnly hidden />
          <PasswordInput
            id="change-email-current-password"
            label={student.t("email.currentPassword")}
            autoComplete="current-password"
            required
            value={currentPassword}
            error={errors.currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
          <EmailInput
            id="change-email-new"
            label={student.t("email.newEmail")}
            required
            value={newEmail}
            error={errors.newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
          />
        </form>
      ) : (
        <form id={formId} className="stack" onSubmit={confirmCode} noValidate>
          <CodeInput id="change-email-code" digits={digits} onChange={setDigits} error={errors.code} disabled={busy} />
        </form>
      )}
    </Dialog>
  );
}
