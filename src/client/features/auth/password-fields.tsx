/**
 * A new password typed twice, with show/hide on each and a short live checklist of the one password
 * policy (DECISIONS 9). The messages come from the shared `passwordPairForm`; the checklist only helps.
 */

import { Fragment } from "react";
import { auth } from "../../../shared/i18n/auth.ts";
import { useT } from "../../lib/i18n.tsx";
import { cx } from "../../ui/cx.ts";
import { PasswordInput } from "../../ui/field.tsx";
import { CheckIcon } from "../../ui/more-icons.tsx";

export interface PasswordPair {
  password: string;
  confirmPassword: string;
}

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
  errors: Partial<Record<keyof PasswordPair, string>>;
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
