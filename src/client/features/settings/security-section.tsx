/**
 * Settings → Security: the admin's own password (auth.changePassword, its own button: passwords are never
 * part of the settings save) and the sign-in rules the server enforces (DECISIONS 3).
 */

import { type FormEvent, useState } from "react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { config } from "../../../shared/i18n/config.ts";
import { MSG } from "../../../shared/messages.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.tsx";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { useSession } from "../../lib/session.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { PasswordInput, TextInput, Toggle } from "../../ui/field.tsx";
import { FormFailure } from "../../ui/load-error.tsx";
import { PasswordRules } from "../auth/password-fields.tsx";
import { SignOutEverywhere } from "../auth/sign-out-everywhere.tsx";
import { bindFields, ToggleList } from "./section-fields.tsx";
import { type FieldErrorMap, passwordMessages, SETTINGS_TEXT, type SettingsForms } from "./settings-form.ts";

type Security = SettingsForms["security"];

export const securityFieldId = (field: string) => `settings-security-${field}`;

/** The sign-in rules the server enforces, with the ranges the shared schema allows. */
const RULE_FIELDS = [
  { key: "passwordExpiry", min: 30, max: 365 },
  { key: "maxLoginAttempts", min: 3, max: 10 },
  { key: "sessionTimeout", min: 1, max: 168 },
] as const;

const SECURITY_TOGGLES = ["requireEmailVerification", "enableTwoFactor"] as const;

export function SecuritySection({
  value,
  errors,
  onChange,
  resetKey = 0,
}: {
  value: Security;
  errors: FieldErrorMap;
  onChange: (patch: Partial<Security>) => void;
  /** a new value empties the password form (Reset Changes) */
  resetKey?: number;
}) {
  const t = useT(config);
  const field = bindFields(securityFieldId, value, errors, onChange);
  return (
    <div className="stack stack--lg">
      <PasswordChange key={resetKey} />
      <fieldset className="ac-settings-fieldset">
        <legend>{t("security.rules")}</legend>
        <div className="ac-settings-grid ac-settings-grid--3">
          {RULE_FIELDS.map((r) => (
            <TextInput
              key={r.key}
              {...field(r.key)}
              label={t(`security.${r.key}`)}
              type="number"
              inputMode="numeric"
              min={r.min}
              max={r.max}
              step={1}
              hint={t(`security.${r.key}.hint`)}
            />
          ))}
        </div>
        <ToggleList
          idOf={securityFieldId}
          toggles={SECURITY_TOGGLES.map((key) => ({ key, label: t(`security.${key}`), description: t(`security.${key}.text`) }))}
          value={value}
          onChange={onChange}
        />
      </fieldset>
    </div>
  );
}

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
type PasswordField = keyof typeof EMPTY;
const PASSWORD_FIELDS = [
  { key: "currentPassword", label: "password.current", autoComplete: "current-password" },
  { key: "newPassword", label: "password.new", autoComplete: "new-password" },
  { key: "confirmPassword", label: "password.confirm", autoComplete: "new-password" },
] as const;
const ORDER: PasswordField[] = PASSWORD_FIELDS.map((f) => f.key);

/** Current, new and confirm, with the inline messages while typing; its own Change Password button. */
export function PasswordChange() {
  const t = useT(config);
  const session = useSession();
  const change = trpc.auth.changePassword.useMutation();
  const [form, setForm] = useState(EMPTY);
  const [submitErrors, setSubmitErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const live = passwordMessages(form);
  const errors = { ...live, ...submitErrors };
  // Passwords half typed and not sent: a move away asks first, as every other section's edits (stop 45).
  useLeaveWarning(!change.isPending && Object.values(form).some((text) => text !== ""));

  const set = (field: PasswordField, text: string) => {
    setForm((f) => ({ ...f, [field]: text }));
    setSubmitErrors(({ [field]: _gone, ...rest }) => rest);
    setDone(false);
  };

  // One change at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setFailure(null);
    setDone(false);
    const found: Partial<Record<PasswordField, string>> = { ...passwordMessages(form) };
    if (form.currentPassword === "") found.currentPassword = ACCOUNT_MSG.currentPasswordRequired;
    if (form.newPassword === "") found.newPassword = ACCOUNT_MSG.passwordRequired;
    if (form.confirmPassword === "") found.confirmPassword = ACCOUNT_MSG.confirmPassword;
    const first = ORDER.find((f) => found[f]);
    if (first) {
      setSubmitErrors(found);
      document.getElementById(securityFieldId(first))?.focus();
      return;
    }
    void sending.run(async () => {
      try {
        const answer = await change.mutateAsync({ currentPassword: form.currentPassword, newPassword: form.newPassword });
        session.updateUser(answer.user);
        setForm(EMPTY);
        setSubmitErrors({});
        setDone(true);
      } catch (err) {
        const error = normaliseError(err);
        const fromServer = error.status !== null && error.status >= 400 && error.status < 500 && error.message !== MSG.genericError;
        setFailure(fromServer ? error.message : SETTINGS_TEXT.passwordFailed);
        const fields = error.errors ?? {};
        const next: Partial<Record<PasswordField, string>> = {};
        if (fields.currentPassword?.[0]) next.currentPassword = fields.currentPassword[0];
        if (fields.newPassword?.[0]) next.newPassword = fields.newPassword[0];
        setSubmitErrors(next);
        const firstServer = ORDER.find((f) => next[f]);
        if (firstServer) document.getElementById(securityFieldId(firstServer))?.focus();
      }
    });
  };

  return (
    <form className="ac-settings-fieldset" aria-labelledby="settings-password-title" onSubmit={submit} noValidate>
      <h3 id="settings-password-title" className="ac-settings-fieldset__title">
        {t("password.title")}
      </h3>
      <p className="text-sm text-muted">{t("password.note")}</p>
      <FormFailure message={failure} />
      {done ? <Alert tone="success">{SETTINGS_TEXT.passwordChanged}</Alert> : null}
      <input type="text" name="username" autoComplete="username" value={session.user?.email ?? ""} readOnly hidden />
      <div className="ac-settings-grid ac-settings-grid--3">
        {PASSWORD_FIELDS.map((f) => (
          <PasswordInput
            key={f.key}
            id={securityFieldId(f.key)}
            label={t(f.label)}
            autoComplete={f.autoComplete}
            value={form[f.key]}
            error={errors[f.key]}
            onChange={(e) => set(f.key, e.target.value)}
          />
        ))}
      </div>
      {form.newPassword !== "" ? <PasswordRules password={form.newPassword} /> : null}
      <div>
        <Button type="submit" variant="secondary" loading={change.isPending}>
          {change.isPending ? t("password.changing") : t("password.button")}
        </Button>
      </div>
    </form>
  );
}

/**
 * Two-step sign-in for the signed-in office account, administrator or staff (decision 020; walk 20a: staff had no
 * way to turn it on). When the institute requires it of every office account (Security), the switch shows it on.
 */
export function OwnTwoStep() {
  const t = useT(config);
  const utils = trpc.useUtils();
  const stats = trpc.auth.stats.useQuery();
  const set = trpc.auth.setTwoFactor.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (!stats.data) return null;
  const { twoFactorEnabled, twoFactorByInstitute } = stats.data;
  const change = (enabled: boolean) => {
    setFailure(null);
    set.mutate(
      { enabled },
      {
        onSuccess: () => void utils.auth.stats.invalidate(),
        onError: (err) => setFailure(normaliseError(err).message || t("twoStep.failed")),
      },
    );
  };
  return (
    <section className="ac-settings-fieldset" aria-labelledby="settings-two-step-title">
      <h3 id="settings-two-step-title" className="ac-settings-fieldset__title">
        {t("twoStep.title")}
      </h3>
      <Toggle
        label={t("twoStep.label")}
        description={twoFactorByInstitute ? t("twoStep.byInstitute") : t("twoStep.text")}
        checked={twoFactorEnabled}
        disabled={twoFactorByInstitute || set.isPending}
        onChange={change}
      />
      <FormFailure message={failure} />
      <p className="text-sm text-muted" aria-live="polite">
        {set.isSuccess ? t(twoFactorEnabled ? "twoStep.on" : "twoStep.off") : null}
      </p>
    </section>
  );
}

/** "Logout All" for the signed-in office account, administrator or staff (walk 29b: students had it, the office not). */
export function OwnSessions() {
  const t = useT(auth);
  return (
    <section className="ac-settings-fieldset" aria-labelledby="settings-sessions-title">
      <h3 id="settings-sessions-title" className="ac-settings-fieldset__title">
        {t("sessions.title")}
      </h3>
      <SignOutEverywhere />
    </section>
  );
}
