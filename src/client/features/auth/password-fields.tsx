/**
 * A new password typed twice, with show/hide on each and a short live checklist of the one password
 * policy (DECISIONS 9). The messages come from the shared `passwordPairForm`; the checklist only helps.
 */

import { type FormEvent, Fragment, useState } from "react";
import { auth } from "../../../shared/i18n/auth.ts";
import { passwordPairForm } from "../../../shared/schemas/auth.ts";
import type { ApiError } from "../../lib/errors.ts";
import { checkOrShow } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { cx } from "../../ui/cx.ts";
import { PasswordInput } from "../../ui/field.tsx";
import { FormFailure } from "../../ui/load-error.tsx";
import { CheckIcon } from "../../ui/more-icons.tsx";

export interface PasswordPair {
  password: string;
  confirmPassword: string;
}

type PairErrors = Partial<Record<keyof PasswordPair, string>>;

export const PASSWORD_RULES = [
  { key: "length", met: (p: string) => p.length >= 8 },
  { key: "upper", met: (p: string) => /[A-Z]/.test(p) },
  { key: "lower", met: (p: string) => /[a-z]/.test(p) },
  { key: "number", met: (p: string) => /\d/.test(p) },
] as const;

export const passwordFieldIds = (prefix: string) => ({ password: `${prefix}-password`, confirmPassword: `${prefix}-confirm` }) as const;

export function PasswordRules({ password }: { password: string }) {
  const t = useT(auth);
  return (
    <div className="password-rules">
      <p className="password-rules__title">{t("password.needs")}</p>
      <ul className="password-rules__list list-plain">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.met(password);
          return (
            <li key={rule.key} className={cx("password-rules__item", met && "is-met")}>
              <span className="password-rules__mark" aria-hidden="true">
                {met ? <CheckIcon size={14} /> : null}
              </span>
              {t(`password.rule.${rule.key}`)}
              <span className="sr-only">{met ? t("password.done") : t("password.notYet")}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function NewPasswordFields({
  idPrefix,
  value,
  errors,
  onChange,
  disabled,
  passwordLabel,
  confirmLabel,
}: {
  idPrefix: string;
  value: PasswordPair;
  errors: PairErrors;
  onChange: (next: PasswordPair) => void;
  disabled?: boolean;
  passwordLabel?: string;
  confirmLabel?: string;
}) {
  const t = useT(auth);
  const ids = passwordFieldIds(idPrefix);
  return (
    <>
      {(["password", "confirmPassword"] as const).map((key) => (
        <Fragment key={key}>
          <PasswordInput
            id={ids[key]}
            name={key === "password" ? "new-password" : "confirm-password"}
            label={key === "password" ? (passwordLabel ?? t("password.new")) : (confirmLabel ?? t("password.confirm"))}
            autoComplete="new-password"
            required
            value={value[key]}
            error={errors[key]}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, [key]: e.target.value })}
          />
          {key === "password" ? <PasswordRules password={value.password} /> : null}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The new password of a page that sets one from a link (first login, reset): the pair, its messages and the
 * failure above the form; checked with the shared schema before sending, the server's refusal of the password
 * itself shown beside it.
 */
export function useNewPassword(idPrefix: string) {
  const ids = passwordFieldIds(idPrefix);
  const [value, onChange] = useState<PasswordPair>({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<PairErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  return {
    /** The form's props for `NewPasswordForm`. */
    form: { idPrefix, value, errors, onChange, failure },
    /** A new try: the last failure cleared, and the checked pair to send; null when a message is shown (the first field to fix has the focus). */
    check: () => {
      setFailure(null);
      return checkOrShow(passwordPairForm, value, setErrors, ids);
    },
    fail: setFailure,
    /** The password broke a server-only rule (e.g. a common password): its message beside it and the focus there; false for any other refusal. */
    showRefusal: (error: ApiError): boolean => {
      const passwordError = error.errors?.password?.[0];
      if (!passwordError) return false;
      setErrors({ password: passwordError });
      document.getElementById(ids.password)?.focus();
      return true;
    },
  };
}

/** The form of such a page: the failure above, the new password twice, one large submit button. */
export function NewPasswordForm({
  onSubmit,
  busy,
  submitLabel,
  failure,
  ...fields
}: ReturnType<typeof useNewPassword>["form"] & {
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <FormFailure message={failure} />
      <NewPasswordFields {...fields} />
      <Button type="submit" block size="lg" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
