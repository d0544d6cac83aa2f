/**
 * Settings → Security (spec part 1 §2, §5, §8; DECISIONS 2, 9): the password change (the one password
 * policy; this device stays signed in, the others end), the two-factor switch, whether the card's
 * verification page shows the photo, and "Logout All" with its confirmation.
 */

import { type FormEvent, useState } from "react";
import { auth } from "../../../shared/i18n/auth.ts";
import { student } from "../../../shared/i18n/student.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { MSG } from "../../../shared/messages.ts";
import { studentChangePasswordInput } from "../../../shared/schemas/student.ts";
import { failureMessage, normaliseError } from "../../lib/errors.ts";
import { checkInput, focusField } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { useSession } from "../../lib/session.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { PasswordInput, Toggle } from "../../ui/field.tsx";
import { SignOutEverywhere } from "../auth/sign-out-everywhere.tsx";
import { type SettingsSave, usePrivacySave, useSettingsSave } from "./use-settings-save.ts";

/** In the reader's language, read at each use. */
export const SECURITY_TEXT = labelsOf(["passwordFailed", "passwordHint"], (key) => student.t(`security.${key}`));

type StudentSettings = RouterOutputs["student"]["settings"];
type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";
const PASSWORD_IDS: Record<PasswordField, string> = {
  currentPassword: "settings-current-password",
  newPassword: "settings-new-password",
  confirmPassword: "settings-confirm-password",
};
const PASSWORD_ORDER: PasswordField[] = ["currentPassword", "newPassword", "confirmPassword"];
const UPDATE_ID = "settings-update-password";

export function SecurityTab({ settings }: { settings: StudentSettings }) {
  return (
    <div className="page-stack">
      <ChangePasswordCard />
      <TwoFactorCard settings={settings} />
      <PrivacyCard settings={settings} />
      <LogoutAllCard />
    </div>
  );
}

function ChangePasswordCard() {
  const t = useT(student);
  const session = useSession();
  const utils = trpc.useUtils();
  const change = trpc.student.changePassword.useMutation();
  const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };
  const [values, setValues] = useState<Record<PasswordField, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; title: string; text?: string } | null>(null);

  const showErrors = (found: Partial<Record<PasswordField, string>>) => {
    setErrors(found);
    const first = PASSWORD_ORDER.find((f) => found[f]);
    if (first) focusField(PASSWORD_IDS[first]);
  };

  // One change at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setOutcome(null);
    const checked = checkInput(studentChangePasswordInput, values, {
      abortPipeEarly: false,
      paths: { password: "newPassword" },
      fields: PASSWORD_ORDER,
    });
    if (!checked.ok) {
      showErrors(checked.messages);
      return;
    }
    setErrors({});
    void sending.run(async () => {
      try {
        const answer = await change.mutateAsync(values);
        session.updateUser(answer.user);
        setValues(empty);
        setOutcome({
          tone: "success",
          title: answer.message,
          text: t("security.stillSignedIn"),
        });
        // Sent by Enter in a field, which was disabled meanwhile: the focus fell to the page (tenth walk).
        const active = document.activeElement as (Element & { disabled?: boolean }) | null;
        if (!active || active === document.body || active.disabled) focusField(UPDATE_ID);
        void utils.student.dashboard.invalidate();
      } catch (err) {
        const error = normaliseError(err);
        const found = pick(error.errors);
        if (Object.keys(found).length) {
          showErrors(found);
          return;
        }
        // A refusal's reason, or what went wrong on the way (offline, no answer: walk 33b read only "try again").
        const said = failureMessage(err, "");
        const detail = said && said !== MSG.genericError ? said : undefined;
        setOutcome({ tone: "error", title: SECURITY_TEXT.passwordFailed, text: detail });
      }
    });
  };

  const field = (name: PasswordField, label: string, autoComplete: string, hint?: string) => (
    <PasswordInput
      id={PASSWORD_IDS[name]}
      label={label}
      autoComplete={autoComplete}
      required
      hint={hint}
      value={values[name]}
      error={errors[name]}
      disabled={change.isPending}
      onChange={(e) => setValues((all) => ({ ...all, [name]: e.target.value }))}
    />
  );

  return (
    <Card title={t("security.change")}>
      <form className="stack settings-form" onSubmit={submit} noValidate aria-busy={change.isPending || undefined}>
        <p className="text-sm text-muted">{t("security.changeNote")}</p>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={session.user?.email ?? ""} readOnly hidden />
        {field("currentPassword", t("security.current"), "current-password")}
        {field("newPassword", t("security.new"), "new-password", SECURITY_TEXT.passwordHint)}
        {field("confirmPassword", t("security.confirm"), "new-password")}
        {outcome ? (
          <Alert tone={outcome.tone} title={outcome.title} onDismiss={() => setOutcome(null)}>
            {outcome.text ?? (outcome.tone === "error" ? t("security.tryAgain") : null)}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" id={UPDATE_ID} loading={change.isPending}>
            {t("security.update")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The first message for each of the form's fields. */
function pick(errors: Record<string, string[]> | null | undefined): Partial<Record<PasswordField, string>> {
  const out: Partial<Record<PasswordField, string>> = {};
  for (const f of PASSWORD_ORDER) {
    const message = errors?.[f]?.[0];
    if (message) out[f] = message;
  }
  // Some answers name the new password "password".
  if (!out.newPassword && errors?.password?.[0]) out.newPassword = errors.password[0];
  return out;
}

function TwoFactorCard({ settings }: { settings: StudentSettings }) {
  const save = useSettingsSave();
  const on = settings.twoFactorAuth;
  const t = useT(student);
  return (
    <Card title={t("security.twoFactor")} actions={<SavedNote save={save} />}>
      <Toggle
        label={t("security.twoFactorLabel")}
        description={t("security.twoFactorText")}
        checked={on}
        disabled={save.pending}
        onChange={(checked) => void save.run({ twoFactorAuth: checked })}
      />
      <p className="text-sm text-muted settings-note" aria-live="polite">
        {on ? t("security.twoFactorOn") : t("security.twoFactorOff")}
      </p>
    </Card>
  );
}

function PrivacyCard({ settings }: { settings: StudentSettings }) {
  const save = usePrivacySave();
  const t = useT(student);
  return (
    <Card title={t("security.verification")} actions={<SavedNote save={save} />}>
      <Toggle
        label={t("security.photoLabel")}
        description={t("security.photoText")}
        checked={settings.showPhotoOnVerification}
        disabled={save.pending}
        onChange={(checked) => void save.run({ showPhotoOnVerification: checked })}
      />
    </Card>
  );
}

function LogoutAllCard() {
  const t = useT(auth);
  const utils = trpc.useUtils();
  return (
    <Card title={t("sessions.title")}>
      <SignOutEverywhere onEnded={() => void utils.student.dashboard.invalidate()} />
    </Card>
  );
}

/** "Saved" beside a card's title after a change, for a few seconds. */
export function SavedNote({ save }: { save: Pick<SettingsSave, "note"> }) {
  return (
    <p className={save.note?.tone === "error" ? "settings-saved is-error" : "settings-saved"} role="status">
      {save.note?.text ?? ""}
    </p>
  );
}
