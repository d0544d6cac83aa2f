/**
 * A new password typed twice, with show/hide on each and a short live checklist of the one password
 * policy (DECISIONS 9). The messages come from the shared `passwordPairForm`; the checklist only helps.
 */

import { Fragment } from "react";
import { cx } from "../../ui/cx.ts";
import { PasswordInput } from "../../ui/field.tsx";
import { CheckIcon } from "../../ui/more-icons.tsx";

export interface PasswordPair {
  password: string;
  confirmPassword: string;
}

export const PASSWORD_RULES = [
  { label: "At least 8 characters", met: (p: string) => p.length >= 8 },
  { label: "An uppercase letter (A–Z)", met: (p: string) => /[A-Z]/.test(p) },
  { label: "A lowercase letter (a–z)", met: (p: string) => /[a-z]/.test(p) },
  { label: "A number (0–9)", met: (p: string) => /\d/.test(p) },
] as const;

export const passwordFieldIds = (prefix: string) => ({ password: `${prefix}-password`, confirmPassword: `${prefix}-confirm` }) as const;

export function PasswordRules({ password }: { password: string }) {
  return (
    <div className="password-rules">
      <p className="password-rules__title">Your new password needs:</p>
      <ul className="password-rules__list">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.met(password);
          return (
            <li key={rule.label} className={cx("password-rules__item", met && "is-met")}>
              <span className="password-rules__mark" aria-hidden="true">
                {met ? <CheckIcon size={14} /> : null}
              </span>
              {rule.label}
              <span className="sr-only">{met ? " (done)" : " (not yet)"}</span>
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
  passwordLabel = "New password",
  confirmLabel = "Confirm new password",
}: {
  idPrefix: string;
  value: PasswordPair;
  errors: Partial<Record<keyof PasswordPair, string>>;
  onChange: (next: PasswordPair) => void;
  disabled?: boolean;
  passwordLabel?: string;
  confirmLabel?: string;
}) {
  const ids = passwordFieldIds(idPrefix);
  return (
    <>
      {(["password", "confirmPassword"] as const).map((key) => (
        <Fragment key={key}>
          <PasswordInput
            id={ids[key]}
            name={key === "password" ? "new-password" : "confirm-password"}
            label={key === "password" ? passwordLabel : confirmLabel}
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
